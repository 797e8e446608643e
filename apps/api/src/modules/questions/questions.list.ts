import type { QUESTION_SORTS, questionListQuery, tagListQuery } from '@bo/contract';
import { and, arrayContains, asc, desc, eq, gt, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { questions, questionTagCounts } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { escapeLike, estimatedCount, listTableByKeys, sortOrder } from '../../lib/list.ts';
import { assessmentQuestionIds } from './questions.assessment-filter.ts';
import { selectQuestionRows, toQuestionRow } from './questions.rows.ts';

/**
 * The question list (listofquestions, fileteredquestion), its tags, and the
 * filters the export shares (questions.matching.ts). docs/questions.md,
 * "Lists and search", says why each part is built the way it is.
 */

type ListQuery = z.infer<typeof questionListQuery>;
/** Search and filters: what the list, the picker and the export agree on. */
export type QuestionFilters = Omit<ListQuery, 'page' | 'pageSize' | 'sort' | 'order'>;
export type QuestionSort = (typeof QUESTION_SORTS)[number];
export type QuestionOrder = Pick<ListQuery, 'sort' | 'order'>;

export const SORT_COLUMNS = {
  updatedAt: questions.updatedAt,
  createdAt: questions.createdAt,
  difficulty: questions.difficulty,
  type: questions.type,
  marks: questions.marks,
} as const;

/** ORDER BY the chosen column then id, both the same way; newest update first by default. */
export const questionOrder = (q: QuestionOrder) =>
  sortOrder({ ...q, page: 1, pageSize: 1 }, SORT_COLUMNS, 'updatedAt', questions.id, 'desc');

/** Letters (with their combining marks: Devanagari vowel signs, viramas) and digits. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The words of a search, folded as search_text is (NFC, lowercase); at most 10. */
export function searchWords(q: string): string[] {
  return [...new Set(q.normalize('NFC').toLowerCase().match(WORD) ?? [])].slice(0, 10);
}

/**
 * Every word of `q` must start a word of the question (stem, options,
 * explanation): "photo synth" finds "photosynthesis in synthetic light".
 * The words are quoted tsquery prefixes over search_vector (the 'simple'
 * parser, no stemming), which keeps Devanagari words whole on PostgreSQL and
 * PGlite alike. A search with no letter or digit matches nothing.
 */
export function questionSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const words = searchWords(q);
  if (!words.length) return sql`false`;
  const tsquery = words.map((w) => `'${w}':*`).join(' & ');
  return sql`${questions.searchVector} @@ to_tsquery('simple', ${tsquery})`;
}

const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(startOfDay(day).getTime() + 86_400_000);

/** The WHERE of the list for its search and filters (dates are whole UTC days, both included). */
export function questionWhere(f: QuestionFilters): SQL | undefined {
  const inAssessment = f.notInAssessment ? assessmentQuestionIds(f.notInAssessment) : null;
  return and(
    questionSearch(f.q),
    f.gradeId ? eq(questions.gradeId, f.gradeId) : undefined,
    f.subjectId ? eq(questions.subjectId, f.subjectId) : undefined,
    f.chapterId ? eq(questions.chapterId, f.chapterId) : undefined,
    f.topicId ? eq(questions.topicId, f.topicId) : undefined,
    f.type ? eq(questions.type, f.type) : undefined,
    f.difficulty ? eq(questions.difficulty, f.difficulty) : undefined,
    f.status ? eq(questions.status, f.status) : undefined,
    f.tag ? arrayContains(questions.tags, [f.tag]) : undefined,
    f.language ? eq(questions.language, f.language) : undefined,
    f.source ? eq(questions.source, f.source) : undefined,
    f.createdBy ? eq(questions.createdBy, f.createdBy) : undefined,
    f.createdFrom ? gte(questions.createdAt, startOfDay(f.createdFrom)) : undefined,
    f.createdTo ? lt(questions.createdAt, dayAfter(f.createdTo)) : undefined,
    inAssessment ? sql`${questions.id} not in (${inAssessment})` : undefined,
  );
}

/** A range that ends before it starts is a mistake worth saying, not an empty list. */
export function assertDateRange(f: Pick<QuestionFilters, 'createdFrom' | 'createdTo'>) {
  if (f.createdFrom && f.createdTo && f.createdFrom > f.createdTo) {
    const message = 'The "created to" date is before the "created from" date';
    throw badRequest(message, [{ path: 'query.createdTo', message }]);
  }
}

/**
 * How long the list's exact count may run (lib/list.ts's default is 40 ms).
 * A search counted through the GIN index builds the bitmap of every question
 * holding each prefix (tens of thousands for a frequent word, 40-200 ms at a
 * million on a busy machine) and a filter alone may visit thousands of table
 * rows: past this the planner's estimate answers, so a list never waits on
 * its count for more than its page takes. Searches within one subject are
 * counted from questions_subject_search_idx alone, a few ms.
 */
const COUNT_BUDGET_MS = 20;

/**
 * A page of the list: the page's ids are picked from an index with the
 * filters (deferred join), then only those rows are read with their
 * curriculum names. The total is exact below `exactBelow` matches, else the
 * planner's estimate (`totalIsEstimate`).
 */
export async function listQuestions(db: Db, q: ListQuery, exactBelow: number) {
  assertDateRange(q);
  const page = await listTableByKeys(db, q, {
    table: questions,
    key: questions.id,
    where: questionWhere(q),
    rows: selectQuestionRows(db).$dynamic(),
    orderBy: questionOrder(q),
    count: (matching) => estimatedCount(db, matching, exactBelow, COUNT_BUDGET_MS),
    map: toQuestionRow,
  });
  return { ...page, totalIsEstimate: page.totalIsEstimate ?? false };
}

/**
 * Tags in use, most used first (then alphabetically), those starting with
 * `q` when given: read from question_tag_counts, which a trigger keeps
 * (migration 0010), so a million questions are never unnested per keystroke.
 */
export function questionTags(db: Db, query: z.infer<typeof tagListQuery>) {
  const prefix = query.q?.trim().toLowerCase();
  return db
    .select({ tag: questionTagCounts.tag, count: questionTagCounts.uses })
    .from(questionTagCounts)
    .where(
      and(
        gt(questionTagCounts.uses, 0),
        prefix ? like(questionTagCounts.tag, `${escapeLike(prefix)}%`) : undefined,
      ),
    )
    .orderBy(desc(questionTagCounts.uses), asc(questionTagCounts.tag))
    .limit(query.limit);
}
