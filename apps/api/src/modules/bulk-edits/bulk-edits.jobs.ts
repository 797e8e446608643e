import type { BulkEditKind } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import { bulkEdits } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { defineJob, type JobContext, JobRefusal } from '../../jobs/job.ts';
import { applyBulkEdit } from '../../lib/bulk-edit/apply.ts';
import { undoBulkEdit } from '../../lib/bulk-edit/undo.ts';
import { BULK_EDIT_KIND_DEFS } from './bulk-edits.kinds.ts';
import { presentBulkEdit, refusedMessage } from './bulk-edits.present.ts';

declare module '../../jobs/job.ts' {
  interface JobDataMap {
    'bulk_edits.apply': { bulkEditId: number; kind: BulkEditKind };
    'bulk_edits.undo': { bulkEditId: number; kind: BulkEditKind };
  }
}

/** Tries after the first: a bulk edit's job runs three times at most. */
const RETRIES = 2;

/**
 * `run`, and when it fails on its last try (not a refusal, not a shutdown,
 * which puts the job back without counting a try), the record moves from
 * `from` to `to`, so neither the list nor the jobs screen shows it running
 * for ever. The edit's own transaction rolled back: nothing of it is written.
 */
async function settleOnLastTry<T>(
  deps: Deps,
  ctx: Pick<JobContext, 'attempt' | 'signal'>,
  id: number,
  move: { from: string; to: 'failed' | 'done' },
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof JobRefusal) && ctx.attempt > RETRIES && !ctx.signal.aborted)
      await deps.db
        .update(bulkEdits)
        .set({ state: move.to, ...(move.to === 'failed' ? { doneAt: deps.clock() } : {}) })
        .where(and(eq(bulkEdits.id, id), eq(bulkEdits.state, move.from)));
    throw err;
  }
}

/**
 * Runs a bulk edit. Idempotent: the whole edit is one transaction that also
 * moves the record out of `queued`; a second run finds it moved and does
 * nothing, a run cut off rolled back and starts over.
 */
export const bulkEditApplyJob = defineJob({
  kind: 'bulk_edits.apply',
  retryLimit: RETRIES,
  expireInSeconds: 15 * 60,
  async run({ bulkEditId, kind }, ctx) {
    const def = BULK_EDIT_KIND_DEFS[kind];
    // A last try that fails: the record says `failed` (nothing was changed), not `queued`.
    const edit = await settleOnLastTry(
      ctx.deps,
      ctx,
      bulkEditId,
      { from: 'queued', to: 'failed' },
      () => applyBulkEdit(ctx.deps, def, bulkEditId, (p, m) => void ctx.progress(p, m)),
    );
    if (edit.state === 'refused')
      throw new JobRefusal({
        code: 'bulk_edit_refused',
        message: refusedMessage(def.noun, edit),
        details: edit.refused,
      });
    // The jobs screen offers Undo from this result, named by the summary.
    const { summary } = presentBulkEdit(def, edit);
    return { bulkEditId, kind, changed: edit.changed, matched: edit.matched, summary };
  },
});

/** Undoes a bulk edit. Idempotent as the edit: one transaction that moves the record to `undone`. */
export const bulkEditUndoJob = defineJob({
  kind: 'bulk_edits.undo',
  retryLimit: RETRIES,
  expireInSeconds: 15 * 60,
  async run({ bulkEditId, kind }, ctx) {
    const def = BULK_EDIT_KIND_DEFS[kind];
    // A last try that fails: the edit still stands, so it is `done` again and Undo is offered.
    const edit = await settleOnLastTry(
      ctx.deps,
      ctx,
      bulkEditId,
      { from: 'undoing', to: 'done' },
      () => undoBulkEdit(ctx.deps, def, bulkEditId, (p, m) => void ctx.progress(p, m)),
    );
    return { bulkEditId, kind, restored: edit.restored, leftAlone: edit.leftAloneCount };
  },
});
