import type { Job, jobListQuery } from '@bo/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import type { JobOutput } from '../../jobs/queue.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { escapeLike, type Page } from '../../lib/list.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';

/**
 * Jobs as the screens see them, read from pg-boss's tables: the live `job`
 * table and the `archive` finished jobs move to after a week. pg-boss's own
 * internal queues are left out.
 */
const columns = sql.raw(`id, name, state::text as state, output, data, retry_count, retry_limit,
  created_on, start_after, started_on, completed_on`);
const allJobs = sql`(select ${columns} from pgboss.job where name not like '\\_\\_pgboss%'
  union all
  select ${columns} from pgboss.archive where name not like '\\_\\_pgboss%') j`;

type JobRow = {
  id: string;
  name: string;
  state: Job['state'];
  output: Partial<JobOutput> | null;
  data: { by?: number | null } | null;
  retry_count: number;
  retry_limit: number;
  created_on: string | Date;
  start_after: string | Date;
  started_on: string | Date | null;
  completed_on: string | Date | null;
};

const iso = (d: string | Date) => new Date(d).toISOString();

/**
 * Why the job failed (or its last try did), in the shape of a request's
 * error: a refusal keeps the code and details the request would have
 * answered (an import's `import_invalid` with every problem); any other
 * failure is `job_failed` with the job's own words. pg-boss writes its own
 * failures (a time-out) as { value: { message } }.
 */
function errorOf(state: Job['state'], out: Partial<JobOutput>): Job['error'] {
  if (state === 'completed' || state === 'created' || state === 'active') return null;
  if (out.refusal) return out.refusal;
  const message =
    out.error ??
    (out as { value?: { message?: string } }).value?.message ??
    (out as { message?: string }).message;
  return message ? { message, code: 'job_failed' } : null;
}

function toJob(r: JobRow): Job {
  const out = r.output ?? {};
  return {
    id: r.id,
    kind: r.name,
    state: r.state,
    progress: typeof out.progress === 'number' ? out.progress : null,
    message: typeof out.message === 'string' ? out.message : null,
    error: errorOf(r.state, out),
    result: out.result ?? null,
    attempts: r.started_on ? r.retry_count + 1 : r.retry_count,
    maxAttempts: r.retry_limit + 1,
    byAdminId: r.data?.by ?? null,
    createdAt: iso(r.created_on),
    startAfter: iso(r.start_after),
    startedAt: r.started_on ? iso(r.started_on) : null,
    completedAt: r.completed_on ? iso(r.completed_on) : null,
  };
}

export async function listJobs(
  deps: Pick<Deps, 'db' | 'jobs'>,
  q: z.infer<typeof jobListQuery>,
): Promise<Page<Job> & { kinds: string[] }> {
  const filters: SQL[] = [sql`true`];
  if (q.state) filters.push(sql`state = ${q.state}`);
  if (q.kind) filters.push(sql`name = ${q.kind}`);
  if (q.q) filters.push(sql`(name ilike ${`%${escapeLike(q.q)}%`} or id::text = ${q.q})`);
  // A scheduled kind's finished runs are routine (the reports' refresh runs
  // every minute, ~1,440 a day): hidden unless asked for or their kind is
  // chosen. Its failed runs always show.
  const routine = deps.jobs.scheduledKindNames;
  if (!q.kind && !q.routine && routine.length > 0)
    filters.push(
      sql`not (state = 'completed' and name in (${sql.join(
        routine.map((n) => sql`${n}`),
        sql`, `,
      )}))`,
    );
  const where = sql.join(filters, sql` and `);
  const order = q.sort && q.order === 'asc' ? sql`asc` : sql`desc`;
  const [items, total] = await Promise.all([
    deps.db.execute<JobRow>(sql`select * from ${allJobs} where ${where}
      order by created_on ${order}, id ${order}
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
    deps.db.execute<{ n: number }>(sql`select count(*)::int as n from ${allJobs} where ${where}`),
  ]);
  return {
    items: items.rows.map(toJob),
    total: total.rows[0]?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
    kinds: [...deps.jobs.kindNames].sort(),
  };
}

async function findJob(db: Db, id: string): Promise<Job | undefined> {
  const rows = (await db.execute<JobRow>(sql`select * from ${allJobs} where id = ${id}`)).rows;
  return rows[0] && toJob(rows[0]);
}

/** A job for the admin whose action started it, or for a super admin; anyone else gets 404. */
export async function getJob(deps: Pick<Deps, 'db'>, admin: AuthAdmin, id: string) {
  const job = await findJob(deps.db, id);
  if (!job || (admin.role !== 'super_admin' && job.byAdminId !== admin.id)) throw notFound('Job');
  return job;
}

export async function retryJob(deps: Pick<Deps, 'db' | 'jobs'>, id: string) {
  const job = await findJob(deps.db, id);
  if (!job) throw notFound('Job');
  if (job.state !== 'failed' && job.state !== 'cancelled')
    throw conflict('Only a failed or cancelled job can be run again');
  // An archived job is no longer in the queue's table: it cannot be revived.
  await deps.jobs.retry(job.kind, job.id);
  const after = await findJob(deps.db, id);
  if (!after || after.state === job.state)
    throw conflict('This job is too old to run again; start the work anew');
  return after;
}
