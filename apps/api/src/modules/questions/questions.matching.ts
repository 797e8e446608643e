import type { Question } from '@bo/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { questions } from '../../db/schema/index.ts';
import {
  assertDateRange,
  type QuestionFilters,
  type QuestionOrder,
  type QuestionSort,
  questionOrder,
  questionWhere,
  SORT_COLUMNS,
} from './questions.list.ts';
import { findQuestions } from './questions.queries.ts';

/** The SQL type of each sort column, to compare a batch's last key read back as text. */
const SORT_TYPES: Record<QuestionSort, SQL> = {
  updatedAt: sql.raw('timestamptz'),
  createdAt: sql.raw('timestamptz'),
  difficulty: sql.raw('text'),
  type: sql.raw('text'),
  marks: sql.raw('numeric'),
};

/**
 * Every question the list would show for `filters` (same search, filters
 * and order, `sort`/`order` included), as whole questions (`Question`, with
 * key, explanation and names), in batches of `batchSize`: what the export
 * writes. Memory stays one batch whatever the count.
 *
 * Batches follow each other by keyset, not offset: each starts after the
 * last (sort value, id) of the one before, so batch 1,000 costs what batch 1
 * does. The sort value is carried as the database's own text (a timestamp's
 * microseconds survive, which a JavaScript Date would cut). Each batch is
 * its own query: a question edited while an export runs may move past the
 * cursor and be left out or written twice; an export is a snapshot of
 * "about now", not a transaction.
 *
 * ```ts
 * for await (const batch of questionsMatching(db, query, 500)) sheet.addRows(batch.map(toCells));
 * ```
 */
export async function* questionsMatching(
  db: Db,
  filters: QuestionFilters & QuestionOrder,
  batchSize = 500,
): AsyncGenerator<Question[]> {
  assertDateRange(filters);
  const sort = filters.sort ?? 'updatedAt';
  const column = SORT_COLUMNS[sort];
  const descending = (filters.sort ? filters.order : 'desc') === 'desc';
  const where = questionWhere(filters);
  const orderBy = questionOrder(filters);
  let after: { key: string; id: number } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? descending
        ? sql`(${column}, ${questions.id}) < (${after.key}::${SORT_TYPES[sort]}, ${after.id})`
        : sql`(${column}, ${questions.id}) > (${after.key}::${SORT_TYPES[sort]}, ${after.id})`
      : undefined;
    const keys: { id: number; key: string }[] = await db
      .select({ id: questions.id, key: sql<string>`${column}::text` })
      .from(questions)
      .where(and(where, cursor))
      .orderBy(...orderBy)
      .limit(batchSize);
    if (keys.length === 0) return;
    yield await findQuestions(
      db,
      keys.map((k) => k.id),
    );
    if (keys.length < batchSize) return;
    const last = keys.at(-1)!;
    after = { key: last.key, id: last.id };
  }
}
