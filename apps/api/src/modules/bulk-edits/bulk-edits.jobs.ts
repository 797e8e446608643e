import type { BulkEditKind } from '@bo/contract';
import { defineJob, JobRefusal } from '../../jobs/job.ts';
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

/**
 * Runs a bulk edit. Idempotent: the whole edit is one transaction that also
 * moves the record out of `queued`; a second run finds it moved and does
 * nothing, a run cut off rolled back and starts over.
 */
export const bulkEditApplyJob = defineJob({
  kind: 'bulk_edits.apply',
  retryLimit: 2,
  expireInSeconds: 15 * 60,
  async run({ bulkEditId, kind }, ctx) {
    const def = BULK_EDIT_KIND_DEFS[kind];
    const edit = await applyBulkEdit(ctx.deps, def, bulkEditId, (p, m) => void ctx.progress(p, m));
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
  retryLimit: 2,
  expireInSeconds: 15 * 60,
  async run({ bulkEditId, kind }, ctx) {
    const def = BULK_EDIT_KIND_DEFS[kind];
    const edit = await undoBulkEdit(ctx.deps, def, bulkEditId, (p, m) => void ctx.progress(p, m));
    return { bulkEditId, kind, restored: edit.restored, leftAlone: edit.leftAloneCount };
  },
});
