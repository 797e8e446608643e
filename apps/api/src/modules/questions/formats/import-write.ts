import type { QuestionSource } from '@bo/contract';
import type { Tx } from '../../../db/client.ts';
import type { Deps } from '../../../deps.ts';
import type { RequestContext } from '../../../lib/request-context.ts';
import { writeNewQuestions, writeQuestionUpdates } from '../questions.write.ts';
import { assertCurriculum } from '../questions.write-checks.ts';
import type { CheckedRow } from './import-check.ts';
import { auditUpdates, updateOf } from './import-update.ts';

// A question import's writes, one checked batch at a time, in the commit's transaction.

/** One checked batch into the bank (the curriculum checked under the transaction); answers the new ids. */
export async function writeBatch(
  tx: Tx,
  actorId: number,
  rows: CheckedRow[],
  source: QuestionSource,
  label: string,
) {
  const batch = rows.map((r) => r.question);
  await assertCurriculum(
    tx,
    batch.map((p) => p.fields),
    (i, field) => `questions.${i}.${field}`,
  );
  return writeNewQuestions(tx, actorId, batch, source, label);
}

/** One checked batch's changes to stored questions (the curriculum checked under the transaction). */
export async function updateBatch(
  deps: Deps,
  tx: Tx,
  ctx: RequestContext,
  actorId: number,
  rows: CheckedRow[],
) {
  await assertCurriculum(
    tx,
    rows.map((r) => r.question.fields),
    (i, field) => `questions.${i}.${field}`,
  );
  const changed = rows.map((r) => ({ id: r.target!.id, question: r.question }));
  await writeQuestionUpdates(tx, actorId, deps.clock(), changed);
  await auditUpdates(tx, ctx, rows.map(updateOf));
}

/** The ids written so far, for the one audit row of the file. */
export function counter() {
  let created = 0;
  let firstId: number | undefined;
  let lastId: number | undefined;
  return {
    add(ids: number[]) {
      if (!ids.length) return;
      if (!created) firstId = ids[0]!;
      lastId = ids.at(-1)!;
      created += ids.length;
    },
    audit: () => ({ created, firstId, lastId }),
  };
}
