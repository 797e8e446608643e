import type { ReportSubscription } from '@bo/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { reportSubscriptions } from '../../db/schema/index.ts';
import { waitForJob } from '../../test/jobs.testing.ts';
import { decodeQuotedPrintable, type ReceivedMail } from '../../test/smtp-receiver.ts';
import { CHART_HEIGHT, CHART_WIDTH } from './reports.subscription-chart.ts';
import { claimDue } from './reports.subscriptions.jobs.ts';
import { inRange, useReportWorld } from './reports.testing.ts';

/** A due subscription's mail: figures, chart, file, links; sent once; unsubscribed once. */

const w = useReportWorld();

/** The parts of a MIME message: headers (lower-case names) and the body, base64 undone. */
function mimeParts(raw: string) {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1]!);
  let chunks = [raw];
  for (const b of boundaries) chunks = chunks.flatMap((c) => c.split(`--${b}`));
  return chunks.flatMap((chunk) => {
    const at = chunk.indexOf('\r\n\r\n');
    if (at < 0) return [];
    const head = chunk.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
    const headers = Object.fromEntries(
      head
        .split('\r\n')
        .filter((l) => l.includes(':'))
        .map((l) => [
          l.slice(0, l.indexOf(':')).trim().toLowerCase(),
          l.slice(l.indexOf(':') + 1).trim(),
        ]),
    );
    const text = chunk.slice(at + 4).trim();
    const body = /base64/i.test(headers['content-transfer-encoding'] ?? '')
      ? Buffer.from(text.replace(/\s+/g, ''), 'base64')
      : Buffer.from(decodeQuotedPrintable(text));
    return [{ headers, body }];
  });
}
const partOf = (mail: ReceivedMail, type: string) =>
  mimeParts(mail.raw).find((p) => (p.headers['content-type'] ?? '').startsWith(type));

describe('a due subscription', () => {
  it('mails its figures, an inline chart and the report’s file, once, with a working unsubscribe', async () => {
    const { t } = w;
    const admin = await t.createAdmin({ modules: ['reports'], email: 'sub@example.test' });
    const token = (await t.signIn(admin.email)).accessToken;
    // Wednesday 11 March 2026, before 07:00: the weekly mail on Wednesdays covers 4 to 10 March.
    t.clock.set(new Date('2026-03-11T06:00:00Z'));
    const bookId = w.books[0]!;
    const res = await t.as(token, {
      method: 'POST',
      url: '/api/report-subscriptions/create',
      payload: {
        report: 'redemptionsReport',
        filters: { bookId: String(bookId) },
        frequency: 'weekly',
        weekday: 3,
        hour: 7,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sub = res.json() as ReportSubscription;
    expect(sub.nextRunAt).toBe('2026-03-11T07:00:00.000Z');

    expect(await claimDue(t.app.deps)).toBe(0);
    t.clock.set(new Date('2026-03-11T07:00:20Z'));
    expect(await claimDue(t.app.deps)).toBe(1);
    // Claimed once: a second check (another process, a restart) finds its next run moved on.
    expect(await claimDue(t.app.deps)).toBe(0);
    const [row] = await t.app.deps.db
      .select()
      .from(reportSubscriptions)
      .where(eq(reportSubscriptions.id, sub.id));
    expect(row!.nextRunAt.toISOString()).toBe('2026-03-18T07:00:00.000Z');

    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(admin.email) && m.subject.startsWith('Redemptions report'),
    );
    // The book it is about, named (a reader may follow several books).
    const [named] = (
      await t.app.deps.db.execute<{ title: string; isbn: string }>(
        sql`select title, isbn from books where id = ${bookId}`,
      )
    ).rows;
    expect(mail.subject).toBe(
      `Redemptions report · Book: ${named!.title} (${named!.isbn}): 4 Mar 2026 to 10 Mar 2026`,
    );
    const range = { from: '2026-03-04', to: '2026-03-10' };
    const want = w.activity.redemptions.filter((r) => r.bookId === bookId && inRange(r.at, range));
    expect(want.length).toBeGreaterThan(0);

    const html = partOf(mail, 'text/html')!.body.toString('utf8');
    expect(html).toMatch(new RegExp(`Redemptions</td><td[^>]*>${want.length}</td>`));
    expect(html).toContain('src="cid:report-chart@backoffice"');
    expect(html).toContain(
      `https://backoffice.example.test/reports?report=redemptions&amp;bookId=${bookId}&amp;from=2026-03-04&amp;to=2026-03-10`,
    );

    const png = partOf(mail, 'image/png')!;
    expect(png.headers['content-id']).toBe('<report-chart@backoffice>');
    const image = PNG.sync.read(png.body);
    expect([image.width, image.height]).toEqual([CHART_WIDTH, CHART_HEIGHT]);
    const blue = (i: number) =>
      image.data[i] === 0x1c && image.data[i + 1] === 0x7e && image.data[i + 2] === 0xd6;
    let bars = 0;
    for (let i = 0; i < image.data.length; i += 4) if (blue(i)) bars++;
    expect(bars).toBeGreaterThan(100);

    const file = partOf(mail, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')!;
    expect(file.headers['content-disposition']).toContain(
      'Redemptions 2026-03-04 to 2026-03-10.xlsx',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Redeemed');
    expect(sheet.rowCount - 1).toBe(want.length);
    expect(Number(sheet.getRow(2).getCell(4).value)).toBe(bookId);

    // The send job run again (a crash after the mail was queued): nothing more is sent.
    const again = await t.app.deps.jobs.enqueue(t.app.deps.db, 'reports.subscription-send', {
      subscriptionId: sub.id,
      dueAt: '2026-03-11T07:00:00.000Z',
    });
    expect((await waitForJob(t.app, again)).output?.result).toEqual({ skipped: 'Already sent' });
    const list = (
      await t.as(token, { method: 'GET', url: '/api/report-subscriptions' })
    ).json() as { items: ReportSubscription[] };
    expect(list.items[0]).toMatchObject({
      lastSentAt: '2026-03-11T07:00:00.000Z',
      lastError: null,
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(
      t.smtp.mails.filter((m) => m.to.includes(admin.email) && m.subject.startsWith('Redemptions')),
    ).toHaveLength(1);

    // One-click unsubscribe: the link in the headers and the footer.
    const top = mimeParts(mail.raw)[0]!.headers;
    expect(top['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<([^>]+)>$/.exec(top['list-unsubscribe'] ?? '')![1]!;
    expect(html).toContain(link);
    const path = new URL(link).pathname;
    const forged = path.replace(/[0-9a-f]$/, (c) => (c === '0' ? '1' : '0'));
    expect((await t.app.inject({ method: 'POST', url: forged })).statusCode).toBe(404);
    const other = path.replace(/\/(\d+)-/, (_m, id: string) => `/${Number(id) + 1}-`);
    expect((await t.app.inject({ method: 'POST', url: other })).statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect(
      (
        await t.app.deps.db
          .select()
          .from(reportSubscriptions)
          .where(eq(reportSubscriptions.id, sub.id))
      ).length,
    ).toBe(1);
    const done = await t.app.inject({
      method: 'POST',
      url: path,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(
      (
        await t.app.deps.db
          .select()
          .from(reportSubscriptions)
          .where(eq(reportSubscriptions.id, sub.id))
      ).length,
    ).toBe(0);
    const twice = await t.app.inject({ method: 'POST', url: path });
    expect(twice.statusCode).toBe(410);
    expect(twice.body).toContain('no longer exists');
  }, 60_000);

  it('keeps why a mail could not be made: a report the admin may no longer open', async () => {
    const { t } = w;
    const admin = await t.createAdmin({ modules: ['reports', 'dashboard'] });
    const token = (await t.signIn(admin.email)).accessToken;
    t.clock.set(new Date('2026-03-11T06:00:00Z'));
    const sub = (
      await t.as(token, {
        method: 'POST',
        url: '/api/report-subscriptions/create',
        payload: { report: 'qrReport', frequency: 'daily', hour: 7 },
      })
    ).json() as ReportSubscription;
    await t.app.deps.database.executeSql(
      `update admins set modules = '{dashboard}' where id = $1`,
      [admin.id],
    );
    const job = await t.app.deps.jobs.enqueue(t.app.deps.db, 'reports.subscription-send', {
      subscriptionId: sub.id,
      dueAt: sub.nextRunAt,
    });
    expect((await waitForJob(t.app, job)).output?.result).toEqual({
      skipped: 'You may no longer open this report',
    });
    const [row] = await t.app.deps.db
      .select()
      .from(reportSubscriptions)
      .where(eq(reportSubscriptions.id, sub.id));
    expect(row).toMatchObject({
      lastError: 'You may no longer open this report',
      lastSentAt: null,
    });
  }, 60_000);
  it('the dashboard’s mail carries its figures as the file (CSV), a row each as in the mail', async () => {
    const { t } = w;
    const admin = await t.createAdmin({ modules: ['dashboard'], email: 'dash@example.test' });
    const token = (await t.signIn(admin.email)).accessToken;
    t.clock.set(new Date('2026-03-11T06:00:00Z'));
    const sub = (
      await t.as(token, {
        method: 'POST',
        url: '/api/report-subscriptions/create',
        payload: { report: 'dashboard', frequency: 'daily', hour: 7, format: 'csv' },
      })
    ).json() as ReportSubscription;
    const job = await t.app.deps.jobs.enqueue(t.app.deps.db, 'reports.subscription-send', {
      subscriptionId: sub.id,
      dueAt: sub.nextRunAt,
    });
    await waitForJob(t.app, job);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(admin.email) && m.subject.startsWith('Dashboard'),
    );
    const csv = partOf(mail, 'text/csv')!;
    expect(csv.headers['content-disposition']).toMatch(
      /Dashboard \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\.csv/,
    );
    const lines = csv.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Figure,Value,Previous period,Change');
    expect(lines.length).toBeGreaterThan(2);
    const html = partOf(mail, 'text/html')!.body.toString('utf8');
    // Each row's figure and value stand in the mail's table too.
    for (const line of lines.slice(1)) {
      const [label, value] = line.split(',');
      expect(html).toMatch(new RegExp(`${label}</td><td[^>]*>${value}</td>`));
    }
  }, 60_000);
});
