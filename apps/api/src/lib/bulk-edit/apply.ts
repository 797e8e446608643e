import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bulkEditRows, bulkEdits } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { type BulkEditKindDef, columnsJson, setClause, tableOf } from './kind.ts';
import { auditRows, type BulkEditRow, eachBatch, NOTES_MAX, type Note } from './rows.ts';

type Progress = (percent: number, message: string) => void;
const count = (n: number) => n.toLocaleString('en');

export type Selection = { ids: number[] } | { filter: unknown };

/**
 * Runs one bulk edit, in one transaction: the selection is frozen into
 * bulk_edit_rows, every row is checked (nothing is written while any row is
 * refused), then the rows are written 5,000 at a time with set-based
 * statements (before-values, UPDATE … FROM, version after, history, audit).
 * A second run of a finished edit does nothing; one cut off rolled back.
 */
export async function applyBulkEdit(
  deps: Pick<Deps, 'db' | 'clock'>,
  kind: BulkEditKindDef,
  id: number,
  progress: Progress,
): Promise<BulkEditRow> {
  return deps.db.transaction(async (tx) => {
    const [edit] = await tx.select().from(bulkEdits).where(eq(bulkEdits.id, id)).for('update');
    if (!edit) throw new Error(`Bulk edit ${id} is gone`);
    if (edit.state !== 'queued') return edit;
    const set = edit.set;
    const selection = edit.selection as Selection;
    const refused: Note[] = [];
    let refusedCount = 0;
    const refuse = (rowId: number, message: string) => {
      refusedCount++;
      if (refused.length < NOTES_MAX) refused.push({ path: `${kind.noun.one} ${rowId}`, message });
    };

    const matched = await freezeSelection(tx, kind, id, selection, refuse);
    progress(5, `Checking ${count(matched)} ${kind.noun.many}`);
    let checked = 0;
    await eachBatch(tx, id, async (rows) => {
      for (const r of await kind.refusals(tx, set, rows.ofTable(kind))) refuse(r.id, r.message);
      checked += rows.size;
      progress(
        5 + Math.round((35 * checked) / Math.max(matched, 1)),
        `Checked ${count(checked)} of ${count(matched)}`,
      );
    });
    if (refusedCount) {
      const [row] = await tx
        .update(bulkEdits)
        .set({ state: 'refused', matched, refused, refusedCount, doneAt: deps.clock() })
        .where(eq(bulkEdits.id, id))
        .returning();
      return row!;
    }

    const table = tableOf(kind);
    const values = { ...kind.assignments(set), ...kind.stamp(edit.byAdminId, deps.clock()) };
    const changedColumns = Object.keys(kind.assignments(set));
    const old = sql.join(
      changedColumns.map((c) => sql`${table}.${sql.identifier(c)}`),
      sql`, `,
    );
    const fresh = sql.join(
      changedColumns.map((c) => kind.assignments(set)[c]!),
      sql`, `,
    );
    let changed = 0;
    let done = 0;
    await eachBatch(tx, id, async (rows) => {
      // The batch's rows locked first, so their before-values are read as the update finds them.
      await tx.execute(
        sql`select 1 from ${table} where ${rows.ofTable(kind)} order by ${kind.id} for update`,
      );
      await tx.execute(sql`
        update bulk_edit_rows r set before = ${columnsJson(kind)}
        from ${table} where ${kind.id} = r.entity_id and ${rows.ofRows}`);
      const written = await tx.execute<{ id: number; version: string }>(sql`
        update ${table} set ${setClause(values)}
        where ${rows.ofTable(kind)} and row(${old}) is distinct from row(${fresh})
        returning ${kind.id} as id, ${kind.version} as version`);
      const ids = written.rows.map((r) => Number(r.id));
      if (ids.length) {
        await tx.execute(sql`
          update bulk_edit_rows r set version_after = v.version
          from jsonb_to_recordset(${JSON.stringify(written.rows)}::jsonb) as v(id bigint, version text)
          where r.bulk_edit_id = ${id} and r.entity_id = v.id`);
        await kind.written?.(tx, ids, edit.byAdminId, 'edit');
        await auditRows(tx, kind, edit, kind.audit.edited, {
          rows: sql`${rows.ofRows} and r.version_after is not null`,
          before: sql`r.before`,
          after: columnsJson(kind),
        });
      }
      changed += ids.length;
      done += rows.size;
      progress(
        40 + Math.round((60 * done) / Math.max(matched, 1)),
        `Changed ${count(changed)} of ${count(matched)} ${kind.noun.many}`,
      );
    });
    // Rows the set left as they were are not the bulk edit's: undo has nothing to put back.
    await tx
      .delete(bulkEditRows)
      .where(sql`${bulkEditRows.bulkEditId} = ${id} and ${bulkEditRows.versionAfter} is null`);
    const [row] = await tx
      .update(bulkEdits)
      .set({ state: 'done', matched, changed, doneAt: deps.clock() })
      .where(eq(bulkEdits.id, id))
      .returning();
    return row!;
  });
}

/** Writes the selection's ids into bulk_edit_rows (ids not there are refused); answers how many. */
async function freezeSelection(
  tx: Tx,
  kind: BulkEditKindDef,
  id: number,
  selection: Selection,
  refuse: (id: number, message: string) => void,
): Promise<number> {
  // A run cut off before its commit left nothing; a row from a rolled-back run cannot be here.
  await tx.delete(bulkEditRows).where(eq(bulkEditRows.bulkEditId, id));
  const table = tableOf(kind);
  if ('ids' in selection) {
    const found = await tx.execute<{ id: number }>(sql`
      insert into bulk_edit_rows (bulk_edit_id, entity_id)
      select ${id}, ${kind.id} from ${table}
      where ${kind.id} in (select jsonb_array_elements_text(${JSON.stringify(selection.ids)}::jsonb)::bigint)
      returning entity_id as id`);
    const there = new Set(found.rows.map((r) => Number(r.id)));
    for (const wanted of selection.ids)
      if (!there.has(wanted))
        refuse(wanted, `No such ${kind.noun.one} (deleted since it was chosen)`);
    return selection.ids.length;
  }
  const where = kind.where(selection.filter);
  await tx.execute(sql`
    insert into bulk_edit_rows (bulk_edit_id, entity_id)
    select ${id}, ${kind.id} from ${table} ${where ? sql`where ${where}` : sql``}`);
  const counted = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from bulk_edit_rows where bulk_edit_id = ${id}`,
  );
  return Number(counted.rows[0]?.n ?? 0);
}
