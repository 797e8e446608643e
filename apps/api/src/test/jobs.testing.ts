import type { FastifyInstance } from 'fastify';
import type { JobOutput } from '../jobs/queue.ts';

export interface JobRow {
  id: string;
  name: string;
  state: string;
  retryCount: number;
  output: Partial<JobOutput> | null;
}

/** A job as stored (live table or archive), or null. */
export async function jobRow(app: FastifyInstance, id: string): Promise<JobRow | null> {
  const { rows } = await app.deps.database.executeSql(
    `select id, name, state::text, retry_count as "retryCount", output from pgboss.job where id = $1
     union all
     select id, name, state::text, retry_count, output from pgboss.archive where id = $1`,
    [id],
  );
  return (rows[0] as unknown as JobRow | undefined) ?? null;
}

const FINAL = new Set(['completed', 'failed', 'cancelled']);

/** Waits until the job has reached a final state and returns it. */
export async function waitForJob(app: FastifyInstance, id: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const row = await jobRow(app, id);
    if (row && FINAL.has(row.state)) return row;
    if (Date.now() > end)
      throw new Error(`job ${id} still ${row?.state ?? 'missing'} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until no job of `kind` waits or runs (every mail queued so far has been sent, say). */
export async function jobsIdle(app: FastifyInstance, kind = 'delivery.now', timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await app.deps.database.executeSql(
      `select count(*)::int as n from pgboss.job where name = $1 and state < 'completed'`,
      [kind],
    );
    if (rows[0]?.n === 0) return;
    if (Date.now() > end) throw new Error(`${kind} jobs still pending after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
