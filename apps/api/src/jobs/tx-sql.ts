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
  let last = 0;
  for (const m of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, m.index)));
    chunks.push(sql`${values[Number(m[1]) - 1] ?? null}`);
    last = m.index + m[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}
