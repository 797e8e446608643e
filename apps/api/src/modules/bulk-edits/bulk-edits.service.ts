import { allows, BULK_EDIT_MODULES, type BulkEdit, type BulkEditKind } from '@bo/contract';
import { eq } from 'drizzle-orm';
import { bulkEdits } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import type { Selection } from '../../lib/bulk-edit/apply.ts';
import { notFound, refusal } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { BULK_EDIT_KIND_DEFS } from './bulk-edits.kinds.ts';
import { presentBulkEdit, undoableUntil } from './bulk-edits.present.ts';

/**
 * Starting, following and undoing bulk edits (docs/bulk-edits.md). What is
 * the same for every row (the curriculum place, the filter's dates) is
 * checked here, in the request; each row is checked by the job.
 */
export async function startBulkEdit(
  deps: Deps,
  ctx: RequestContext,
  admin: AuthAdmin,
  kind: BulkEditKind,
  body: { selection: Selection; set: Record<string, unknown> },
): Promise<BulkEdit> {
  const def = BULK_EDIT_KIND_DEFS[kind];
  const filter = 'filter' in body.selection ? body.selection.filter : undefined;
  const set = await def.prepare(deps.db, body.set, filter);
  const edit = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bulkEdits)
      .values({
        kind,
        selection: body.selection,
        set,
        state: 'queued',
        matched: 'ids' in body.selection ? body.selection.ids.length : 0,
        byAdminId: admin.id,
        byEmail: admin.email,
        byName: admin.name,
      })
      .returning();
    const jobId = await deps.jobs.enqueue(
      tx,
      'bulk_edits.apply',
      { bulkEditId: row!.id, kind },
      { by: admin.id },
    );
    const [queued] = await tx
      .update(bulkEdits)
      .set({ jobId })
      .where(eq(bulkEdits.id, row!.id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'bulk_edit_started',
      entity: 'bulk_edit',
      entityId: row!.id,
      after: { kind, selection: body.selection, set },
    });
    return queued!;
  });
  return presentBulkEdit(def, edit);
}

/** A bulk edit for a holder of its kind's module; 404 for anyone else, as if it were not there. */
async function findFor(deps: Pick<Deps, 'db'>, admin: AuthAdmin, id: number, lock = false) {
  const query = deps.db.select().from(bulkEdits).where(eq(bulkEdits.id, id));
  const [edit] = lock ? await query.for('update') : await query;
  if (!edit || !allows(admin, BULK_EDIT_MODULES[edit.kind as BulkEditKind]))
    throw notFound('Bulk edit');
  return edit;
}

export async function getBulkEdit(deps: Pick<Deps, 'db'>, admin: AuthAdmin, id: number) {
  const edit = await findFor(deps, admin, id);
  return presentBulkEdit(BULK_EDIT_KIND_DEFS[edit.kind as BulkEditKind], edit);
}

/** Queues the undo of a finished bulk edit less than a day old (409 otherwise). */
export async function startUndo(
  deps: Deps,
  ctx: RequestContext,
  admin: AuthAdmin,
  id: number,
): Promise<BulkEdit> {
  await findFor(deps, admin, id);
  const edit = await deps.db.transaction(async (tx) => {
    const [edit] = await tx.select().from(bulkEdits).where(eq(bulkEdits.id, id)).for('update');
    const until = undoableUntil(edit!);
    if (!until || until.getTime() < deps.clock().getTime())
      throw refusal('bulk_edit_not_undoable', notUndoable(edit!.state));
    const kind = edit!.kind as BulkEditKind;
    const undoJobId = await deps.jobs.enqueue(
      tx,
      'bulk_edits.undo',
      { bulkEditId: id, kind },
      { by: admin.id },
    );
    const [undoing] = await tx
      .update(bulkEdits)
      .set({ state: 'undoing', undoJobId, undoByAdminId: admin.id, undoByEmail: admin.email })
      .where(eq(bulkEdits.id, id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'bulk_edit_undo_started',
      entity: 'bulk_edit',
      entityId: id,
      before: { state: edit!.state },
      after: { state: 'undoing' },
    });
    return undoing!;
  });
  return presentBulkEdit(BULK_EDIT_KIND_DEFS[edit.kind as BulkEditKind], edit);
}

function notUndoable(state: string): string {
  switch (state) {
    case 'queued':
    case 'running':
      return 'This bulk edit has not finished yet; undo it once it is done';
    case 'refused':
      return 'This bulk edit changed nothing: there is nothing to undo';
    case 'undoing':
    case 'undone':
      return 'This bulk edit is undone already';
    default:
      return 'A bulk edit can be undone for a day after it ran; this one is older';
  }
}
