import type { addPromoVideoBody, editPromoVideoBody, PromoVideo } from '@bo/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { grades, promoVideoGrades, promoVideos } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { changeStatus } from '../../lib/bulk-status.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { applyOrder } from '../../lib/reorder.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { lockMediaRow } from '../media/index.ts';
import { findPromoVideo } from './promo-videos.queries.ts';

/**
 * Rules of promo videos: a promo shows a video of the library (a video, not
 * an audio); grades are curriculum grades (none: every grade); a new promo
 * goes last. Writes that touch the order take the shelf's lock, so two adds
 * never get one position and a reorder never misses a promo added meanwhile.
 */

const SHELF_LOCK = 7_310_017;
const lockShelf = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(${SHELF_LOCK})`);

async function checkVideo(tx: Tx, videoId: number) {
  if (!(await lockMediaRow(tx, 'video', videoId))) {
    const message = `Video ${videoId} is not in the media library`;
    throw badRequest(message, [{ path: 'body.videoId', message }]);
  }
}

async function setGrades(tx: Tx, promoId: number, gradeIds: number[]) {
  const wanted = [...new Set(gradeIds)];
  if (wanted.length) {
    const found = await tx.select({ id: grades.id }).from(grades).where(inArray(grades.id, wanted));
    const missing = wanted.filter((id) => !found.some((g) => g.id === id));
    if (missing.length) {
      const message = `Grade ${missing.join(', ')} does not exist`;
      throw badRequest(message, [{ path: 'body.gradeIds', message }]);
    }
  }
  await tx.delete(promoVideoGrades).where(eq(promoVideoGrades.promoVideoId, promoId));
  if (wanted.length)
    await tx
      .insert(promoVideoGrades)
      .values(wanted.map((gradeId) => ({ promoVideoId: promoId, gradeId })));
}

export async function addPromoVideo(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: z.infer<typeof addPromoVideoBody>,
): Promise<PromoVideo> {
  const id = await deps.db.transaction(async (tx) => {
    await lockShelf(tx);
    await checkVideo(tx, input.videoId);
    const [last] = await tx
      .select({ next: sql<number>`coalesce(max(${promoVideos.position}) + 1, 0)::int` })
      .from(promoVideos);
    const [row] = await tx
      .insert(promoVideos)
      .values({
        videoId: input.videoId,
        title: input.title,
        description: input.description ?? null,
        position: last?.next ?? 0,
        status: input.status,
        createdBy: actor.id,
        updatedBy: actor.id,
      })
      .returning({ id: promoVideos.id });
    await setGrades(tx, row!.id, input.gradeIds);
    await recordAudit(tx, ctx, {
      action: 'promo_video_added',
      entity: 'promo_video',
      entityId: row!.id,
      after: input,
    });
    return row!.id;
  });
  return (await findPromoVideo(deps, id))!;
}

export async function editPromoVideo(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: z.infer<typeof editPromoVideoBody>,
): Promise<PromoVideo> {
  await deps.db.transaction(async (tx) => {
    const [was] = await tx
      .select()
      .from(promoVideos)
      .where(eq(promoVideos.id, input.id))
      .for('update');
    if (!was) throw notFound('Promo video');
    if (input.videoId !== undefined) await checkVideo(tx, input.videoId);
    const { id, gradeIds, ...change } = input;
    await tx
      .update(promoVideos)
      .set({ ...change, updatedAt: deps.clock(), updatedBy: actor.id })
      .where(eq(promoVideos.id, id));
    const before = (await findPromoVideo({ ...deps, db: tx }, id))!;
    if (gradeIds !== undefined) await setGrades(tx, id, gradeIds);
    await recordAudit(tx, ctx, {
      action: 'promo_video_edited',
      entity: 'promo_video',
      entityId: id,
      before: {
        videoId: was.videoId,
        title: was.title,
        description: was.description,
        gradeIds: before.grades.map((g) => g.id),
      },
      after: input,
    });
  });
  return (await findPromoVideo(deps, input.id))!;
}

export function deletePromoVideo(deps: Deps, ctx: RequestContext, id: number) {
  return deps.db.transaction(async (tx) => {
    await lockShelf(tx);
    const [row] = await tx.delete(promoVideos).where(eq(promoVideos.id, id)).returning();
    if (!row) throw notFound('Promo video');
    await recordAudit(tx, ctx, {
      action: 'promo_video_deleted',
      entity: 'promo_video',
      entityId: id,
      before: { videoId: row.videoId, title: row.title, position: row.position },
    });
    return { ok: true as const };
  });
}

export function setPromoStatus(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: { ids: number[]; status: 'active' | 'inactive' },
) {
  return deps.db.transaction(async (tx) => {
    const changed = await changeStatus(tx, ctx, {
      table: promoVideos,
      id: promoVideos.id,
      status: promoVideos.status,
      ids: [...new Set(input.ids)],
      to: input.status,
      noun: 'Promo video',
      unchanged: 'skip',
      stamp: { updatedAt: deps.clock(), updatedBy: actor.id },
      audit: { action: 'promo_video_status_changed', entity: 'promo_video' },
    });
    return { changed };
  });
}

export function reorderPromoVideos(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  ids: number[],
) {
  return deps.db.transaction(async (tx) => {
    await lockShelf(tx);
    const rows = await tx
      .select({ id: promoVideos.id, position: promoVideos.position })
      .from(promoVideos)
      .orderBy(promoVideos.position, promoVideos.id);
    await applyOrder(tx, {
      table: promoVideos,
      id: promoVideos.id,
      current: rows.map((r) => r.id),
      ids,
      base: 0,
      changed: 'The promo videos have changed',
      field: 'body.ids',
      noun: 'promo video',
      stamp: { updatedAt: deps.clock(), updatedBy: actor.id },
      positions: new Map(rows.map((r) => [r.id, r.position])),
    });
    await recordAudit(tx, ctx, {
      action: 'promo_videos_reordered',
      entity: 'promo_video',
      entityId: null,
      before: { ids: rows.map((r) => r.id) },
      after: { ids },
    });
    return { ok: true as const };
  });
}
