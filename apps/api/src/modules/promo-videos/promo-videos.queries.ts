import type { PromoVideo, promoVideosQuery } from '@bo/contract';
import { and, count, eq, exists, notExists, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { grades, mediaItems, promoVideoGrades, promoVideos } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { listPage, sortOrder, textSearch } from '../../lib/list.ts';
import { fileLink } from '../media/index.ts';

type Signer = Pick<Deps, 'config' | 'clock'>;

/**
 * The outer promo's id, written out: drizzle leaves a column unqualified in a
 * select's fields, where "id" inside a subquery would be the subquery's own.
 */
const OUTER_PROMO_ID = sql.raw('"promo_videos"."id"');

/** A promo video's grades in curriculum order, as one json value. */
const gradesOf = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', ${grades.id}, 'name', ${grades.name}) order by ${grades.position})
  from ${promoVideoGrades} join ${grades} on ${grades.id} = ${promoVideoGrades.gradeId}
  where ${promoVideoGrades.promoVideoId} = ${OUTER_PROMO_ID}), '[]'::json)`;

const fields = {
  id: promoVideos.id,
  videoId: promoVideos.videoId,
  videoTitle: mediaItems.title,
  title: promoVideos.title,
  description: promoVideos.description,
  grades: gradesOf,
  position: promoVideos.position,
  status: promoVideos.status,
  fileKey: mediaItems.fileKey,
  url: mediaItems.url,
  thumbnailKey: mediaItems.thumbnailKey,
  durationSeconds: mediaItems.durationSeconds,
  createdAt: promoVideos.createdAt,
  updatedAt: promoVideos.updatedAt,
};

const selectPromos = (db: Db | Tx) =>
  db.select(fields).from(promoVideos).innerJoin(mediaItems, eq(mediaItems.id, promoVideos.videoId));

type Row = Awaited<ReturnType<typeof selectPromos>>[number];

/** Players load a signed `/api/media/file` link (as the media library serves it) or the external URL. */
export function toPromoVideo(deps: Signer, row: Row): PromoVideo {
  const { fileKey, url, thumbnailKey, ...rest } = row;
  return {
    ...rest,
    playUrl: fileKey ? fileLink(deps, row.videoId, 'file', fileKey) : (url ?? ''),
    thumbnailUrl: thumbnailKey ? fileLink(deps, row.videoId, 'thumbnail', thumbnailKey) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const forGrade = (gradeId: number) =>
  exists(
    sql`(select 1 from ${promoVideoGrades} where ${promoVideoGrades.promoVideoId} = ${OUTER_PROMO_ID} and ${promoVideoGrades.gradeId} = ${gradeId})`,
  );
/** For every grade: no grade chosen. */
const forAllGrades = notExists(
  sql`(select 1 from ${promoVideoGrades} where ${promoVideoGrades.promoVideoId} = ${OUTER_PROMO_ID})`,
);

const SORT = {
  position: promoVideos.position,
  title: promoVideos.title,
  createdAt: promoVideos.createdAt,
} as const;

function page(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  q: Parameters<typeof sortOrder>[0],
  where: SQL | undefined,
) {
  return listPage(
    q,
    selectPromos(deps.db).where(where).$dynamic(),
    sortOrder(q, SORT, 'position', promoVideos.id),
    deps.db
      .select({ n: count() })
      .from(promoVideos)
      .innerJoin(mediaItems, eq(mediaItems.id, promoVideos.videoId))
      .where(where),
    (row) => toPromoVideo(deps, row),
  );
}

export function listPromoVideos(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  q: z.infer<typeof promoVideosQuery>,
) {
  return page(
    deps,
    q,
    and(
      textSearch(q.q, [promoVideos.title, promoVideos.description]),
      q.gradeId ? forGrade(q.gradeId) : undefined,
      q.status ? eq(promoVideos.status, q.status) : undefined,
    ),
  );
}

/** The learner app's shelf: active promos of active library videos, in order. */
export async function appPromoVideos(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  q: { gradeId?: number | undefined; page: number; pageSize: number },
) {
  const list = await page(
    deps,
    { ...q, order: 'asc' },
    and(
      eq(promoVideos.status, 'active'),
      eq(mediaItems.status, 'active'),
      q.gradeId ? sql`(${forGrade(q.gradeId)} or ${forAllGrades})` : undefined,
    ),
  );
  return {
    ...list,
    items: list.items.map((p) => ({
      id: p.id,
      title: p.title,
      description: p.description,
      position: p.position,
      playUrl: p.playUrl,
      thumbnailUrl: p.thumbnailUrl,
      durationSeconds: p.durationSeconds,
      gradeIds: p.grades.map((g) => g.id),
    })),
  };
}

export async function findPromoVideo(
  deps: Pick<Deps, 'config' | 'clock'> & { db: Db | Tx },
  id: number,
) {
  const [row] = await selectPromos(deps.db).where(eq(promoVideos.id, id));
  return row ? toPromoVideo(deps, row) : undefined;
}
