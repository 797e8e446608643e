import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/csv.ts';
import { decodeQuotedPrintable } from '../../test/smtp-receiver.ts';
import { foldAllEvents, sendMailerTo, useCampaignTestApp } from './mail.testing.ts';

/**
 * Opens and clicks of a tracked mailer (mail.tracking.ts) and its results
 * (mail.results.ts): the mails as the real SMTP receiver got them carry the
 * open image and links through the signed redirect; fetching them counts
 * once per recipient (again: the count grows, the first time stays); a
 * changed token or URL is a 404 and never a redirect; an untracked mailer's
 * mail has neither; the results and the CSV say the same.
 */
const w = useCampaignTestApp({ MAILER_RATE_PER_SECOND: '0', MAILER_CONCURRENCY: '4' });
const db = () => w.t.app.deps.db;

const LINK = 'https://example.com/read?a=1&b=2';
const HTML = `<p>Dear {{name}},</p><p><a href="${LINK.replace('&', '&amp;')}">Read more</a> or <a href="mailto:help@example.test">mail us</a>.</p>`;

const sendTo = (prefix: string, n: number, track?: boolean) =>
  sendMailerTo(w, prefix, n, { html: HTML, ...(track === undefined ? {} : { track }) });

/** The mail one address received, quoted-printable undone. */
function mailTo(address: string) {
  const raw = w.smtp.raws.find((r) => r.includes(`To: ${address}`));
  expect(raw, `a mail to ${address}`).toBeDefined();
  return decodeQuotedPrintable(raw!);
}

const pixelIn = (mail: string) =>
  /<img src="(https?:\/\/[^"]+\/m\/o\/[^"]+\.gif)" width="1" height="1"/.exec(mail)?.[1];
const clicksIn = (mail: string) =>
  [...mail.matchAll(/(https?:\/\/[^\s"<>)]+\/m\/c\/[^\s"<>)]+)/g)].map((m) =>
    m[1]!.replaceAll('&amp;', '&'),
  );
const local = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};
const visit = (url: string) => w.t.app.inject({ method: 'GET', url: local(url) });

const results = async (id: number) => {
  const res = await w.get(`/mail/mailerresults?id=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('tracked mailers', () => {
  it('carries the open image and signed links, and counts each recipient once', async () => {
    const { id, track } = await sendTo('tracked', 3, true);
    expect(track).toBe(true);
    const [one, two] = [mailTo('tracked-1@example.test'), mailTo('tracked-2@example.test')];
    const pixel = pixelIn(one)!;
    expect(pixel).toBeDefined();
    // Both parts' web links go through the redirect; mailto and unsubscribe do not.
    const links = clicksIn(one);
    expect(links.length).toBe(2);
    for (const l of links) expect(new URL(l).searchParams.get('u')).toBe(LINK);
    expect(one).toContain('href="mailto:help@example.test"');
    expect(one).toMatch(
      /<a href="https?:\/\/[^"]+\/unsubscribe\/\d+-\d+-[0-9a-f]{32}">Unsubscribe/,
    );
    expect(one).not.toContain(`href="${LINK.replace('&', '&amp;')}"`);

    const open = await visit(pixel);
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('image/gif');
    expect(open.headers['cache-control']).toContain('no-store');
    expect(open.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    const click = await visit(links[0]!);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(LINK);

    await foldAllEvents(w.t.app.deps);
    const first = (await db().execute(
      sql`select first_opened_at, first_clicked_at from mail_tracking where mailer_id = ${id}`,
    )) as unknown as { rows: { first_opened_at: string; first_clicked_at: string }[] };
    expect(first.rows).toHaveLength(1);

    // Again, and the other recipient at the same time (one group commit may take both).
    await Promise.all([visit(pixel), visit(pixel), visit(links[1]!), visit(pixelIn(two)!)]);
    await foldAllEvents(w.t.app.deps);
    const rows = (await db().execute(
      sql`select t.opens, t.clicks, t.first_opened_at, t.first_clicked_at, r.address
        from mail_tracking t join delivery_recipients r on r.id = t.recipient_id
        where t.mailer_id = ${id} order by r.address`,
    )) as unknown as {
      rows: {
        opens: number;
        clicks: number;
        first_opened_at: string;
        first_clicked_at: string | null;
        address: string;
      }[];
    };
    expect(rows.rows.map((r) => [r.address, r.opens, r.clicks])).toEqual([
      ['tracked-1@example.test', 3, 2],
      ['tracked-2@example.test', 1, 0],
    ]);
    // The first times stay as they were.
    expect(String(rows.rows[0]!.first_opened_at)).toBe(String(first.rows[0]!.first_opened_at));
    expect(String(rows.rows[0]!.first_clicked_at)).toBe(String(first.rows[0]!.first_clicked_at));

    const r = await results(id);
    expect(r).toMatchObject({
      track: true,
      recipients: 3,
      sent: 3,
      delivered: 3,
      failed: 0,
      bounced: 0,
      skipped: 0,
      opened: 2,
      clicked: 1,
      unsubscribed: 0,
      links: [{ url: LINK, clicks: 2 }],
    });
    expect(r.series[0]).toMatchObject({ unit: 'hour', opens: 2, clicks: 1 });
    expect(r.series[0].at).toBe(r.startedAt);

    // An open two and a half days on falls in the first day after the 48 hours.
    await db().execute(sql`update mail_tracking set first_opened_at = first_opened_at + interval '60 hours'
      where mailer_id = ${id} and opens = 1`);
    const later = await results(id);
    expect(later.series).toHaveLength(49);
    expect(later.series[0]).toMatchObject({ opens: 1, clicks: 1 });
    expect(later.series[48]).toMatchObject({ unit: 'day', opens: 1, clicks: 0 });
    expect(new Date(later.series[48].at).getTime() - new Date(later.startedAt).getTime()).toBe(
      48 * 3_600_000,
    );

    // The CSV: every recipient with its times and counts.
    const csv = await w.get(`/mail/mailerresultsdownload?id=${id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const [header, ...lines] = parseCsv(csv.body);
    expect(header).toEqual([
      'E-mail',
      'Status',
      'Reason',
      'Sent at',
      'First opened at',
      'First clicked at',
      'Opens',
      'Clicks',
    ]);
    expect(lines).toHaveLength(3);
    const byAddress = new Map(lines.map((l) => [l[0], l]));
    // The same figures as the results.
    expect(lines.filter((l) => l[1] === 'sent')).toHaveLength(later.sent);
    expect(lines.filter((l) => l[4])).toHaveLength(later.opened);
    expect(lines.filter((l) => l[5])).toHaveLength(later.clicked);
    const a = byAddress.get('tracked-1@example.test')!;
    expect(a.slice(1, 3)).toEqual(['sent', '']);
    expect(a[3]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(a[4]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(a[5]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(a.slice(6)).toEqual(['3', '2']);
    expect(byAddress.get('tracked-2@example.test')!.slice(5)).toEqual(['', '1', '0']);
    expect(byAddress.get('tracked-3@example.test')!.slice(4)).toEqual(['', '', '0', '0']);
  });

  it('answers a changed token or URL with a 404 page, never a redirect, and counts nothing', async () => {
    const { id } = await sendTo('tampered', 1, true);
    const mail = mailTo('tampered-1@example.test');
    const link = new URL(clicksIn(mail)[0]!);
    const pixel = new URL(pixelIn(mail)!);
    const otherUrl = new URL(link);
    otherUrl.searchParams.set('u', 'https://evil.example.net/');
    const otherRow = new URL(link);
    otherRow.pathname = otherRow.pathname.replace(/\/(\d+)-/, (_, n) => `/${Number(n) + 1}-`);
    const badMac = new URL(link);
    badMac.pathname = badMac.pathname.replace(/-[0-9a-f]{32}$/, `-${'0'.repeat(32)}`);
    const noUrl = new URL(link);
    noUrl.search = '';
    for (const bad of [otherUrl, otherRow, badMac, noUrl]) {
      const res = await visit(bad.href);
      expect(res.statusCode, bad.href).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('Link not valid');
    }
    const badPixel = pixel.pathname.replace(/-[0-9a-f]{32}\.gif$/, `-${'f'.repeat(32)}.gif`);
    for (const bad of [badPixel, pixel.pathname.replace(/\.gif$/, '.png')]) {
      const res = await w.t.app.inject({ method: 'GET', url: bad });
      expect(res.statusCode, bad).toBe(404);
      expect(res.headers['content-type']).not.toContain('image');
    }
    expect(await results(id)).toMatchObject({ opened: 0, clicked: 0, links: [] });
  });

  it('leaves an untracked mailer (the default) without image or rewritten links', async () => {
    const { id, track } = await sendTo('untracked', 2);
    expect(track).toBe(false);
    const mail = mailTo('untracked-1@example.test');
    expect(pixelIn(mail)).toBeUndefined();
    expect(clicksIn(mail)).toEqual([]);
    expect(mail).not.toContain('/m/o/');
    expect(mail).toContain(`href="${LINK.replace('&', '&amp;')}"`);
    const r = await results(id);
    expect(r).toMatchObject({ track: false, sent: 2, opened: 0, clicked: 0, series: [] });
  });

  it('counts who unsubscribed through the mailer, and answers 404 for no mailer', async () => {
    const { id } = await sendTo('unsub', 2, true);
    const mail = mailTo('unsub-1@example.test');
    const link = /^List-Unsubscribe:\s*<(https?:\/\/[^>]+)>/m.exec(mail)![1]!;
    const res = await w.t.app.inject({ method: 'POST', url: local(link) });
    expect(res.statusCode).toBe(200);
    expect(await results(id)).toMatchObject({ recipients: 2, sent: 2, unsubscribed: 1 });
    const missing = await w.get('/mail/mailerresults?id=999999');
    expect(missing.statusCode).toBe(404);
  });
});
