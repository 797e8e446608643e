import { type Question, type QuestionStatus, questionProblems } from '@bo/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { questionRevisions, questions } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { changeStatus } from '../../lib/bulk-status.ts';
import { type ErrorDetail, notFound, refusal } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { usedBy } from '../../lib/usage-table.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { fieldsOf, findQuestions, lockQuestions } from './questions.queries.ts';

/**
 * Changes to many questions at once, from the list's bulk actions: each
 * all or none (an unknown id, or one question in use, refuses the whole
 * call), in one transaction.
 */

/** Locks the questions of `ids`; 404 naming every id that is not there. */
async function lockAll(tx: Tx, ids: number[]) {
  const rows = await lockQuestions(tx, ids);
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length)
    throw notFound(`Question${missing.length === 1 ? '' : 's'} ${missing.join(', ')}`);
  return rows;
}

/**
 * A draft may lack what a usable question needs (an imported essay waits
 * for its model answer); leaving draft needs it: 409 naming each question
 * and what it lacks, and the whole change is rolled back.
 */
function refuseIncomplete(saved: Question[]) {
  const lacking = saved.flatMap((q) => {
    const problems = questionProblems(fieldsOf(q));
    return problems.length
      ? [`question ${q.id}: ${problems.map((p) => p.message).join('; ')}`]
      : [];
  });
  if (lacking.length)
    throw refusal(
      'question_incomplete',
      `Only a complete question can leave draft; ${lacking.join(', ')}`,
    );
}

/**
 * Sets the status of every question of `ids`; each question whose status
 * changes gets a new revision (action 'status') and an audit row. Answers
 * how many changed.
 */
export function changeQuestionStatus(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  ids: number[],
  status: QuestionStatus,
): Promise<number> {
  return deps.db.transaction((tx) =>
    changeStatus(tx, ctx, {
      table: questions,
      id: questions.id,
      status: questions.status,
      ids,
      to: status,
      noun: 'Question',
      unchanged: 'skip',
      stamp: {
        revision: sql`${questions.revision} + 1`,
        updatedAt: deps.clock(),
        updatedBy: actor.id,
      },
      audit: { action: 'question_status_changed', entity: 'question' },
      written: async (changed) => {
        const saved = await findQuestions(tx, changed);
        refuseIncomplete(saved);
        await tx.insert(questionRevisions).values(
          saved.map((q) => ({
            questionId: q.id,
            revision: q.revision,
            action: 'status' as const,
            fields: fieldsOf(q),
            createdBy: actor.id,
          })),
        );
      },
    }),
  );
}

/**
 * Deletes every question of `ids`, or none: 409 `question_in_use` naming,
 * for each question in use, what uses it (lib/usage-table.ts). Revisions go
 * with their question; images stay (another question may show them).
 */
export function deleteQuestions(
  deps: Deps,
  ctx: RequestContext,
  _actor: AuthAdmin,
  ids: number[],
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await lockAll(tx, ids);
    const details: ErrorDetail[] = [];
    for (const [i, id] of ids.entries()) {
      const used = await usedBy(tx, 'question', id);
      if (used) details.push({ path: `body.ids.${i}`, message: `Question ${id}: ${used}` });
    }
    if (details.length) {
      const message =
        details.length === 1
          ? `Nothing was deleted. ${details[0]!.message}`
          : `Nothing was deleted: ${details.length} of these questions are in use. ${details.map((d) => d.message).join('; ')}`;
      throw refusal('question_in_use', message, details);
    }
    const before = await findQuestions(tx, ids);
    await tx.delete(questions).where(inArray(questions.id, ids));
    for (const q of before)
      await recordAudit(tx, ctx, {
        action: 'question_deleted',
        entity: 'question',
        entityId: q.id,
        before: q,
      });
    return ids.length;
  });
}
