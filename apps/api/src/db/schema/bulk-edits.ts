import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, tstz } from './columns.ts';

/**
 * One bulk edit (lib/bulk-edit/, docs/bulk-edits.md): what was asked (kind,
 * selection, fields set), how it went, and how its undo went. `refused` and
 * `left_alone` list at most 1000 rows each; the counts count them all.
 */
export const bulkEdits = pgTable(
  'bulk_edits',
  {
    id: id(),
    kind: text('kind').notNull(),
    selection: jsonb('selection').notNull(),
    set: jsonb('set').notNull().$type<Record<string, unknown>>(),
    state: text('state').notNull(),
    jobId: text('job_id'),
    undoJobId: text('undo_job_id'),
    matched: integer('matched').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    refused: jsonb('refused').notNull().$type<{ path: string; message: string }[]>().default([]),
    refusedCount: integer('refused_count').notNull().default(0),
    restored: integer('restored').notNull().default(0),
    leftAlone: jsonb('left_alone')
      .notNull()
      .$type<{ path: string; message: string }[]>()
      .default([]),
    leftAloneCount: integer('left_alone_count').notNull().default(0),
    /** No foreign key: the record outlives a deleted admin, as the audit trail does. */
    byAdminId: bigint('by_admin_id', { mode: 'number' }),
    byEmail: text('by_email'),
    byName: text('by_name'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    doneAt: tstz('done_at'),
    undoByAdminId: bigint('undo_by_admin_id', { mode: 'number' }),
    undoByEmail: text('undo_by_email'),
    undoneAt: tstz('undone_at'),
  },
  (t) => [index('bulk_edits_created_idx').on(t.createdAt)],
);

/**
 * The rows one bulk edit changed: each row's values before it (the kind's
 * settable columns, by SQL name) and its version after it (a question's
 * revision, a book's updated_at, as text). Undo puts `before` back only on
 * rows still at `version_after`: any other row was edited since. No foreign
 * key to the row: one table serves every kind.
 */
export const bulkEditRows = pgTable(
  'bulk_edit_rows',
  {
    bulkEditId: bigint('bulk_edit_id', { mode: 'number' })
      .notNull()
      .references(() => bulkEdits.id, { onDelete: 'cascade' }),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    before: jsonb('before'),
    versionAfter: text('version_after'),
  },
  (t) => [primaryKey({ columns: [t.bulkEditId, t.entityId] })],
);
