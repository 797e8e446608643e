import type {
  addMediaBody,
  editMediaBody,
  MediaItem,
  MediaKind,
  PrintedCodesChoice,
} from '@bo/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { chapters, grades, mediaItems, subjects, topics } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { settlePrintedCodes } from '../../lib/printed-codes.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { sentFields } from '../../lib/sent-fields.ts';
import { mediaUsedBy } from '../../lib/usage-table.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { checkStored, readStoredDuration, storedContent } from './media.files.ts';
import { findMediaRecord, lockMediaRow, toMediaItem } from './media.queries.ts';

/**
 * Rules of the media library: tags are consistent (a topic brings its
 * chapter, subject and grade; a given parent must match), an uploaded file
 * is of the item's kind and belongs to one item, the duration of an upload
 * is read from the file. Every write runs in one transaction with its audit
 * row; stored files are removed only after the row's removal committed.
 */

type Tags = {
  gradeId: number | null;
  subjectId: number | null;
  chapterId: number | null;
  topicId: number | null;
};

const invalid = (path: string, message: string) =>
  badRequest(message, [{ path: `body.${path}`, message }]);

/** The deepest tag given decides its ancestors; ancestors given must agree. */
async function resolveTags(tx: Tx, given: Tags): Promise<Tags> {
  const out = { ...given };
  if (out.topicId !== null) {
    const [t] = await tx
      .select({ chapterId: topics.chapterId })
      .from(topics)
      .where(eq(topics.id, out.topicId));
    if (!t) throw invalid('topicId', 'No such topic');
    if (out.chapterId !== null && out.chapterId !== t.chapterId)
      throw invalid('topicId', 'The topic does not belong to the chosen chapter');
    out.chapterId = t.chapterId;
  }
  if (out.chapterId !== null) {
    const [c] = await tx
      .select({ subjectId: chapters.subjectId })
      .from(chapters)
      .where(eq(chapters.id, out.chapterId));
    if (!c) throw invalid('chapterId', 'No such chapter');
    if (out.subjectId !== null && out.subjectId !== c.subjectId)
      throw invalid('chapterId', 'The chapter does not belong to the chosen subject');
    out.subjectId = c.subjectId;
  }
  if (out.subjectId !== null) {
    const [s] = await tx
      .select({ gradeId: subjects.gradeId })
      .from(subjects)
      .where(eq(subjects.id, out.subjectId));
    if (!s) throw invalid('subjectId', 'No such subject');
    if (out.gradeId !== null && out.gradeId !== s.gradeId)
      throw invalid('subjectId', 'The subject does not belong to the chosen grade');
    out.gradeId = s.gradeId;
  }
  if (out.gradeId !== null) {
    const [g] = await tx.select({ id: grades.id }).from(grades).where(eq(grades.id, out.gradeId));
    if (!g) throw invalid('gradeId', 'No such grade');
  }
  return out;
}

function fileTakenAsConflict(err: unknown): never {
  if (isUniqueViolation(err)) {
    throw conflict('This file already belongs to another media item', [
      { path: 'body.fileKey', message: 'Already used by another item' },
    ]);
  }
  throw err;
}

const tagsOf = (input: Partial<Tags>, fallback: Tags): Tags => ({
  gradeId: input.gradeId !== undefined ? input.gradeId : fallback.gradeId,
  subjectId: input.subjectId !== undefined ? input.subjectId : fallback.subjectId,
  chapterId: input.chapterId !== undefined ? input.chapterId : fallback.chapterId,
  topicId: input.topicId !== undefined ? input.topicId : fallback.topicId,
});
const NO_TAGS: Tags = { gradeId: null, subjectId: null, chapterId: null, topicId: null };

export async function addMedia(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  kind: MediaKind,
  input: z.infer<typeof addMediaBody>,
): Promise<MediaItem> {
  // Files are checked (and their duration read) before the transaction: no row lock waits on I/O.
  const file =
    input.source === 'upload' ? await checkStored(deps, input.fileKey, kind, 'fileKey') : null;
  if (input.thumbnailKey) await checkStored(deps, input.thumbnailKey, 'image', 'thumbnailKey');
  const duration =
    input.source === 'upload'
      ? await readStoredDuration(deps.storage, file!)
      : (input.durationSeconds ?? null);
  return deps.db
    .transaction(async (tx) => {
      const tags = await resolveTags(tx, tagsOf(input, NO_TAGS));
      const [row] = await tx
        .insert(mediaItems)
        .values({
          kind,
          title: input.title,
          folder: input.folder,
          description: input.description ?? null,
          source: input.source,
          url: input.source === 'url' ? input.url : null,
          ...(file
            ? storedContent(file, kind, input.source === 'upload' ? input.fileName : undefined)
            : { fileKey: null, fileMime: null, fileSize: null, fileSha256: null, fileName: null }),
          thumbnailKey: input.thumbnailKey ?? null,
          durationSeconds: duration,
          language: input.language,
          ...tags,
          status: input.status,
          createdBy: actor.id,
          updatedBy: actor.id,
        })
        .returning({ id: mediaItems.id });
      const item = toMediaItem(deps, (await findMediaRecord(tx, kind, row!.id))!);
      await recordAudit(tx, ctx, {
        action: `${kind}_added`,
        entity: kind,
        entityId: item.id,
        after: auditView(item),
      });
      return item;
    })
    .catch(fileTakenAsConflict);
}

export async function editMedia(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  kind: MediaKind,
  input: z.infer<typeof editMediaBody>,
): Promise<MediaItem> {
  if (input.thumbnailKey) await checkStored(deps, input.thumbnailKey, 'image', 'thumbnailKey');
  // New content for an upload: checked, and its duration read, before the row is locked.
  const content = input.fileKey ? await checkStored(deps, input.fileKey, kind, 'fileKey') : null;
  const duration = content ? await readStoredDuration(deps.storage, content) : null;
  let replacedThumbnail: string | null = null;
  let replacedFile: string | null = null;
  const item = await deps.db
    .transaction(async (tx) => {
      const row = await lockMediaRow(tx, kind, input.id);
      if (!row) throw notFound(kind === 'video' ? 'Video' : 'Audio');
      if (content && row.source !== 'upload')
        throw invalid('fileKey', 'A URL item has no file to replace: change its URL instead');
      if (
        row.source === 'upload' &&
        (input.url !== undefined || input.durationSeconds !== undefined)
      ) {
        const path = input.url !== undefined ? 'url' : 'durationSeconds';
        throw invalid(
          path,
          'Only URL items take a URL or a typed duration; an upload keeps its file',
        );
      }
      const before = toMediaItem(deps, (await findMediaRecord(tx, kind, row.id))!);
      const tags = await resolveTags(tx, tagsOf(input, row));
      if (input.thumbnailKey !== undefined && input.thumbnailKey !== row.thumbnailKey) {
        replacedThumbnail = row.thumbnailKey;
      }
      if (content && content.key !== row.fileKey) replacedFile = row.fileKey;
      await tx
        .update(mediaItems)
        .set({
          ...sentFields(input, [
            'title',
            'folder',
            'description',
            'language',
            'status',
            'thumbnailKey',
            'url',
            'durationSeconds',
          ]),
          ...tags,
          // The same id, so every node, QR code and quiz that uses the item plays the new file.
          ...(content
            ? {
                ...storedContent(content, kind, input.fileName ?? row.fileName ?? undefined),
                durationSeconds: duration,
              }
            : {}),
          updatedAt: deps.clock(),
          updatedBy: actor.id,
        })
        .where(eq(mediaItems.id, row.id));
      const after = toMediaItem(deps, (await findMediaRecord(tx, kind, row.id))!);
      await recordAudit(tx, ctx, {
        action: `${kind}_edited`,
        entity: kind,
        entityId: row.id,
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    })
    .catch(fileTakenAsConflict);
  // The files replaced go once the row that named them has committed.
  for (const key of [replacedThumbnail, replacedFile])
    if (key) await deps.storage.delete(key).catch(() => undefined);
  return item;
}

/** Refused (409) while something uses it; its printed codes go where the request says. */
export async function deleteMedia(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  kind: MediaKind,
  input: { id: number } & PrintedCodesChoice,
) {
  const id = input.id;
  const removed = await deps.db.transaction(async (tx) => {
    const row = await lockMediaRow(tx, kind, id);
    if (!row) throw notFound(kind === 'video' ? 'Video' : 'Audio');
    const used = await mediaUsedBy(tx, kind, id);
    if (used) throw conflict(used);
    const codes = await settlePrintedCodes(tx, ctx, {
      targets: { videoIds: [id] },
      choice: input,
      offer: ['video', 'book'],
      from: 'body',
      now: deps.clock(),
      actorId: actor.id,
    });
    const before = toMediaItem(deps, (await findMediaRecord(tx, kind, id))!);
    await tx.delete(mediaItems).where(eq(mediaItems.id, id));
    await recordAudit(tx, ctx, {
      action: `${kind}_deleted`,
      entity: kind,
      entityId: id,
      before: auditView(before),
      ...(codes.qrCodes ? { after: { qrCodes: codes.qrCodes, qrCodesTo: codes.to } } : {}),
    });
    return row;
  });
  // After the commit: a failed delete leaves an orphan file, never a row without its file.
  for (const key of [removed.fileKey, removed.thumbnailKey]) {
    if (key) await deps.storage.delete(key).catch(() => undefined);
  }
}

/** Audit rows keep the item without its signed links (they expire and are bearer-like). */
function auditView(item: MediaItem) {
  const { playUrl: _p, thumbnailUrl: _t, ...rest } = item;
  return rest;
}
