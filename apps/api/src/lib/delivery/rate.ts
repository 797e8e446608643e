import { sql } from 'drizzle-orm';
import type { Executor } from '../../jobs/tx-sql.ts';

/**
 * A delivery's rate per minute (`deliveries.rate_per_minute`: a mailer's or
 * a notification's pace). Two rules, both the engine's (engine.ts):
 *
 * - Spread: a batch holds at most a second's share of the rate (one row at
 *   a low rate), and the run waits after it as long as its rows are worth
 *   (60 s / rate each), so the rows leave evenly over the minute.
 * - Cap, across crashes and processes: the rows of the channel sent in the
 *   last minute, counted in the ledger, never pass the rate. A run killed
 *   during its wait loses the wait, not the cap: the retry sends at most
 *   what the minute has left.
 *
 * Both are pure decisions on figures the engine reads, so tests check the
 * decisions without timing anything.
 */

const MINUTE_MS = 60_000;

/** The rows of a channel of one delivery sent in the last minute, and the age of the oldest of them. */
export interface MinuteWindow {
  sent: number;
  oldestAgeMs: number;
}

/** What the run may do now: claim up to `size` rows, or (size 0) wait `waitMs` first. */
export interface Pace {
  size: number;
  waitMs: number;
}

export function paceNow(ratePerMinute: number, window: MinuteWindow, batch: number): Pace {
  const left = ratePerMinute - window.sent;
  // The minute's budget is spent: wait until its oldest row leaves the window.
  if (left <= 0) return { size: 0, waitMs: Math.max(1000, MINUTE_MS - window.oldestAgeMs) };
  const share = Math.max(1, Math.ceil(ratePerMinute / 60));
  return { size: Math.min(batch, left, share), waitMs: 0 };
}

/** How long to wait after a batch of `rows` that took `elapsedMs`, so the rows are spread. */
export function waitAfter(ratePerMinute: number, rows: number, elapsedMs: number): number {
  return Math.max(0, Math.ceil((rows * MINUTE_MS) / ratePerMinute - elapsedMs));
}

/**
 * Over the sent rows' partial index (channel, sent_at): only the last
 * minute's rows of the channel are read, however large the delivery.
 */
export async function minuteWindow(
  db: Executor,
  deliveryId: number,
  channel: string,
): Promise<MinuteWindow> {
  const [r] = (
    await db.execute<{ n: number; age_ms: number | string | null }>(sql`select count(*)::int as n,
        extract(epoch from now() - min(sent_at)) * 1000 as age_ms
      from delivery_recipients
      where channel = ${channel} and state = 'sent' and sent_at > now() - interval '1 minute'
        and delivery_id = ${deliveryId}`)
  ).rows;
  return { sent: r?.n ?? 0, oldestAgeMs: Number(r?.age_ms ?? 0) };
}
