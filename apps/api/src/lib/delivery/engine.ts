import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import type { JobContext } from '../../jobs/job.ts';
import { heapKeeper } from '../heap-keeper.ts';
import {
  claimBatch,
  recentlySent,
  requeueInFlight,
  waitForSendAt,
  writeOutcomes,
} from './ledger.ts';
import { minuteWindow, paceNow, waitAfter } from './rate.ts';
import { fail, finish, handOver, type Run } from './run-end.ts';
import {
  type Addressed,
  type Channel,
  type Composer,
  DeliveryFailure,
  type DeliveryRegistry,
  type Outcome,
} from './types.ts';

/**
 * Durable sending of one delivery (docs/jobs.md, Deliveries).
 *
 * - One sender per delivery at a time: the run takes the delivery's lease
 *   (owner = its job id, renewed each batch). A retry of the same job (after
 *   a crash) has the same id and takes it back at once; any other run
 *   leaves while the lease is live.
 * - Rows are claimed per channel in batches of the channel's size with one
 *   conditional UPDATE (`queued` → `sending` on rows picked FOR UPDATE SKIP
 *   LOCKED), sent through the channel, and their outcomes written in one
 *   UPDATE per state. A run that takes the lease puts rows still `sending`
 *   back to `queued`: they were in flight when a run died, and only they can
 *   be sent twice (at most one batch per crash).
 * - A run works for a slice (about 20 s), then hands the lease back and
 *   queues its continuation in one transaction, so a run never outlives its
 *   job's time limit.
 * - Throttle per channel: its rate per second in this process, its rate per
 *   hour across processes (rows sent in the last hour, from the ledger);
 *   and per delivery, its rate per minute (rate.ts), spread over the minute
 *   and capped from the ledger.
 * - A temporary failure (a mail server's 4xx, a lost connection) puts the
 *   row back in the queue and the job retries later with backoff.
 */

const SLICE_MS = 20_000;
const LEASE_SECONDS = 60;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Channels made once per Deps: a pooled transport lives as long as the app. */
const made = new WeakMap<Deps, Map<string, Channel>>();

function channelOf(deps: Deps, registry: DeliveryRegistry, name: string): Channel {
  const mine = made.get(deps) ?? new Map<string, Channel>();
  made.set(deps, mine);
  let channel = mine.get(name);
  if (!channel) {
    const make = registry.channels[name];
    if (!make) throw new Error(`No delivery channel named ${name}`);
    channel = make(deps);
    mine.set(name, channel);
  }
  return channel;
}

/** Closes the channels made for this Deps (the app is closing). */
export function closeDeliveryChannels(deps: Deps) {
  for (const channel of made.get(deps)?.values() ?? []) channel.close?.();
  made.delete(deps);
}

export async function runDelivery(
  deps: Deps,
  registry: DeliveryRegistry,
  deliveryId: number,
  ctx: Pick<JobContext, 'id' | 'kind' | 'signal'>,
  /** The job's last try: an error fails the delivery (its source is told) instead of waiting for a retry. */
  lastTry = false,
) {
  const me = ctx.id;
  const [taken] = (
    await deps.db.execute<{ source: string }>(sql`update deliveries set lease_owner = ${me},
        lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
      where id = ${deliveryId} and status = 'sending'
        and (send_at is null or send_at <= now())
        and (lease_owner is null or lease_owner = ${me} or lease_until < now())
      returning source`)
  ).rows;
  if (!taken) return { ran: false, ...(await waitForSendAt(deps, deliveryId, ctx.kind)) };
  const source = registry.sources.find((s) => s.name === taken.source);
  if (!source) throw new Error(`No delivery source named ${taken.source}`);
  const requeued = await requeueInFlight(deps.db, deliveryId);
  if (requeued)
    deps.log.warn(
      { deliveryId, rows: requeued },
      'delivery: sending again the rows in flight at a stop',
    );
  const run = { deps, deliveryId, me, source, kind: ctx.kind };
  try {
    const composer = await source.open(deps, deliveryId);
    const end = Date.now() + SLICE_MS;
    let sent = 0;
    for (const name of source.channels) {
      const outcome = await sendChannel(
        run,
        composer,
        channelOf(deps, registry, name),
        end,
        ctx.signal,
      );
      sent += outcome.sent;
      if (outcome.stop) return { sent, ...outcome.stop };
    }
    return { sent, ...(await finish(run)) };
  } catch (err) {
    if (err instanceof DeliveryFailure) return fail(run, err.message);
    if (lastTry) await fail(run, (err as Error).message);
    throw err;
  }
}

/**
 * Sends the channel's queued rows until none is left (`stop` unset) or the
 * run must end: the lease lost, the delivery paused or cancelled, the slice
 * over, the hour's budget spent.
 */
async function sendChannel(
  run: Run,
  composer: Composer,
  channel: Channel,
  end: number,
  signal: AbortSignal,
): Promise<{ sent: number; stop?: Record<string, unknown> }> {
  const { deps, deliveryId, me } = run;
  let sent = 0;
  // Claims go on after the last row claimed: the rows behind it were
  // updated, and their old `queued` index entries stay until a vacuum (none
  // runs on the embedded database), so each claim from the start stepped
  // over more of them and the rate fell batch after batch (docs/performance.md,
  // Mailers). Rows put back behind the cursor (retry the failed) are found by
  // one more scan from the start before the end.
  let after = 0;
  // Each mail leaves its MIME message behind as garbage (~25 kB), which V8
  // let pile up: +160 MB of RSS on a 20,000-mail campaign, +45 MB collected.
  const collect = heapKeeper();
  for (;;) {
    // Still ours and still sending? (Renews the lease.)
    const [state] = (
      await deps.db.execute<{
        status: string;
        rate_per_minute: number | null;
      }>(sql`update deliveries set lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
        where id = ${deliveryId} and lease_owner = ${me} returning status, rate_per_minute`)
    ).rows;
    if (!state) return { sent, stop: { lost: true } };
    if (state.status !== 'sending') {
      // Hand the lease back unless it was resumed meanwhile (then go on).
      const released =
        await deps.db.execute(sql`update deliveries set lease_owner = null, lease_until = null
        where id = ${deliveryId} and lease_owner = ${me} and status <> 'sending' returning id`);
      if (released.rows.length) return { sent, stop: { stopped: state.status } };
      continue;
    }
    if (Date.now() > end || signal.aborted) return { sent, stop: await handOver(run, 0) };
    let size = channel.batch;
    if (channel.perSecond) size = Math.min(size, channel.perSecond);
    if (channel.perHour) {
      const left = channel.perHour - (await recentlySent(deps.db, channel.name));
      if (left <= 0) return { sent, stop: await handOver(run, 60) };
      size = Math.min(size, left);
    }
    const rate = state.rate_per_minute;
    if (rate) {
      const pace = paceNow(rate, await minuteWindow(deps.db, deliveryId, channel.name), size);
      if (!pace.size) {
        const waited = await waitOrHandOver(run, pace.waitMs, end, signal);
        if (waited) return { sent, stop: waited };
        continue;
      }
      size = pace.size;
    }
    const started = Date.now();
    const fromStart = after === 0;
    const claimed = await claimBatch(deps.db, deliveryId, channel.name, after, size);
    if (!claimed.length && !fromStart) {
      after = 0;
      continue;
    }
    if (!claimed.length) return { sent };
    after = Math.max(...claimed.map((c) => c.id));
    // A scan from the start that found less than a batch found every row left
    // (a system mail's one row): no claim more, nor a lease renewal, to know it.
    const lastBatch = fromStart && claimed.length < size;
    const composed = await composer.compose(channel.name, claimed);
    const batch: Addressed<unknown>[] = [];
    const outcomes: Outcome[] = [];
    for (const row of claimed) {
      const c = composed.get(row.id) ?? { skip: 'nothing to send' };
      if ('skip' in c) outcomes.push({ id: row.id, state: 'skipped', reason: c.skip });
      else batch.push({ row, message: c.message });
    }
    if (batch.length) outcomes.push(...(await channel.send(batch, signal)));
    await writeOutcomes(deps.db, outcomes);
    collect();
    sent += outcomes.filter((o) => o.state === 'sent').length;
    const temporary = outcomes.find((o) => o.state === 'queued');
    // The job's retry (same id, so the lease stays ours) tries again after a backoff.
    if (temporary && 'reason' in temporary)
      throw new Error(`The ${channel.name} channel did not take the messages: ${temporary.reason}`);
    if (channel.perSecond) {
      const wait = (claimed.length * 1000) / channel.perSecond - (Date.now() - started);
      if (wait > 0) await sleep(wait);
    }
    if (lastBatch) return { sent };
    if (rate) {
      const waited = await waitOrHandOver(
        run,
        waitAfter(rate, claimed.length, Date.now() - started),
        end,
        signal,
      );
      if (waited) return { sent, stop: waited };
    }
  }
}

/**
 * The rate's wait (rate.ts): slept here when it ends within the slice,
 * otherwise the run ends and its continuation is queued for when the wait
 * is over (a rate of a few a minute does not hold a job for minutes).
 */
async function waitOrHandOver(run: Run, waitMs: number, end: number, signal: AbortSignal) {
  if (waitMs <= 0) return null;
  if (Date.now() + waitMs > end || signal.aborted) return handOver(run, Math.ceil(waitMs / 1000));
  await sleep(waitMs);
  return null;
}
