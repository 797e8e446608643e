import { BULK_EDIT_UNDO_HOURS, type BulkEdit, type BulkEditKind } from '@bo/contract';
import type { BulkEditKindDef } from '../../lib/bulk-edit/kind.ts';
import type { BulkEditRow } from '../../lib/bulk-edit/rows.ts';

const plural = (n: number, noun: BulkEditKindDef['noun']) =>
  `${n.toLocaleString('en')} ${n === 1 ? noun.one : noun.many}`;

/** "Nothing was changed: 3 questions were refused." */
export function refusedMessage(noun: BulkEditKindDef['noun'], edit: BulkEditRow) {
  return `Nothing was changed: ${plural(edit.refusedCount, noun)} of ${plural(edit.matched, noun)} ${edit.refusedCount === 1 ? 'was' : 'were'} refused. ${edit.refused
    .slice(0, 3)
    .map((r) => `${r.path}: ${r.message}`)
    .join('; ')}`;
}

/** The time until which Undo is offered, or null when it is not. */
export function undoableUntil(edit: BulkEditRow): Date | null {
  if (edit.state !== 'done' || !edit.doneAt) return null;
  return new Date(edit.doneAt.getTime() + BULK_EDIT_UNDO_HOURS * 3_600_000);
}

/** The record as the API answers it, with its one-line summary. */
export function presentBulkEdit(def: BulkEditKindDef, edit: BulkEditRow): BulkEdit {
  const who = edit.byName ?? edit.byEmail ?? 'someone';
  const n = edit.state === 'queued' || edit.state === 'running' ? edit.matched : edit.changed;
  const what =
    edit.state === 'queued' || edit.state === 'running'
      ? `Bulk edit of ${def.noun.many}`
      : edit.state === 'refused' || edit.state === 'failed'
        ? `Bulk edit of ${def.noun.many} ${edit.state}`
        : `${plural(n, def.noun)} ${def.describe(edit.set)}`;
  const until = undoableUntil(edit);
  return {
    id: edit.id,
    kind: edit.kind as BulkEditKind,
    state: edit.state as BulkEdit['state'],
    summary: `${what} by ${who}${edit.state === 'undone' ? ' (undone)' : ''}`,
    set: edit.set,
    jobId: edit.jobId,
    undoJobId: edit.undoJobId,
    matched: edit.matched,
    changed: edit.changed,
    refused: edit.refused,
    refusedCount: edit.refusedCount,
    restored: edit.restored,
    leftAlone: edit.leftAlone,
    leftAloneCount: edit.leftAloneCount,
    byAdminId: edit.byAdminId,
    byName: edit.byName,
    createdAt: edit.createdAt.toISOString(),
    doneAt: edit.doneAt?.toISOString() ?? null,
    undoableUntil: until?.toISOString() ?? null,
  };
}
