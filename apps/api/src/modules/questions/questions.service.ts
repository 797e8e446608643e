import {
  type addQuestionsBody,
  type editQuestionBody,
  type NearDuplicate,
  type Question,
  type QuestionFields,
  storedQuestionFieldsSchema,
} from '@bo/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { questions } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { markUnchanged, recordAudit } from '../../lib/audit-record.ts';
import { AppError, badRequest, notFound, refusal } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { nearDuplicates } from './questions.duplicates.ts';
import { type PreparedQuestion, prepareFields, problemDetails } from './questions.prepare.ts';
import { fieldsOf, findQuestion, findQuestions, lockQuestions } from './questions.queries.ts';
import { insertQuestions, storedColumns, writeRevision } from './questions.write.ts';
import {
  assertCurriculum,
  assertNoExactDuplicates,
  uniqueAsDuplicate,
} from './questions.write-checks.ts';

/**
 * A question's life through the editor: add (one or a batch, all or none),
 * edit and restore (both a new revision of an existing question, refused
 * when someone saved in between). Every write runs in one transaction with
 * its revision and audit rows.
 */

/** Prepares each question or answers 400 with every problem, paths under `prefix`. */
export function prepareAll(list: QuestionFields[], prefix: (i: number) => string) {
  const prepared: PreparedQuestion[] = [];
  const details = list.flatMap((q, i) => {
    const p = prepareFields(q);
    if (p.ok) prepared.push(p.question);
    return p.ok ? [] : problemDetails(p.problems, prefix(i));
  });
  if (details.length) throw badRequest(details[0]!.message, details);
  return prepared;
}

/** Errors of a shared write function name their field from the body. */
function underBody(err: unknown): never {
  if (err instanceof AppError && err.details)
    throw new AppError(
      err.status,
      err.code,
      err.message,
      err.details.map((d) => ({ ...d, path: `body.${d.path}` })),
    );
  throw err;
}

export async function addQuestions(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  body: z.infer<typeof addQuestionsBody>,
): Promise<{ items: Question[]; nearDuplicates: NearDuplicate[][] }> {
  const prepared = prepareAll(body.questions, (i) => `body.questions.${i}`);
  return deps.db.transaction(async (tx) => {
    // Compared with the bank as it was: the batch never warns about itself.
    const near: NearDuplicate[][] = [];
    for (const p of prepared)
      near.push(
        await nearDuplicates(tx, deps.config.questionSimilarityThreshold, p.similarityText),
      );
    const ids = await insertQuestions(tx, { id: actor.id, ctx }, prepared, 'manual').catch(
      underBody,
    );
    return { items: await findQuestions(tx, ids), nearDuplicates: near };
  });
}

export const questionChanged = (revision: number) =>
  refusal(
    'question_changed',
    `Someone else saved this question since you opened it (it is now at revision ${revision}). Reload it to see their changes.`,
  );

/** JSON with sorted keys: stored jsonb reorders keys, and a reordering is no change. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

const FIELD_NAMES = Object.keys(storedQuestionFieldsSchema.shape) as (keyof QuestionFields)[];

/** The names of the fields that differ between two saved states, in the contract's order. */
export function changedFields(before: QuestionFields, after: QuestionFields): string[] {
  return FIELD_NAMES.filter((k) => canonical(before[k] ?? null) !== canonical(after[k] ?? null));
}

export interface SaveExisting {
  id: number;
  /** The revision the admin started from: 409 when the question is past it. */
  expected: number;
  prepared: PreparedQuestion;
  action: 'edit' | 'restore';
  restoredFrom?: number;
}

/**
 * Saves new fields over an existing question as its next revision: locked,
 * checked against `expected` (409 question_changed), curriculum and exact
 * duplicates checked, then updated with its revision and audit rows. Saving
 * what is already there writes nothing.
 */
export async function saveExisting(
  deps: Deps,
  tx: Tx,
  ctx: RequestContext,
  actor: AuthAdmin,
  save: SaveExisting,
): Promise<{ question: Question; nearDuplicates: NearDuplicate[] }> {
  const { id, prepared } = save;
  const [row] = await lockQuestions(tx, [id]);
  if (!row) throw notFound('Question');
  if (row.revision !== save.expected) throw questionChanged(row.revision);
  const before = (await findQuestion(tx, id))!;
  await assertCurriculum(tx, [prepared.fields], (_i, field) => `body.${field}`);
  const near = () =>
    nearDuplicates(tx, deps.config.questionSimilarityThreshold, prepared.similarityText, [id]);
  const changed = changedFields(fieldsOf(before), prepared.fields);
  if (!changed.length) {
    markUnchanged(ctx);
    return { question: before, nearDuplicates: await near() };
  }
  await assertNoExactDuplicates(tx, [prepared], () => 'body', id);
  const revision = row.revision + 1;
  await tx
    .update(questions)
    .set({
      ...storedColumns(prepared),
      revision,
      updatedAt: deps.clock(),
      updatedBy: actor.id,
    })
    .where(eq(questions.id, id))
    .catch(uniqueAsDuplicate);
  await writeRevision(tx, id, revision, save.action, prepared.fields, actor.id, save.restoredFrom);
  const after = (await findQuestion(tx, id))!;
  const pick = (q: Question) => Object.fromEntries(changed.map((k) => [k, q[k as keyof Question]]));
  await recordAudit(tx, ctx, {
    action: save.action === 'edit' ? 'question_edited' : 'question_restored',
    entity: 'question',
    entityId: id,
    before: { revision: before.revision, ...pick(before) },
    after: {
      revision,
      ...(save.restoredFrom ? { restoredFrom: save.restoredFrom } : {}),
      ...pick(after),
    },
  });
  return { question: after, nearDuplicates: await near() };
}

export function editQuestion(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  body: z.infer<typeof editQuestionBody>,
) {
  const { id, revision, ...fields } = body;
  const [prepared] = prepareAll([fields], () => 'body');
  return deps.db.transaction((tx) =>
    saveExisting(deps, tx, ctx, actor, {
      id,
      expected: revision,
      prepared: prepared!,
      action: 'edit',
    }),
  );
}
