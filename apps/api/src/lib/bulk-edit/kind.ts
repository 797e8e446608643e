import type { AuditAction, AuditEntity, BulkEditKind } from '@bo/contract';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';

/**
 * What one kind of row (questions, books…) tells the bulk edit engine
 * (docs/bulk-edits.md). The engine does the rest the same way for every
 * kind: freeze the selection, check every row, write in batches, keep the
 * before-values, audit each row, undo.
 */
export interface BulkEditKindDef<Set = Record<string, unknown>, Filter = unknown> {
  kind: BulkEditKind;
  /** "question", "questions": in results and summaries. */
  noun: { one: string; many: string };
  table: PgTable;
  id: AnyPgColumn;
  /**
   * The row's version as text, which every save changes (a question's
   * revision, a book's updated_at): undo puts a row back only when it is
   * still at the version the bulk edit left.
   */
  version: SQL;
  /** The columns a bulk edit of this kind may set: kept before, put back by undo. */
  columns: AnyPgColumn[];
  /** The list's WHERE for its search and filters (lib/list.ts's lists share it). */
  where(filter: Filter): SQL | undefined;
  /**
   * Checks what is the same for every row (the curriculum place exists,
   * a filter's dates) and answers the set to store: 4xx when it cannot apply
   * to any row. Runs in the request.
   */
  prepare(db: Db | Tx, set: Set, filter: Filter | undefined): Promise<Set>;
  /** What the set does to each column, as SQL over the row's own columns (by column name). */
  assignments(set: Set): Record<string, SQL>;
  /**
   * Rows of `rows` (a predicate on the table's id) the set would break, each
   * with the single edit's words. Set-based: it runs on batches of 5,000.
   */
  refusals(tx: Tx, set: Set, rows: SQL): Promise<{ id: number; message: string }[]>;
  /** Columns every written row also gets (updated_at, updated_by, a revision). */
  stamp(by: number | null, now: Date): Record<string, SQL>;
  /** After a batch is written (edit or undo): the rows' history (a question revision each). */
  written?(tx: Tx, ids: number[], by: number | null, how: 'edit' | 'undo'): Promise<void>;
  /**
   * Rows undo cannot put back (a value they held was deleted since), as
   * predicates over `r.before` (the kept values, by column name): left as
   * they are and named instead of failing the whole undo.
   */
  undoBlockers?: UndoBlocker[];
  /** As SQL over the row where it depends on the row (a media item's kind). */
  audit: { entity: AuditEntity | SQL; edited: AuditAction | SQL; undone: AuditAction | SQL };
  /** "re-filed", "set to active": what the set did, for "412 questions re-filed by Asha". */
  describe(set: Set): string;
}

export interface UndoBlocker {
  when: SQL;
  message: string;
}

/** What the shared statements read of a kind, whatever its set and filter. */
export type KindTable = Pick<
  BulkEditKindDef,
  'table' | 'id' | 'version' | 'columns' | 'noun' | 'audit' | 'undoBlockers'
>;

/** The settable columns of a row as one JSON object keyed by column name (before-values, audit). */
export function columnsJson(kind: KindTable): SQL {
  const pairs = kind.columns.map((c) => sql`${c.name}::text, ${c}`);
  return sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}

export const tableOf = (kind: KindTable) => sql.identifier(getTableName(kind.table));

/** `col = expr, …` for an UPDATE's SET (the column name bare, as SET requires). */
export function setClause(values: Record<string, SQL>): SQL {
  return sql.join(
    Object.entries(values).map(([name, value]) => sql`${sql.identifier(name)} = ${value}`),
    sql`, `,
  );
}
