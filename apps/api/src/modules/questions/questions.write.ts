import type { QuestionFields, QuestionSource } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { questionRevisions, questions } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { PreparedQuestion } from './questions.prepare.ts';
import {
  assertCurriculum,
  assertNoExactDuplicates,
  uniqueAsDuplicate,
} from './questions.write-checks.ts';

/**
 * Writing questions: the one insert every creation goes through (the
 * editor's addquestions, every import format, the demo seed), and the pieces
 * an edit, a restore and a status change share. Each save writes a
 * question_revisions row (docs/questions.md, "Revisions").
 */

export interface QuestionActor {
  /** The admin saving; null for the demo seed. */
  id: number | null;
  /** The request (or the job's copy of it) the audit rows belong to; absent for the seed. */
  ctx?: RequestContext;
}

/** Questions per INSERT: one import batch (formats/import.ts) in one statement. */
const CHUNK = 2000;

/** The columns a prepared question sets (on insert and on update). */
export const storedColumns = (p: PreparedQuestion) => ({
  ...p.fields,
  searchText: p.searchText,
  similarityText: p.similarityText,
  dedupeKey: p.dedupeKey,
});

/**
 * Inserts prepared questions with their revision 1, in the caller's
 * transaction: curriculum checked (400), exact duplicates refused (409, in
 * the bank or within the batch), then written in chunks. Audit: one
 * `question_created` row per question for the editor (`source` 'manual'),
 * one `questions_imported` row for an import; none without `actor.ctx`
 * (the demo seed). Answers the new ids in the order of `prepared`.
 */
export async function insertQuestions(
  tx: Tx,
  actor: QuestionActor,
  prepared: PreparedQuestion[],
  source: QuestionSource,
  sourceLabel: string | null = null,
): Promise<number[]> {
  await assertCurriculum(
    tx,
    prepared.map((p) => p.fields),
    (i, field) => `questions.${i}.${field}`,
  );
  await assertNoExactDuplicates(tx, prepared, (i) => `questions.${i}`);
  const ids = await writeNewQuestions(tx, actor.id, prepared, source, sourceLabel);
  if (actor.ctx) await auditInsert(tx, actor.ctx, prepared, ids, source, sourceLabel);
  return ids;
}

/**
 * The rows of `insertQuestions` without its checks and audit: for the
 * batched import, which checks the curriculum and the exact duplicates of
 * each batch in the same transaction first (formats/import.ts) and audits
 * the whole file once (`auditImported`). A duplicate saved concurrently
 * still meets the unique index: 409.
 */
export async function writeNewQuestions(
  tx: Tx,
  actorId: number | null,
  prepared: PreparedQuestion[],
  source: QuestionSource,
  sourceLabel: string | null,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < prepared.length; i += CHUNK) {
    const chunk = prepared.slice(i, i + CHUNK);
    ids.push(
      ...(await writeQuestionRows(
        tx,
        actorId,
        questionRows(chunk),
        chunk.map((p) => p.dedupeKey),
        source,
        sourceLabel,
      )),
    );
  }
  return ids;
}

/**
 * Prepared questions as the JSON text `writeQuestionRows` inserts. Each
 * question's fields go once, as `f`: the revision stores them and the
 * columns are read from them (`storedColumns` is the fields and the three
 * derived texts); sending them twice doubled the text passed to the
 * database and parsed there.
 */
export const questionRows = (prepared: PreparedQuestion[]) =>
  JSON.stringify(
    prepared.map((p) => ({ f: p.fields, s: p.searchText, m: p.similarityText, k: p.dedupeKey })),
  );

/** A row's fields (its `f`, the QuestionFields) as columns, for the inserts and updates below. */
const FIELDS_RECORD = sql`jsonb_to_record(j.f) as x (
  "type" text, stem text, options jsonb, blanks jsonb, "numeric" jsonb,
  matching jsonb, ordering jsonb, cloze jsonb,
  "modelAnswer" text, explanation text, difficulty text, marks numeric,
  "negativeMarks" numeric, "gradeId" bigint, "subjectId" bigint,
  "chapterId" bigint, "topicId" bigint, tags text[], "language" text, status text)`;

/**
 * Inserts the questions of `rows` (`questionRows`' text, up to one import
 * batch) and their revision 1 in one statement: the text is one JSON
 * parameter, inserted into `questions` in its order, and a data-modifying
 * CTE inserts the revisions from the rows it returns (as the book import
 * does): bound parameters per value cost more than the inserts themselves
 * (docs/performance.md, "Questions import: 50,000 rows"). `keys` are the
 * rows' dedupe keys, in order; answers the new ids in that order. A
 * question already in the bank meets the unique index: 409.
 */
export async function writeQuestionRows(
  tx: Tx,
  actorId: number | null,
  rows: string,
  keys: string[],
  source: QuestionSource,
  sourceLabel: string | null,
): Promise<number[]> {
  const action = source === 'manual' ? 'create' : 'import';
  // As bytes: PGlite and node-postgres send them as they are (db/client.ts, `jsonBytesAsIs`).
  const text = Buffer.from(rows, 'utf8');
  const written = await tx
    .execute<{ id: string; key: string }>(sql`
      with r as (
        select x.*, j.f, j.s, j.m, j.k, j.ordinality
        from rows from (json_to_recordset(${text}::json) as (f jsonb, s text, m text, k text))
          with ordinality as j,
        ${FIELDS_RECORD}
      ), q as (
        insert into ${questions} (type, stem, options, blanks, numeric, matching, ordering, cloze, model_answer,
          explanation, difficulty, marks, negative_marks, grade_id, subject_id, chapter_id,
          topic_id, tags, language, status, source, source_label, revision, search_text,
          similarity_text, dedupe_key, created_by, updated_by)
        select "type", stem, options, blanks, "numeric", matching, ordering, cloze, "modelAnswer", explanation,
          difficulty, marks, "negativeMarks", "gradeId", "subjectId", "chapterId", "topicId",
          tags, "language", status, ${source}, ${sourceLabel}::text, 1, s, m, k,
          ${actorId}::bigint, ${actorId}::bigint
        from r order by ordinality
        returning id, dedupe_key
      ), v as (
        insert into ${questionRevisions} (question_id, revision, action, fields, created_by)
        select q.id, 1, ${action}, r.f, ${actorId}::bigint
        from q join r on r.k = q.dedupe_key
      )
      select id::text, dedupe_key as key from q`)
    .catch(uniqueAsDuplicate);
  // Matched by the unique key: RETURNING's order is not a promise.
  const byKey = new Map(written.rows.map((r) => [r.key, Number(r.id)]));
  return keys.map((key) => byKey.get(key)!);
}

/**
 * Saves the changes of an import to stored questions in one statement, as
 * `writeQuestionRows` inserts: each question's fields, its revision one
 * up, and that revision's row (action `import`). The rows were locked and
 * checked in the same transaction (formats/import-update.ts). Another
 * question with the same text meets the unique index: 409.
 */
export async function writeQuestionUpdates(
  tx: Tx,
  actorId: number,
  now: Date,
  changed: { id: number; question: PreparedQuestion }[],
) {
  if (!changed.length) return;
  const text = Buffer.from(
    JSON.stringify(
      changed.map(({ id, question: p }) => ({
        id,
        f: p.fields,
        s: p.searchText,
        m: p.similarityText,
        k: p.dedupeKey,
      })),
    ),
    'utf8',
  );
  await tx
    .execute(sql`
      with r as (
        select x.*, j.id, j.f, j.s, j.m, j.k
        from json_to_recordset(${text}::json) as j (id bigint, f jsonb, s text, m text, k text),
        ${FIELDS_RECORD}
      ), u as (
        update ${questions} q set type = r."type", stem = r.stem, options = r.options,
          blanks = r.blanks, numeric = r."numeric", matching = r.matching,
          ordering = r.ordering, cloze = r.cloze, model_answer = r."modelAnswer",
          explanation = r.explanation, difficulty = r.difficulty, marks = r.marks,
          negative_marks = r."negativeMarks", grade_id = r."gradeId", subject_id = r."subjectId",
          chapter_id = r."chapterId", topic_id = r."topicId", tags = r.tags,
          language = r."language", status = r.status, search_text = r.s,
          similarity_text = r.m, dedupe_key = r.k, revision = q.revision + 1,
          updated_at = ${now.toISOString()}::timestamptz, updated_by = ${actorId}::bigint
        from r where q.id = r.id
        returning q.id, q.revision
      )
      insert into ${questionRevisions} (question_id, revision, action, fields, created_by)
      select u.id, u.revision, 'import', r.f, ${actorId}::bigint from u join r on r.id = u.id`)
    .catch(uniqueAsDuplicate);
}

/** The one audit row of an import: how many questions, and the first and last new id. */
export async function auditImported(
  tx: Tx,
  ctx: RequestContext,
  after: {
    source: QuestionSource;
    sourceLabel: string | null;
    created: number;
    firstId?: number;
    lastId?: number;
  },
) {
  await recordAudit(tx, ctx, { action: 'questions_imported', entity: 'question', after });
}

async function auditInsert(
  tx: Tx,
  ctx: RequestContext,
  prepared: PreparedQuestion[],
  ids: number[],
  source: QuestionSource,
  sourceLabel: string | null,
) {
  if (source !== 'manual') {
    await auditImported(tx, ctx, {
      source,
      sourceLabel,
      created: ids.length,
      firstId: ids[0],
      lastId: ids.at(-1),
    });
    return;
  }
  for (const [i, p] of prepared.entries())
    await recordAudit(tx, ctx, {
      action: 'question_created',
      entity: 'question',
      entityId: ids[i],
      after: p.fields,
    });
}

/** Records a save of an existing question as its revision `revision`. */
export async function writeRevision(
  tx: Tx,
  questionId: number,
  revision: number,
  action: 'edit' | 'restore' | 'status',
  fields: QuestionFields,
  actorId: number | null,
  restoredFrom: number | null = null,
) {
  await tx
    .insert(questionRevisions)
    .values({ questionId, revision, action, fields, restoredFrom, createdBy: actorId });
}
