import { eq, sql } from 'drizzle-orm';
import { bulkEdits } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { type BulkEditKindDef, columnsJson, setClause, tableOf } from './kind.ts';
import { auditRows, type BulkEditRow, eachBatch, NOTES_MAX, type Note } from './rows.ts';

const count = (n: number) => n.toLocaleString('en');

/**
 * Undoes a bulk edit as a whole, in one transaction: each row still at the
 * version the edit left gets its before-values back (a new version, audited
 * and, for questions, a revision); a row edited since, or deleted, is left
 * as it is and named. A second run of a finished undo does nothing.
 */
export async function undoBulkEdit(
  deps: Pick<Deps, 'db' | 'clock'>,
  kind: BulkEditKindDef,
  id: number,
  progress: (percent: number, message: string) => void,
): Promise<BulkEditRow> {
  return deps.db.transaction(async (tx) => {
    const [edit] = await tx.select().from(bulkEdits).where(eq(bulkEdits.id, id)).for('update');
    if (!edit) throw new Error(`Bulk edit ${id} is gone`);
    if (edit.state !== 'undoing') return edit;
    const table = tableOf(kind);
    // The kept JSON back as a row of the table: once per row (LATERAL), each column read from it.
    const column = (name: string) => sql`kept.${sql.identifier(name)}`;
    const values = {
      ...Object.fromEntries(kind.columns.map((c) => [c.name, column(c.name)])),
      ...kind.stamp(edit.undoByAdminId, deps.clock()),
    };
    const edited = sql`${kind.version} is distinct from r.version_after`;
    const blockers = kind.undoBlockers ?? [];
    const blocked = blockers.length
      ? sql`(${sql.join(
          blockers.map((b) => sql`(${b.when})`),
          sql` or `,
        )})`
      : sql`false`;
    // Still as the bulk edit left it, and every value it held still there.
    const untouched = sql`not (${edited}) and not ${blocked}`;
    const why = sql`case when ${kind.id} is null then ${'Deleted since the bulk edit'}::text
      when ${edited} then ${'Edited since the bulk edit: left as it is'}
      ${sql.join(
        blockers.map((b) => sql`when ${b.when} then ${b.message}`),
        sql` `,
      )} end`;
    const leftAlone: Note[] = [];
    let leftAloneCount = 0;
    let restored = 0;
    let done = 0;
    await eachBatch(tx, id, async (rows) => {
      const moved = await tx.execute<{ id: number; message: string }>(sql`
        select r.entity_id as id, ${why} as message
        from bulk_edit_rows r left join ${table} on ${kind.id} = r.entity_id
        where ${rows.ofRows} and (${kind.id} is null or ${edited} or ${blocked})`);
      for (const m of moved.rows) {
        leftAloneCount++;
        if (leftAlone.length < NOTES_MAX)
          leftAlone.push({ path: `${kind.noun.one} ${m.id}`, message: m.message });
      }
      // Audited before the write: "before" is what the bulk edit left, "after" what comes back.
      await auditRows(
        tx,
        kind,
        { ...edit, byAdminId: edit.undoByAdminId, byEmail: edit.undoByEmail },
        kind.audit.undone,
        {
          rows: sql`${rows.ofRows} and ${untouched}`,
          before: columnsJson(kind),
          after: sql`r.before`,
        },
      );
      const written = await tx.execute<{ id: number }>(sql`
        update ${table} set ${setClause(values)}
        from bulk_edit_rows r cross join lateral jsonb_populate_record(null::${table}, r.before) as kept
        where ${kind.id} = r.entity_id and ${rows.ofRows} and ${untouched}
        returning ${kind.id} as id`);
      const ids = written.rows.map((r) => Number(r.id));
      if (ids.length) await kind.written?.(tx, ids, edit.undoByAdminId, 'undo');
      restored += ids.length;
      done += rows.size;
      progress(
        Math.round((100 * done) / Math.max(edit.changed, 1)),
        `Put back ${count(restored)} of ${count(edit.changed)} ${kind.noun.many}`,
      );
    });
    const [row] = await tx
      .update(bulkEdits)
      .set({ state: 'undone', restored, leftAlone, leftAloneCount, undoneAt: deps.clock() })
      .where(eq(bulkEdits.id, id))
      .returning();
    return row!;
  });
}
