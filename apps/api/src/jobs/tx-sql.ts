import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

/** Anything drizzle runs statements on: the database, or a transaction in progress. */
export type Executor = Db | Tx;

/**
 * pg-boss's `db: { executeSql }` adapter over a drizzle executor, so a job is
 * written by the caller's own transaction and rolls back with it. pg-boss
 * numbers its parameters ($1, $2, ...); each becomes a drizzle parameter.
 */
export function executorAdapter(executor: Executor) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = (await executor.execute(toSql(text, values))) as unknown as {
        rows: Record<string, unknown>[];
      };
      return { rows: result.rows };
    },
  };
}

export function toSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  // Drizzle numbers parameters $1, $2, ... in the order they appear. A
  // placeholder pg-boss uses twice must stay one parameter (PostgreSQL infers
  // one type per parameter: `right($5, 1)` and `CAST($5 as timestamptz)` on
  // two copies would make the second parse a number as a time), so a repeat
  // refers back to the number its first use received.
  const numbered = new Map<string, number>();
  let last = 0;
  for (const m of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, m.index)));
    const seen = numbered.get(m[1]!);
    if (seen) chunks.push(sql.raw(`$${seen}`));
    else {
      numbered.set(m[1]!, numbered.size + 1);
      chunks.push(sql`${values[Number(m[1]) - 1] ?? null}`);
    }
    last = m.index + m[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}
