import type { MediaBulkSet, MediaKind } from '@bo/contract';
import { type SQL, sql } from 'drizzle-orm';
import { mediaItems } from '../../db/schema/index.ts';
import {
  levelAssignments,
  levelUndoBlockers,
  withLevelsAbove,
} from '../../lib/bulk-edit/curriculum.ts';
import type { BulkEditKindDef } from '../../lib/bulk-edit/kind.ts';
import { checkCurriculum } from '../questions/index.ts';
import { type MediaQuery, mediaWhere } from './media.queries.ts';

type Filter = Partial<MediaQuery> & { kind: MediaKind };

const LEVEL_COLUMNS = {
  gradeId: mediaItems.gradeId,
  subjectId: mediaItems.subjectId,
  chapterId: mediaItems.chapterId,
  topicId: mediaItems.topicId,
};

/**
 * Videos and audios in a bulk edit: curriculum tags (the question bank's
 * rule: a level brings those above it, and those below are cleared where it
 * changes) and the folder. A bulk edit may hold both kinds when picked by
 * id; each row is audited as what it is (video or audio).
 */
export const mediaBulkEdit: BulkEditKindDef<MediaBulkSet, Filter> = {
  kind: 'media',
  noun: { one: 'media item', many: 'media items' },
  table: mediaItems,
  id: mediaItems.id,
  // The row's transaction id: every write changes it.
  version: sql`${mediaItems}.xmin::text`,
  columns: [
    mediaItems.gradeId,
    mediaItems.subjectId,
    mediaItems.chapterId,
    mediaItems.topicId,
    mediaItems.folder,
  ],
  where: (filter) => mediaWhere(filter.kind, filter),
  prepare: (db, set) => withLevelsAbove(db, set, checkCurriculum),
  assignments(set) {
    const values: Record<string, SQL> = levelAssignments(set, LEVEL_COLUMNS);
    if (set.folder !== undefined) values.folder = sql`${set.folder}::text`;
    return values;
  },
  refusals: async () => [],
  stamp: (by, now) => ({
    updated_at: sql`${now.toISOString()}::timestamptz`,
    updated_by: sql`${by}::bigint`,
  }),
  undoBlockers: levelUndoBlockers(LEVEL_COLUMNS),
  audit: {
    entity: sql`${mediaItems.kind}`,
    edited: sql`${mediaItems.kind} || '_bulk_edited'`,
    undone: sql`${mediaItems.kind} || '_bulk_undone'`,
  },
  describe: (set) =>
    set.folder !== undefined && Object.keys(set).length === 1
      ? `moved to ${set.folder === '' ? 'the top folder' : `"${set.folder}"`}`
      : set.folder === undefined
        ? 're-filed'
        : 'edited',
};
