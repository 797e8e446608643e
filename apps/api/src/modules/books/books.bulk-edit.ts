import type { BookBulkSet, bookFilters } from '@bo/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { books } from '../../db/schema/index.ts';
import { levelUndoBlockers } from '../../lib/bulk-edit/curriculum.ts';
import type { BulkEditKindDef } from '../../lib/bulk-edit/kind.ts';
import { bookWhere } from './books.queries.ts';
import { resolveCurriculum } from './books.service.ts';

type Filter = z.infer<typeof bookFilters> & { q?: string | undefined };

/**
 * Books in a bulk edit: grade, subject, status. The single edit's rule for
 * the curriculum holds: a subject brings its grade, and a new grade clears
 * the subject of a book whose grade it changes.
 */
export const bookBulkEdit: BulkEditKindDef<BookBulkSet, Filter> = {
  kind: 'books',
  noun: { one: 'book', many: 'books' },
  table: books,
  id: books.id,
  // The row's transaction id: every write changes it, even two in the same millisecond.
  version: sql`${books}.xmin::text`,
  columns: [books.gradeId, books.subjectId, books.status],
  where: (filter) => bookWhere(filter),
  async prepare(db, set) {
    if (set.gradeId === undefined && set.subjectId === undefined) return set;
    if (set.subjectId === undefined) {
      await resolveCurriculum(db, set.gradeId ?? null, null, 'body.set');
      return set;
    }
    const place = await resolveCurriculum(db, set.gradeId ?? null, set.subjectId, 'body.set');
    // A subject cleared alone leaves each book's grade as it is.
    return set.subjectId === null && set.gradeId === undefined ? set : { ...set, ...place };
  },
  assignments(set) {
    const values: Record<string, SQL> = {};
    if (set.gradeId !== undefined) values.grade_id = sql`${set.gradeId}::bigint`;
    if (set.subjectId !== undefined) values.subject_id = sql`${set.subjectId}::bigint`;
    else if (set.gradeId !== undefined)
      values.subject_id = sql`case when ${books.gradeId} is not distinct from ${set.gradeId}::bigint then ${books.subjectId} end`;
    if (set.status !== undefined) values.status = sql`${set.status}::text`;
    return values;
  },
  refusals: async () => [],
  stamp: (by, now) => ({
    updated_at: sql`${now.toISOString()}::timestamptz`,
    updated_by: sql`${by}::bigint`,
  }),
  undoBlockers: levelUndoBlockers({ gradeId: books.gradeId, subjectId: books.subjectId }),
  audit: { entity: 'book', edited: 'book_bulk_edited', undone: 'book_bulk_undone' },
  describe: (set) =>
    set.status !== undefined && set.gradeId === undefined && set.subjectId === undefined
      ? `set to ${set.status}`
      : set.status === undefined
        ? 're-filed'
        : 'edited',
};
