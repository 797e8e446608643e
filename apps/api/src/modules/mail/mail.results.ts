import type { MailerResults } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { type FileAnswer, textFile } from '../../lib/file-answer.ts';
import { csvChunks, keysetRows, type XlsxColumn } from '../../lib/xlsx/export.ts';
import { linkClicks, pendingPerRecipient, trackingPerRecipient } from './mail.tracking-events.ts';

/**
 * A mailer's results (contract: mail-results.ts): its ledger counted by
 * state, its opens and clicks (mail.tracking.ts; the counts with the events
 * not folded in yet, mail.tracking-events.ts) and the recipients as CSV.
 * The ledger's states are read as they come, not from a fixed list: a
 * `bounced` state, when bounces are recorded, is counted without a change here.
 */

const HOUR = 3_600_000;
/** The first hours are shown hour by hour, the rest day by day. */
const HOURLY = 48;

async function mailerOf(deps: Deps, id: number) {
  const [m] = (
    await deps.db.execute<{ delivery_id: number | string; track: boolean }>(
      sql`select delivery_id, track from mailers where id = ${id}`,
    )
  ).rows;
  if (!m) throw notFound('Mailer');
  return { deliveryId: Number(m.delivery_id), track: m.track };
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

export async function mailerResults(deps: Deps, id: number): Promise<MailerResults> {
  const { deliveryId, track } = await mailerOf(deps, id);
  const states = (
    await deps.db.execute<{ state: string; n: number; sent: number; first: string | Date | null }>(
      sql`select state, count(*)::int as n, count(sent_at)::int as sent, min(sent_at) as first
        from delivery_recipients where delivery_id = ${deliveryId} and channel = 'bulk-mail'
        group by state`,
    )
  ).rows;
  const byState = (s: string) => states.find((r) => r.state === s)?.n ?? 0;
  const sent = states.reduce((a, r) => a + r.sent, 0);
  const firsts = states.flatMap((r) => (r.first === null ? [] : [new Date(r.first).getTime()]));
  const startedAt = firsts.length ? new Date(Math.min(...firsts)) : null;
  const [people] = (
    await deps.db.execute<{ opened: number; clicked: number; unsubscribed: number }>(
      sql`select count(*) filter (where opens > 0)::int as opened,
          count(*) filter (where clicks > 0)::int as clicked,
          (select count(*)::int from mail_suppressions
            where mailer_id = ${id} and reason = 'unsubscribed') as unsubscribed
        from ${trackingPerRecipient(id)} t`,
    )
  ).rows;
  const links = (
    await deps.db.execute<{ url: string; clicks: number }>(
      sql`select url, clicks from ${linkClicks(id)} l order by clicks desc, url limit 10`,
    )
  ).rows;
  const bounced = byState('bounced');
  return {
    id,
    track,
    recipients: states.reduce((a, r) => a + r.n, 0),
    sent,
    delivered: sent - bounced,
    failed: byState('failed'),
    bounced,
    skipped: byState('skipped'),
    opened: people?.opened ?? 0,
    clicked: people?.clicked ?? 0,
    unsubscribed: people?.unsubscribed ?? 0,
    startedAt: startedAt?.toISOString() ?? null,
    series: track && startedAt ? await series(deps, id, startedAt) : [],
    links: links.map((l) => ({ url: l.url, clicks: l.clicks })),
  };
}

/**
 * First opens and first clicks by hour since sending began, for the first
 * 48 hours, then by day (each day counted from the same origin). Buckets
 * without events are there as zeros up to now within the first 48 hours,
 * and up to the last event after them.
 */
async function series(deps: Deps, id: number, start: Date): Promise<MailerResults['series']> {
  const rows = (
    await deps.db.execute<{
      h: number;
      opens: number;
      clicks: number;
    }>(sql`with t as ${trackingPerRecipient(id)},
      ev as (
        select first_opened_at as at, 1 as o, 0 as c from t where first_opened_at is not null
        union all
        select first_clicked_at, 0, 1 from t where first_clicked_at is not null
      )
      select greatest(0, floor(extract(epoch from (at - ${start.toISOString()}::timestamptz)) / 3600))::int as h,
        sum(o)::int as opens, sum(c)::int as clicks
      from ev group by 1`)
  ).rows;
  const bucketOf = (h: number) => (h < HOURLY ? h : HOURLY + Math.floor((h - HOURLY) / 24));
  const elapsed = Math.floor((deps.clock().getTime() - start.getTime()) / HOUR);
  const last = Math.max(Math.min(elapsed, HOURLY - 1), ...rows.map((r) => bucketOf(r.h)));
  const points = Array.from({ length: last + 1 }, (_, b) => ({
    at: new Date(
      start.getTime() + (b < HOURLY ? b : HOURLY + (b - HOURLY) * 24) * HOUR,
    ).toISOString(),
    unit: b < HOURLY ? ('hour' as const) : ('day' as const),
    opens: 0,
    clicks: 0,
  }));
  for (const r of rows) {
    const p = points[bucketOf(r.h)]!;
    p.opens += r.opens;
    p.clicks += r.clicks;
  }
  return points;
}

interface RecipientRow {
  id: number;
  email: string | null;
  state: string;
  reason: string | null;
  sentAt: string | null;
  openedAt: string | null;
  clickedAt: string | null;
  opens: number;
  clicks: number;
}

const COLUMNS: XlsxColumn<RecipientRow>[] = [
  { header: 'E-mail', key: 'email' },
  { header: 'Status', key: 'state' },
  { header: 'Reason', key: 'reason' },
  { header: 'Sent at', key: 'sentAt' },
  { header: 'First opened at', key: 'openedAt' },
  { header: 'First clicked at', key: 'clickedAt' },
  { header: 'Opens', key: 'opens' },
  { header: 'Clicks', key: 'clicks' },
];

/** The ledger in id order, page by page (lib/xlsx/export.ts, keysetRows), with each row's opens and clicks. */
export async function mailerResultsFile(deps: Deps, id: number): Promise<FileAnswer> {
  const { deliveryId } = await mailerOf(deps, id);
  const page = async (after: number | null, limit: number): Promise<RecipientRow[]> =>
    (
      await deps.db.execute<{
        id: number | string;
        address: string | null;
        state: string;
        reason: string | null;
        sent_at: string | Date | null;
        first_opened_at: string | Date | null;
        first_clicked_at: string | Date | null;
        opens: number;
        clicks: number;
      }>(sql`select r.id, r.address, r.state, r.reason, r.sent_at,
          least(t.first_opened_at, p.first_opened_at) as first_opened_at,
          least(t.first_clicked_at, p.first_clicked_at) as first_clicked_at,
          (coalesce(t.opens, 0) + coalesce(p.opens, 0))::int as opens,
          (coalesce(t.clicks, 0) + coalesce(p.clicks, 0))::int as clicks
        from delivery_recipients r left join mail_tracking t on t.recipient_id = r.id
          left join ${pendingPerRecipient(id)} p on p.recipient_id = r.id
        where r.delivery_id = ${deliveryId} and r.channel = 'bulk-mail' and r.id > ${after ?? 0}
        order by r.id limit ${limit}`)
    ).rows.map((r) => ({
      id: Number(r.id),
      email: r.address,
      state: r.state,
      reason: r.reason,
      sentAt: iso(r.sent_at),
      openedAt: iso(r.first_opened_at),
      clickedAt: iso(r.first_clicked_at),
      opens: r.opens,
      clicks: r.clicks,
    }));
  return textFile(`Mailer ${id} recipients.csv`, 'text/csv; charset=utf-8', () =>
    csvChunks(
      COLUMNS,
      keysetRows(page, (r) => r.id),
    ),
  );
}
