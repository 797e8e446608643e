import { type SQL, sql } from 'drizzle-orm';
import type { RecipientState } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import type { Executor } from '../../jobs/tx-sql.ts';
import type { LedgerRow, Outcome } from './types.ts';

/** The delivery ledger's statements: making a delivery, claiming rows, writing outcomes, totals. */

const idArray = (ids: number[]) => `{${ids.join(',')}}`;

/**
 * The two queues a delivery runs on: `delivery.send` for campaigns (one at a
 * time per process, so its per-second throttle holds), `delivery.now` for
 * system mails (sign-in codes never wait behind a campaign).
 */
export type DeliveryLane = 'delivery.send' | 'delivery.now';

/** The rows of one channel: a SELECT of (learner_id, address, payload, state, reason). */
export interface LedgerFill {
  channel: string;
  rows: SQL;
}

/**
 * A delivery, its ledger (one INSERT … SELECT per channel) and its sending
 * job, in the caller's transaction: the delivery exists and is sent if and
 * only if that transaction commits.
 */
export async function createDelivery(
  deps: Pick<Deps, 'jobs'>,
  tx: Executor,
  opts: {
    source: string;
    lane: DeliveryLane;
    fills: LedgerFill[];
    by?: number | null;
    ratePerMinute?: number | null;
  },
): Promise<number> {
  const id = await insertDelivery(tx, opts.source);
  await startDelivery(deps, tx, id, opts);
  return id;
}

/** The delivery's row alone (its owner's row names it before the ledger is written). */
export async function insertDelivery(tx: Executor, source: string): Promise<number> {
  const [made] = (
    await tx.execute<{ id: number | string }>(
      sql`insert into deliveries (source) values (${source}) returning id`,
    )
  ).rows;
  return Number(made!.id);
}

/**
 * Writes the ledger and queues the sending. The INSERTs have no ON
 * CONFLICT: the delivery is new and each learner comes once per channel, so
 * the key cannot clash, and its speculative insertion cost a quarter to a
 * third of the statement at 100,000 rows.
 */
export async function startDelivery(
  deps: Pick<Deps, 'jobs'>,
  tx: Executor,
  id: number,
  opts: {
    lane: DeliveryLane;
    fills: LedgerFill[];
    by?: number | null;
    sendAt?: Date;
    /** Its pace (rate.ts); absent: none. */
    ratePerMinute?: number | null;
  },
) {
  if (opts.sendAt || opts.ratePerMinute)
    await tx.execute(
      sql`update deliveries set send_at = ${opts.sendAt?.toISOString() ?? null},
        rate_per_minute = ${opts.ratePerMinute ?? null} where id = ${id}`,
    );
  for (const fill of opts.fills)
    await tx.execute(sql`insert into delivery_recipients (delivery_id, channel, learner_id, address, payload, state, reason)
      select ${id}, ${fill.channel}, f.learner_id, f.address, f.payload, f.state, f.reason
      from (${fill.rows}) as f(learner_id, address, payload, state, reason)`);
  await deps.jobs.enqueue(
    tx,
    opts.lane,
    { deliveryId: id },
    { by: opts.by ?? null, ...untilSendAt(opts.sendAt) },
  );
}

/** The queue's delay until `sendAt` (none when it is past or absent). */
export function untilSendAt(sendAt: Date | null | undefined, now = Date.now()) {
  const seconds = sendAt ? Math.ceil((sendAt.getTime() - now) / 1000) : 0;
  return seconds > 0 ? { startAfterSeconds: seconds } : {};
}

/** Rows left `sending` by a run that stopped: back to the queue (they may be sent twice). */
export async function requeueInFlight(db: Executor, deliveryId: number): Promise<number> {
  const [r] = (
    await db.execute<{ n: number }>(sql`with r as (update delivery_recipients set state = 'queued'
      where delivery_id = ${deliveryId} and state = 'sending' returning 1) select count(*)::int as n from r`)
  ).rows;
  return r?.n ?? 0;
}

/** Rows of a channel sent in the last hour, everywhere (the per-hour throttle). */
export async function recentlySent(db: Executor, channel: string): Promise<number> {
  const [r] = (
    await db.execute<{ n: number }>(sql`select count(*)::int as n from delivery_recipients
      where channel = ${channel} and state = 'sent' and sent_at > now() - interval '1 hour'`)
  ).rows;
  return r?.n ?? 0;
}

/** Claims up to `size` queued rows of a channel after the cursor: `queued` → `sending`. */
export async function claimBatch(
  db: Executor,
  deliveryId: number,
  channel: string,
  after: number,
  size: number,
): Promise<LedgerRow[]> {
  const claimed = (
    await db.execute<{
      id: number | string;
      learner_id: number | string | null;
      address: string | null;
      payload: string | null;
    }>(sql`with c as (select id from delivery_recipients
        where delivery_id = ${deliveryId} and channel = ${channel} and state = 'queued' and id > ${after}
        order by id limit ${size} for update skip locked)
      update delivery_recipients r set state = 'sending', claimed_at = now(), attempts = r.attempts + 1
      from c where r.id = c.id
      returning r.id, r.learner_id, r.address, r.payload`)
  ).rows;
  return claimed.map((c) => ({
    id: Number(c.id),
    channel,
    learnerId: c.learner_id === null ? null : Number(c.learner_id),
    address: c.address,
    payload: c.payload,
  }));
}

/**
 * One UPDATE per kind of outcome; only rows still `sending` change, except
 * that a message which went out is recorded as sent even when a cancel
 * skipped its row meanwhile (the cancel takes rows in flight too). A sent
 * row's sealed payload is cleared: its codes and links are no longer needed.
 */
export async function writeOutcomes(db: Executor, outcomes: Outcome[]) {
  const sentIds = outcomes.filter((o) => o.state === 'sent').map((o) => o.id);
  if (sentIds.length)
    await db.execute(sql`update delivery_recipients set state = 'sent', sent_at = now(), reason = null, payload = null
      where id = any(${idArray(sentIds)}::bigint[])
        and (state = 'sending' or (state = 'skipped' and reason = 'cancelled'))`);
  const others = outcomes.filter((o) => o.state !== 'sent');
  if (others.length)
    await db.execute(sql`update delivery_recipients r set state = v.state, reason = v.reason
      from jsonb_to_recordset(${JSON.stringify(others)}::jsonb) as v(id bigint, state text, reason text)
      where r.id = v.id and r.state = 'sending'`);
}

export type DeliveryTotals = Record<RecipientState, number> & { recipients: number };

const EMPTY: DeliveryTotals = {
  recipients: 0,
  queued: 0,
  sending: 0,
  sent: 0,
  failed: 0,
  skipped: 0,
  bounced: 0,
  complained: 0,
};

/** Totals by state of some deliveries (of one channel when given), in one grouped query over the ledger's index. */
export async function deliveryTotals(
  db: Executor,
  ids: number[],
  channel?: string,
): Promise<Map<number, DeliveryTotals>> {
  const out = new Map(ids.map((id) => [id, { ...EMPTY }]));
  if (!ids.length) return out;
  const rows = (
    await db.execute<{
      delivery_id: number | string;
      state: RecipientState;
      n: number;
    }>(sql`select delivery_id, state, count(*)::int as n from delivery_recipients
      where delivery_id = any(${idArray(ids)}::bigint[]) ${channel ? sql`and channel = ${channel}` : sql``}
      group by delivery_id, state`)
  ).rows;
  for (const r of rows) {
    const t = out.get(Number(r.delivery_id))!;
    t[r.state] = r.n;
    t.recipients += r.n;
  }
  return out;
}

/**
 * A scheduled delivery woken early (resumed before its time, a stray run)
 * sleeps again until its time: the one rule that keeps it from starting
 * early, whoever queued the run.
 */
export async function waitForSendAt(
  deps: Pick<Deps, 'db' | 'jobs'>,
  deliveryId: number,
  lane: string,
) {
  const [row] = (
    await deps.db.execute<{ send_at: string | Date | null }>(
      sql`select send_at from deliveries where id = ${deliveryId} and status = 'sending' and send_at > now()`,
    )
  ).rows;
  if (!row?.send_at) return {};
  await deps.jobs.enqueue(
    deps.db,
    lane as DeliveryLane,
    { deliveryId },
    untilSendAt(new Date(row.send_at)),
  );
  return { waitingUntil: new Date(row.send_at).toISOString() };
}
