import type { MediaItem, MediaKind, mediaFilterQuery } from '@bo/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { chapters, grades, mediaItems, subjects, topics } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { joinCurriculumNames } from '../../lib/curriculum-names.ts';
import { listPage, sortOrder, textSearch } from '../../lib/list.ts';
import { signFileUrl } from '../../lib/storage/signed-url.ts';

/** Long enough to watch a long lecture (ranges keep coming while it plays), short enough to go stale. */
export const PLAY_LINK_TTL_MS = 2 * 60 * 60 * 1000;

const mediaFields = {
  id: mediaItems.id,
  kind: mediaItems.kind,
  title: mediaItems.title,
  folder: mediaItems.folder,
  description: mediaItems.description,
  source: mediaItems.source,
  url: mediaItems.url,
  fileKey: mediaItems.fileKey,
  fileMime: mediaItems.fileMime,
  fileSize: mediaItems.fileSize,
  fileSha256: mediaItems.fileSha256,
  fileName: mediaItems.fileName,
  thumbnailKey: mediaItems.thumbnailKey,
  durationSeconds: mediaItems.durationSeconds,
  language: mediaItems.language,
  gradeId: mediaItems.gradeId,
  gradeName: grades.name,
  subjectId: mediaItems.subjectId,
  subjectName: subjects.name,
  chapterId: mediaItems.chapterId,
  chapterName: chapters.name,
  topicId: mediaItems.topicId,
  topicName: topics.name,
  status: mediaItems.status,
  createdAt: mediaItems.createdAt,
  updatedAt: mediaItems.updatedAt,
};

const selectMedia = (db: Db | Tx) =>
  joinCurriculumNames(db.select(mediaFields).from(mediaItems).$dynamic(), mediaItems);

export type MediaRecord = Awaited<ReturnType<typeof selectMedia>>[number];
type Signer = Pick<Deps, 'config' | 'clock'>;

/** The `/api/media/file` link of one part of an item, signed for its storage key. */
export function fileLink(deps: Signer, id: number, part: 'file' | 'thumbnail', key: string) {
  return `/api/media/file?id=${id}&part=${part}&${signFileUrl(deps, key, PLAY_LINK_TTL_MS)}`;
}

export function toMediaItem(deps: Signer, row: MediaRecord): MediaItem {
  const { fileKey, fileMime, fileSize, fileSha256, fileName, thumbnailKey, ...rest } = row;
  return {
    ...rest,
    file:
      fileKey && fileMime
        ? {
            contentType: fileMime,
            size: fileSize ?? 0,
            sha256: fileSha256 ?? '',
            originalName: fileName ?? '',
          }
        : null,
    playUrl: fileKey ? fileLink(deps, row.id, 'file', fileKey) : (row.url ?? ''),
    thumbnailUrl: thumbnailKey ? fileLink(deps, row.id, 'thumbnail', thumbnailKey) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const SORT = {
  title: mediaItems.title,
  createdAt: mediaItems.createdAt,
  updatedAt: mediaItems.updatedAt,
  durationSeconds: mediaItems.durationSeconds,
} as const;

/** Both list paths of a kind: `listofvideos` is this with no filters set. */
export type MediaQuery = z.infer<typeof mediaFilterQuery>;

export const mediaWhere = (kind: MediaKind, q: Partial<MediaQuery>) =>
  and(
    eq(mediaItems.kind, kind),
    textSearch(q.q, [mediaItems.title, mediaItems.description]),
    q.language ? sql`lower(${mediaItems.language}) = lower(${q.language})` : undefined,
    q.gradeId ? eq(mediaItems.gradeId, q.gradeId) : undefined,
    q.subjectId ? eq(mediaItems.subjectId, q.subjectId) : undefined,
    q.chapterId ? eq(mediaItems.chapterId, q.chapterId) : undefined,
    q.topicId ? eq(mediaItems.topicId, q.topicId) : undefined,
    q.status ? eq(mediaItems.status, q.status) : undefined,
    q.source ? eq(mediaItems.source, q.source) : undefined,
    q.folder !== undefined ? eq(mediaItems.folder, q.folder) : undefined,
  );

/** THE media list: newest first unless a sort is asked for. */
export function listMedia(
  deps: Pick<Deps, 'db' | 'config' | 'clock'>,
  kind: MediaKind,
  q: Pick<MediaQuery, 'page' | 'pageSize' | 'order'> & Partial<MediaQuery>,
) {
  const where = mediaWhere(kind, q);
  return listPage(
    q,
    selectMedia(deps.db).where(where).$dynamic(),
    sortOrder(q, SORT, 'createdAt', mediaItems.id, 'desc'),
    deps.db.select({ n: count() }).from(mediaItems).where(where),
    (row) => toMediaItem(deps, row),
  );
}

export async function findMediaRecord(db: Db | Tx, kind: MediaKind, id: number) {
  const [row] = await selectMedia(db).where(and(eq(mediaItems.id, id), eq(mediaItems.kind, kind)));
  return row;
}

export const lockMediaRow = async (tx: Tx, kind: MediaKind, id: number) =>
  (
    await tx
      .select()
      .from(mediaItems)
      .where(and(eq(mediaItems.id, id), eq(mediaItems.kind, kind)))
      .for('update')
  )[0];
