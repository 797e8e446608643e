import {
  ASSESSMENT_KIND_LABELS,
  type Assessment,
  type AssessmentDetail,
  type AssessmentKind,
  type AssessmentSection,
  type assessmentListQuery,
} from '@bo/contract';
import { and, asc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import {
  assessmentItems,
  assessmentSections,
  assessments,
  questions,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { escapeLike, listPage, sortOrder } from '../../lib/list.ts';
import { questionColumns } from '../questions/index.ts';

/**
 * The engine's reads. Totals are summed from the active items on every read
 * (one aggregate over the assessment's items, on their index), so nothing
 * typed by hand can disagree with the items.
 */

// Written out in SQL: in a one-table select Drizzle leaves column names
// unqualified, and an inner `"id"` would then be the item's, not the header's.
const activeQuestion = sql.raw(`ai.kind = 'question' and ai.active`);

const totalsOf = sql<unknown>`(
  select json_build_object(
    'questions', count(*) filter (where ${activeQuestion}),
    'marks', coalesce(sum(ai.marks) filter (where ${activeQuestion}), 0)
  ) from assessment_items ai where ai.assessment_id = "assessments"."id")`;

const sectionMinutes = sql<number | null>`(
  select sum(s.time_limit_minutes)::int from assessment_sections s
  where s.assessment_id = "assessments"."id")`;

const headerFields = {
  row: assessments,
  totals: totalsOf,
  sectionMinutes,
};

type HeaderRow = { row: typeof assessments.$inferSelect; totals: unknown; sectionMinutes: unknown };

export function toAssessment({ row, totals, sectionMinutes }: HeaderRow): Assessment {
  const t = (typeof totals === 'string' ? JSON.parse(totals) : totals) as {
    questions: number | string;
    marks: number | string;
  };
  const minutes = sectionMinutes == null ? null : Number(sectionMinutes);
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    status: row.status,
    bookId: row.bookId,
    tocNodeId: row.tocNodeId,
    testCategoryId: row.testCategoryId,
    gradeId: row.gradeId,
    subjectId: row.subjectId,
    videoId: row.videoId,
    durationMinutes: row.durationMinutes,
    defaultMarks: row.defaultMarks,
    defaultNegativeMarks: row.defaultNegativeMarks,
    unansweredMarks: row.unansweredMarks,
    partialCredit: row.partialCredit,
    instructions: row.instructions,
    attemptsAllowed: row.attemptsAllowed,
    shuffleQuestions: row.shuffleQuestions,
    shuffleOptions: row.shuffleOptions,
    availableFrom: row.availableFrom?.toISOString() ?? null,
    availableTo: row.availableTo?.toISOString() ?? null,
    cutoffPercent: row.cutoffPercent,
    gradeBands: row.gradeBands,
    showAnswers: row.showAnswers,
    clonedFromId: row.clonedFromId,
    totals: {
      questions: Number(t.questions),
      marks: Number(t.marks),
      minutes: row.durationMinutes ?? minutes,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** "Practice not found": the kind's own word, so a mock test's id on a practice path is a 404. */
export const kindNotFound = (kind: AssessmentKind) => notFound(ASSESSMENT_KIND_LABELS[kind]);

export async function findAssessment(db: Db | Tx, kind: AssessmentKind, id: number) {
  const [row] = await db
    .select(headerFields)
    .from(assessments)
    .where(and(eq(assessments.id, id), eq(assessments.kind, kind)));
  if (!row) throw kindNotFound(kind);
  return toAssessment(row);
}

/** Locks the header row for a write: every change to an assessment's items goes through it. */
export async function lockAssessment(tx: Tx, kind: AssessmentKind, id: number) {
  const [row] = await tx
    .select()
    .from(assessments)
    .where(and(eq(assessments.id, id), eq(assessments.kind, kind)))
    .for('update');
  if (!row) throw kindNotFound(kind);
  return row;
}

/** What the builder and the preview show of an item's question: the bank's own columns. */
const ITEM_QUESTION_FIELDS = [
  'id',
  'type',
  'stem',
  'options',
  'blanks',
  'numeric',
  'matching',
  'ordering',
  'cloze',
  'modelAnswer',
  'explanation',
  'difficulty',
  'marks',
  'negativeMarks',
  'status',
] as const;
const itemQuestion = Object.fromEntries(
  ITEM_QUESTION_FIELDS.map((k) => [k, questionColumns[k]]),
) as Pick<typeof questionColumns, (typeof ITEM_QUESTION_FIELDS)[number]>;

export const toSeconds = (tenths: number | null) => (tenths == null ? null : tenths / 10);

/**
 * The builder's order of items (joined with their sections): items outside
 * any section first, then each section's; a video quiz's by their moments
 * (null for the other kinds); then by position.
 */
export const ITEM_ORDER = [
  sql`${assessmentSections.position} asc nulls first`,
  sql`${assessmentItems.atTenths} asc nulls last`,
  asc(assessmentItems.position),
  asc(assessmentItems.id),
];

/** The items of an assessment in order, each with its bank question (null for an instruction). */
export async function readItems(db: Db | Tx, assessmentId: number) {
  const rows = await db
    .select({ item: assessmentItems, question: itemQuestion })
    .from(assessmentItems)
    .leftJoin(questions, eq(questions.id, assessmentItems.questionId))
    .leftJoin(assessmentSections, eq(assessmentSections.id, assessmentItems.sectionId))
    .where(eq(assessmentItems.assessmentId, assessmentId))
    .orderBy(...ITEM_ORDER);
  return rows.map(({ item, question }) => toItem(item, question));
}

export function toItem(
  item: typeof assessmentItems.$inferSelect,
  question: AssessmentDetail['items'][number]['question'] = null,
): AssessmentDetail['items'][number] {
  return {
    id: item.id,
    kind: item.kind,
    sectionId: item.sectionId,
    position: item.position,
    questionId: item.questionId,
    instruction: item.instruction,
    marks: item.marks,
    negativeMarks: item.negativeMarks,
    active: item.active,
    atSeconds: toSeconds(item.atTenths),
    question: question?.id ? question : null,
  };
}

/**
 * The whole assessment. Its totals are summed here from the items it has
 * just read (the same rule as the header's SQL aggregate, which lists use:
 * active question items, their marks; the duration or the sections' times),
 * saving that aggregate's scan on the builder's hottest read.
 */
export async function readDetail(
  db: Db | Tx,
  kind: AssessmentKind,
  id: number,
): Promise<AssessmentDetail> {
  const [row] = await db
    .select()
    .from(assessments)
    .where(and(eq(assessments.id, id), eq(assessments.kind, kind)));
  if (!row) throw kindNotFound(kind);
  const [sections, items] = await Promise.all([
    db
      .select()
      .from(assessmentSections)
      .where(eq(assessmentSections.assessmentId, id))
      .orderBy(asc(assessmentSections.position), asc(assessmentSections.id)),
    readItems(db, id),
  ]);
  const counted = items.filter((i) => i.kind === 'question' && i.active);
  const sectionMinutes = sections.some((s) => s.timeLimitMinutes != null)
    ? sections.reduce((n, s) => n + (s.timeLimitMinutes ?? 0), 0)
    : null;
  const header = toAssessment({
    row,
    totals: {
      questions: counted.length,
      marks: counted.reduce((n, i) => n + (i.marks ?? 0), 0),
    },
    sectionMinutes,
  });
  return { ...header, sections: sections.map(toSection), items };
}

export const toSection = (s: typeof assessmentSections.$inferSelect): AssessmentSection => ({
  id: s.id,
  name: s.name,
  position: s.position,
  instructions: s.instructions,
  timeLimitMinutes: s.timeLimitMinutes,
  tocNodeId: s.tocNodeId,
  chapterId: s.chapterId,
  rule: s.rule,
});

const SORT_COLUMNS = {
  updatedAt: assessments.updatedAt,
  createdAt: assessments.createdAt,
  name: assessments.name,
};

/** One list for every kind: the kind's own filters are the header's columns. */
export function listAssessments(
  db: Db,
  kind: AssessmentKind,
  query: z.infer<typeof assessmentListQuery>,
) {
  // The header's id columns, each filtered by the query field of its name.
  const ids = {
    bookId: assessments.bookId,
    tocNodeId: assessments.tocNodeId,
    testCategoryId: assessments.testCategoryId,
    gradeId: assessments.gradeId,
    subjectId: assessments.subjectId,
    videoId: assessments.videoId,
  } as const;
  const filters: (SQL | undefined)[] = [
    eq(assessments.kind, kind),
    query.q ? ilike(assessments.name, `%${escapeLike(query.q)}%`) : undefined,
    query.status === undefined ? undefined : eq(assessments.status, query.status),
    ...(Object.keys(ids) as (keyof typeof ids)[]).map((key) => {
      const id = query[key];
      return id === undefined ? undefined : eq(ids[key], id);
    }),
  ];
  const where = and(...filters);
  return listPage(
    query,
    db.select(headerFields).from(assessments).where(where).$dynamic(),
    sortOrder(query, SORT_COLUMNS, 'updatedAt', assessments.id, 'desc'),
    db.select({ n: sql<number>`count(*)::int` }).from(assessments).where(where),
    toAssessment,
  );
}
