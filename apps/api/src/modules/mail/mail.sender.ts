import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { defineJob, type JobContext } from '../../jobs/job.ts';
import { heapKeeper } from '../../lib/heap-keeper.ts';
import { createMailer, type Mailer } from '../../mail/mailer.ts';
import { learnerValues, type Rendered, render, rowsOf, unknownVariables } from './mail.render.ts';
import { unsubscribeUrl } from './mail.unsubscribe.ts';

declare module '../../jobs/job.ts' {
  interface JobDataMap {
    'mailers.send': { mailerId: number };
  }
}

/**
 * Durable sending of a campaign (docs/jobs.md, "Mailers").
 *
 * - One sender per campaign at a time: the runner takes the campaign's
 *   lease (owner = its job id, renewed each batch). A retry of the same job
 *   (after a crash) has the same id and takes it back at once; any other
 *   runner leaves while the lease is live.
 * - Rows are claimed in batches of MAILER_CONCURRENCY with one conditional
 *   UPDATE (`queued` → `sending` on rows picked FOR UPDATE SKIP LOCKED),
 *   sent in parallel, and their outcome written in one UPDATE per state.
 *   A runner that takes the lease puts rows still `sending` back to
 *   `queued`: they were in flight when a runner died, and only they can be
 *   mailed twice (at most one batch per crash).
 * - A run works for a slice (about 20 s), then hands the lease back and
 *   queues its continuation in one transaction, so a run never outlives
 *   its job's time limit and a crashed one is retried within a minute or so
 *   on PostgreSQL (immediately on the embedded database).
 * - Throttle: MAILER_RATE_PER_SECOND per process (a batch never finishes
 *   sooner than its size allows), MAILER_RATE_PER_HOUR across processes
 *   (mails sent in the last hour, counted in the ledger).
 * - SMTP refusals of a recipient (5xx) end `failed` with the server's
 *   answer; a temporary failure (4xx, connection lost) puts the row back in
 *   the queue and the job retries later with backoff.
 */

const SLICE_MS = 20_000;
const LEASE_SECONDS = 60;

const transports = new WeakMap<Deps, Mailer>();

/** The campaigns' pooled transport, configured as the sign-in mails' (SMTP_URL or the outbox). */
export function bulkMailer(deps: Deps): Mailer {
  let m = transports.get(deps);
  if (!m) {
    m = createMailer({
      smtpUrl: deps.config.mailers.smtpUrl,
      from: deps.config.mailFrom,
      outboxDir: path.join(deps.config.dataDir, 'outbox'),
      log: deps.log,
      pool: deps.config.mailers.concurrency,
    });
    transports.set(deps, m);
  }
  return m;
}

export function closeBulkMailer(deps: Deps) {
  transports.get(deps)?.close();
  transports.delete(deps);
}

export const mailerSendJob = defineJob({
  kind: 'mailers.send',
  retryLimit: 30,
  retryDelaySeconds: 1,
  expireInSeconds: 45,
  concurrency: 1,
  pollSeconds: 1,
  run: (data, ctx) => sendSlice(ctx.deps, data.mailerId, ctx),
});

interface Claimed {
  id: number | string;
  learner_id: number | string;
  email: string;
  unsubscribed: boolean;
}

type Outcome =
  | { id: number; state: 'sent' }
  | { id: number; state: 'failed' | 'skipped'; reason: string }
  | { id: number; state: 'queued'; reason: string }
  | { id: number; state: 'unrenderable'; reason: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function sendSlice(deps: Deps, mailerId: number, ctx: JobContext) {
  const db = deps.db;
  const me = ctx.id;
  const [campaign] = rowsOf<{ subject: string; html: string; text: string }>(
    await db.execute(sql`update mailers set lease_owner = ${me},
        lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
      where id = ${mailerId} and status = 'sending'
        and (lease_owner is null or lease_owner = ${me} or lease_until < now())
      returning subject, html, text`),
  );
  if (!campaign) return { ran: false };
  // A campaign copied from a template saved before its variables were
  // checked after cleaning: no recipient can get it, so it fails whole.
  const unknown = unknownVariables(campaign);
  if (unknown.length)
    return failCampaign(
      deps,
      mailerId,
      me,
      `The template names ${unknown.map((v) => `{{${v}}}`).join(', ')}, which ${unknown.length > 1 ? 'are not learner fields' : 'is not a learner field'}: fix the template and send a new mailer.`,
    );
  const [requeued] = rowsOf<{ n: number }>(
    await db.execute(sql`with r as (update mailer_recipients set state = 'queued'
      where mailer_id = ${mailerId} and state = 'sending' returning 1) select count(*)::int as n from r`),
  );
  if (requeued?.n)
    deps.log.warn(
      { mailerId, mails: requeued.n },
      'mailer: sending again the mails in flight at a stop',
    );

  const { perSecond, perHour, concurrency } = deps.config.mailers;
  const mailer = bulkMailer(deps);
  const end = Date.now() + SLICE_MS;
  let sent = 0;
  // Claims go on after the last row claimed: the rows behind it were
  // updated, and their old `queued` index entries stay until a vacuum (none
  // runs on the embedded database), so each claim from the campaign's start
  // stepped over more of them and the rate fell batch after batch
  // (docs/performance.md, Mailers). Rows put back behind the cursor
  // (retry_failed) are found by one more scan from the start before the end.
  let after = 0;
  // Each mail leaves its MIME message behind as garbage (~25 kB), which V8
  // let pile up: +160 MB of RSS on a 20,000-mail campaign, +45 MB collected.
  const collect = heapKeeper();
  for (;;) {
    // Still ours and still sending? (Renews the lease.)
    const [state] = rowsOf<{ status: string }>(
      await db.execute(sql`update mailers set lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
        where id = ${mailerId} and lease_owner = ${me} returning status`),
    );
    if (!state) return { sent, lost: true };
    if (state.status !== 'sending') {
      // Hand the lease back unless it was resumed meanwhile (then go on).
      const released =
        await db.execute(sql`update mailers set lease_owner = null, lease_until = null
        where id = ${mailerId} and lease_owner = ${me} and status <> 'sending' returning id`);
      if (rowsOf(released).length) return { sent, stopped: state.status };
      continue;
    }
    if (Date.now() > end || ctx.signal.aborted)
      return { sent, ...(await handOver(deps, mailerId, me, 0)) };
    let size = concurrency;
    if (perSecond) size = Math.min(size, perSecond);
    if (perHour) {
      const [hour] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from mailer_recipients
          where state = 'sent' and sent_at > now() - interval '1 hour'`),
      );
      const left = perHour - (hour?.n ?? 0);
      if (left <= 0) return { sent, ...(await handOver(deps, mailerId, me, 60)) };
      size = Math.min(size, left);
    }
    const started = Date.now();
    const claimed = rowsOf<Claimed>(
      await db.execute(sql`with c as (select id from mailer_recipients
          where mailer_id = ${mailerId} and state = 'queued' and id > ${after} order by id limit ${size}
          for update skip locked)
        update mailer_recipients r set state = 'sending', claimed_at = now(), attempts = r.attempts + 1
        from c where r.id = c.id
        returning r.id, r.learner_id, r.email,
          exists (select 1 from mail_unsubscribes u where u.learner_id = r.learner_id) as unsubscribed`),
    );
    if (!claimed.length && after > 0) {
      after = 0;
      continue;
    }
    if (!claimed.length) {
      await db.execute(sql`update mailers set status = 'done', finished_at = now(), lease_owner = null,
          lease_until = null, updated_at = now()
        where id = ${mailerId} and lease_owner = ${me} and status = 'sending'
          and not exists (select 1 from mailer_recipients
            where mailer_id = ${mailerId} and state in ('queued', 'sending'))`);
      await db.execute(sql`update mailers set lease_owner = null, lease_until = null
        where id = ${mailerId} and lease_owner = ${me}`);
      return { sent, done: true };
    }
    after = Math.max(...claimed.map((c) => Number(c.id)));
    const values = await learnerValues(
      db,
      claimed.map((c) => Number(c.learner_id)),
    );
    const outcomes = await Promise.all(
      claimed.map(async (c): Promise<Outcome> => {
        const id = Number(c.id);
        const learnerId = Number(c.learner_id);
        if (c.unsubscribed) return { id, state: 'skipped', reason: 'unsubscribed' };
        const v = values.get(learnerId);
        if (!v) return { id, state: 'skipped', reason: 'learner deleted' };
        const unsubscribe = unsubscribeUrl(deps, learnerId, mailerId);
        let mail: Rendered;
        try {
          mail = render(campaign, v);
        } catch (err) {
          return { id, state: 'unrenderable', reason: (err as Error).message.slice(0, 300) };
        }
        try {
          await mailer.send({
            to: c.email,
            subject: mail.subject,
            html: `${mail.html}\n<p style="font-size:12px;color:#666666">You receive this as a learner. <a href="${unsubscribe}">Unsubscribe</a></p>`,
            text: `${mail.text}\n\n--\nUnsubscribe: ${unsubscribe}`,
            messageId: `<mailer-${mailerId}-${id}@backoffice>`,
            headers: {
              'List-Unsubscribe': `<${unsubscribe}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          });
          return { id, state: 'sent' };
        } catch (err) {
          const e = err as { responseCode?: number; response?: string; message?: string };
          const reason = (e.response ?? e.message ?? String(err)).slice(0, 500);
          if (e.responseCode && e.responseCode >= 500) return { id, state: 'failed', reason };
          return { id, state: 'queued', reason };
        }
      }),
    );
    await writeOutcomes(
      deps,
      outcomes.filter((o) => o.state !== 'unrenderable'),
    );
    const unrenderable = outcomes.find((o) => o.state === 'unrenderable');
    if (unrenderable && 'reason' in unrenderable)
      return failCampaign(
        deps,
        mailerId,
        me,
        `The template could not be filled in (${unrenderable.reason}): fix the template and send a new mailer.`,
      );
    collect();
    sent += outcomes.filter((o) => o.state === 'sent').length;
    const temporary = outcomes.find((o) => o.state === 'queued');
    // The job's retry (same id, so the lease stays ours) tries again after a backoff.
    if (temporary && 'reason' in temporary)
      throw new Error(`The mail server did not take the mails: ${temporary.reason}`);
    if (perSecond) {
      const wait = (claimed.length * 1000) / perSecond - (Date.now() - started);
      if (wait > 0) await sleep(wait);
    }
  }
}

/**
 * One UPDATE per outcome state; only rows still `sending` change, except
 * that a mail which went out is recorded as sent even when a cancel skipped
 * its row meanwhile (the cancel takes rows in flight too).
 */
async function writeOutcomes(deps: Deps, outcomes: Outcome[]) {
  const sentIds = outcomes.filter((o) => o.state === 'sent').map((o) => o.id);
  if (sentIds.length)
    await deps.db.execute(sql`update mailer_recipients set state = 'sent', sent_at = now(), reason = null
      where id = any(${`{${sentIds.join(',')}}`}::bigint[])
        and (state = 'sending' or (state = 'skipped' and reason = 'cancelled'))`);
  const others = outcomes.filter((o) => o.state !== 'sent') as {
    id: number;
    state: string;
    reason: string;
  }[];
  if (others.length)
    await deps.db.execute(sql`update mailer_recipients r set state = v.state, reason = v.reason
      from jsonb_to_recordset(${JSON.stringify(others)}::jsonb) as v(id bigint, state text, reason text)
      where r.id = v.id and r.state = 'sending'`);
}

/**
 * The campaign cannot go out to anyone: it ends `failed` with the reason,
 * every recipient not yet mailed skipped with it, the lease handed back, and
 * the job ends (no retry would fix a template).
 */
async function failCampaign(deps: Deps, mailerId: number, me: string, reason: string) {
  deps.log.warn({ mailerId, reason }, 'mailer: failed as a whole');
  await deps.db.transaction(async (tx) => {
    const ours = rowsOf(
      await tx.execute(sql`update mailers set status = 'failed', failure_reason = ${reason},
          finished_at = now(), lease_owner = null, lease_until = null, updated_at = now()
        where id = ${mailerId} and lease_owner = ${me} returning id`),
    );
    if (ours.length)
      await tx.execute(sql`update mailer_recipients set state = 'skipped', reason = 'the mailer failed'
        where mailer_id = ${mailerId} and state in ('queued', 'sending')`);
  });
  return { failed: reason };
}

/** Ends this run: the lease handed back and the continuation queued, in one transaction. */
async function handOver(deps: Deps, mailerId: number, me: string, afterSeconds: number) {
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`update mailers set lease_owner = null, lease_until = null
      where id = ${mailerId} and lease_owner = ${me}`);
    await deps.jobs.enqueue(tx, 'mailers.send', { mailerId }, { startAfterSeconds: afterSeconds });
  });
  return { continued: true };
}
