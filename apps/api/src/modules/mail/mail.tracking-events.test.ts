import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { foldAllEvents, sendMailerTo, useCampaignTestApp } from './mail.testing.ts';
import {
  FOLD_AFTER_MS,
  foldTrackingEvents,
  type TrackEvent,
  trackingEvents,
} from './mail.tracking-events.ts';

/**
 * How opens and clicks are stored (mail.tracking-events.ts): appended as
 * rows, folded into the counts later. The results and the CSV are the same
 * before and after the fold; folds running at once count each event once;
 * events that no longer count (a deleted learner, an untracked mailer) are
 * dropped; events a stopped server left are folded at the next start. The
 * recorders here are the product's own, made with a fold that waits a minute
 * where a test needs the events still as rows.
 */
const w = useCampaignTestApp({ MAILER_RATE_PER_SECOND: '0', MAILER_CONCURRENCY: '4' });
const deps = () => w.t.app.deps;

const LINK = 'https://example.com/new';
const HTML = `<p>Dear {{name}},</p><p><a href="${LINK}">New</a></p>`;
const send = (prefix: string, n: number, track = true) =>
  sendMailerTo(w, prefix, n, { html: HTML, track });

const opens = (rowId: number): TrackEvent => ({ kind: 'open', rowId, url: null });
const click = (rowId: number): TrackEvent => ({ kind: 'click', rowId, url: LINK });

async function count(table: 'mail_tracking_events' | 'mail_tracking', where = sql`true`) {
  const [row] = (
    await deps().db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`,
    )
  ).rows;
  return row?.n ?? 0;
}

const results = async (id: number) => (await w.get(`/mail/mailerresults?id=${id}`)).json();
const csv = async (id: number) => (await w.get(`/mail/mailerresultsdownload?id=${id}`)).body;

describe('tracking events', () => {
  it('shows events not folded yet in the results and the CSV, and the same after the fold', async () => {
    const { id, rows } = await send('pending', 3);
    const [a, b] = rows as [number, number];
    const events = trackingEvents(deps(), { foldAfterMs: 60_000 });
    try {
      await Promise.all([opens(a), opens(a), click(a), opens(b)].map(events.record));
      // Folded once already, then more events: the results add both.
      await foldAllEvents(deps());
      await Promise.all([opens(b), click(b), click(b)].map(events.record));
      expect(await count('mail_tracking_events')).toBe(3);

      const before = { results: await results(id), csv: await csv(id) };
      expect(before.results).toMatchObject({
        opened: 2,
        clicked: 2,
        links: [{ url: LINK, clicks: 3 }],
      });
      expect(before.results.series[0]).toMatchObject({ opens: 2, clicks: 2 });
      const lines = before.csv.trim().split(/\r?\n/).slice(1);
      expect(lines.map((l) => l.split(',').slice(-2).join(','))).toEqual(['2,1', '2,2', '0,0']);

      await foldAllEvents(deps());
      expect(await count('mail_tracking_events')).toBe(0);
      expect(await results(id)).toEqual(before.results);
      expect(await csv(id)).toBe(before.csv);
    } finally {
      await events.close();
    }
  });

  it('counts each event once when folds run at once', async () => {
    const { id, rows } = await send('at-once', 50);
    const events = trackingEvents(deps(), { foldAfterMs: 60_000 });
    try {
      const all = rows.flatMap((row) => [opens(row), opens(row), click(row)]);
      for (let i = 0; i < 4; i++) await Promise.all(all.map(events.record));
      const recorded = all.length * 4;
      expect(await count('mail_tracking_events')).toBe(recorded);
      // Four folds of 50 side by side until nothing is left (PostgreSQL runs them at once).
      let taken = 0;
      for (;;) {
        const round = await Promise.all([1, 2, 3, 4].map(() => foldTrackingEvents(deps(), 50)));
        taken += round.reduce((s, n) => s + n, 0);
        if (round.every((n) => n === 0)) break;
      }
      expect(taken).toBe(recorded);
      const [sums] = (
        await deps().db.execute<{ opens: number; clicks: number; link: number }>(
          sql`select sum(opens)::int as opens, sum(clicks)::int as clicks,
            (select clicks from mail_link_clicks where mailer_id = ${id}) as link
          from mail_tracking where mailer_id = ${id}`,
        )
      ).rows;
      expect(sums).toEqual({ opens: 50 * 8, clicks: 50 * 4, link: 50 * 4 });
    } finally {
      await events.close();
    }
  });

  it("drops the events of a deleted learner and of an untracked mailer's recipients", async () => {
    const tracked = await send('gone', 2);
    const untracked = await send('untracked', 1, false);
    const events = trackingEvents(deps(), { foldAfterMs: 60_000 });
    try {
      const [kept, gone] = tracked.rows as [number, number];
      await Promise.all(
        [opens(kept), opens(gone), click(gone), opens(untracked.rows[0]!)].map(events.record),
      );
      await deps().db.execute(sql`delete from learners where email = 'gone-2@example.test'`);
      expect(await results(tracked.id)).toMatchObject({ opened: 1, clicked: 0, links: [] });
      expect(await results(untracked.id)).toMatchObject({ opened: 0, clicked: 0 });
      await foldAllEvents(deps());
      expect(await count('mail_tracking', sql`mailer_id = ${tracked.id}`)).toBe(1);
      expect(await count('mail_tracking', sql`mailer_id = ${untracked.id}`)).toBe(0);
      expect(await results(tracked.id)).toMatchObject({ opened: 1, clicked: 0, links: [] });
    } finally {
      await events.close();
    }
  });

  it('folds at start what a stopped server left', async () => {
    const { id, rows } = await send('left', 2);
    const stopped = trackingEvents(deps(), { foldAfterMs: 60_000 });
    await Promise.all(rows.map((row) => stopped.record(opens(row))));
    await stopped.close();
    expect(await count('mail_tracking_events')).toBe(2);

    const next = trackingEvents(deps());
    try {
      await next.foldLeftovers();
      await expect
        .poll(() => count('mail_tracking_events'), { timeout: FOLD_AFTER_MS + 10_000 })
        .toBe(0);
      expect(await count('mail_tracking', sql`mailer_id = ${id} and opens = 1`)).toBe(2);
    } finally {
      await next.close();
    }
  });
});
