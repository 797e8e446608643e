import type { MediaKind, moveMediaFolderBody } from '@bo/contract';
import { and, count, eq, like, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { mediaItems } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';

/**
 * The library's folders. A folder is a path that items name (contract,
 * media.ts): the list is the paths items hold, grouped (one index scan of
 * kind + folder), and the screen draws their parents from the paths.
 */
export async function listFolders(deps: Deps, kind: MediaKind) {
  const rows = await deps.db
    .select({ path: mediaItems.folder, items: count() })
    .from(mediaItems)
    .where(eq(mediaItems.kind, kind))
    .groupBy(mediaItems.folder)
    .orderBy(mediaItems.folder);
  return { items: rows.filter((r) => r.path !== '') };
}

/** `like` matches `%` and `_` as wildcards: a folder's own are escaped. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Renames or moves a folder with everything in it, subfolders included, in
 * one statement (so the library never shows it half moved), with one audit
 * row. Moving into a folder that exists merges them, as a file manager does.
 */
export async function moveFolder(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  body: z.infer<typeof moveMediaFolderBody>,
) {
  const { kind, from, to } = body;
  return deps.db.transaction(async (tx) => {
    const inside = or(
      eq(mediaItems.folder, from),
      like(mediaItems.folder, `${escapeLike(from)}/%`),
    );
    const moved = await tx
      .update(mediaItems)
      .set({
        // The path's head is swapped: "A/B/C" moved from "A/B" to "X" is "X/C".
        folder: sql`${to}::text || case when ${to}::text = '' then ltrim(substr(${mediaItems.folder}, ${from.length + 1}), '/') else substr(${mediaItems.folder}, ${from.length + 1}) end`,
        updatedAt: deps.clock(),
        updatedBy: actor.id,
      })
      .where(and(eq(mediaItems.kind, kind), inside))
      .returning({ id: mediaItems.id });
    await recordAudit(tx, ctx, {
      action: 'media_folder_moved',
      entity: 'media_folder',
      entityId: from,
      before: { kind, folder: from },
      after: { kind, folder: to, items: moved.length },
    });
    return { moved: moved.length };
  });
}
