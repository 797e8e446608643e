import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { unescapeCell } from '../../lib/xlsx/export.ts';
import { parseCsv } from '../../test/csv.ts';
import {
  addNode,
  bookCodes,
  generate,
  newBook,
  type QrWorld,
} from '../qr-codes/qr-codes.testing.ts';
import { refreshReports } from './reports.aggregate.ts';
import { countBy, inRange, PREVIOUS, RANGE, useReportWorld } from './reports.testing.ts';

/** Downloads hold exactly the filtered rows; filters are checked; a scan shows; the dashboard. */

const w = useReportWorld();
const q = (extra = '') => `from=${RANGE.from}&to=${RANGE.to}${extra}`;

/** The download's CSV as cells, each unescaped as a spreadsheet shows it. */
const csvCells = (text: string) => parseCsv(text).map((r) => r.map((c) => String(unescapeCell(c))));

async function parseXlsx(body: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as never);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

describe('downloads', () => {
  it('CSV of sessions: every session of the range and filter, once, cells intact', async () => {
    const res = await w.get(`/reports/getusersession?${q('&platform=ios&format=csv')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('.csv');
    const [header, ...rows] = csvCells(res.body);
    expect(header).toEqual([
      'Session ID',
      'Learner ID',
      'Learner',
      'Platform',
      'Started',
      'Ended',
      'Seconds',
    ]);
    const want = w.activity.sessions.filter((s) => s.platform === 'ios' && inRange(s.at, RANGE));
    expect(rows).toHaveLength(want.length);
    expect(rows.map((r) => r[4]).sort()).toEqual(want.map((s) => s.at).sort());
    expect(rows.map((r) => (r[6] === '' ? null : Number(r[6]))).sort()).toEqual(
      want.map((s) => s.seconds).sort(),
    );
  });

  it('CSV of feedback keeps commas and quotes in comments', async () => {
    const res = await w.get(`/reports/downloadfeedback?${q('&format=csv')}`);
    const [header, ...rows] = csvCells(res.body);
    const comment = header!.indexOf('Comment');
    const want = w.activity.feedback.filter((f) => inRange(f.at, RANGE));
    expect(rows).toHaveLength(want.length);
    for (const r of rows) expect(r[comment]).toMatch(/^Said "\d+", fine$/);
  });

  it('XLSX of redemptions and of learners: exactly the filtered rows', async () => {
    const res = await w.get(
      `/reports/getuserredemtionsreports?${q(`&bookId=${w.books[1]}&format=xlsx`)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = await parseXlsx(res.rawPayload);
    expect(header).toContain('ISBN');
    const want = w.activity.redemptions.filter(
      (r) => r.bookId === w.books[1] && inRange(r.at, RANGE),
    );
    expect(rows).toHaveLength(want.length);
    expect(rows.map((r) => r[0]).sort()).toEqual(want.map((r) => r.at).sort());
    const learners = await w.get(`/reports/getuserdatareport?${q('&city=Delhi&format=xlsx')}`);
    const [learnerHeader, ...people] = await parseXlsx(learners.rawPayload);
    const id = learnerHeader!.indexOf('ID');
    const delhi = w.activity.learners.filter((l) => l.city === 'Delhi' && inRange(l.at, RANGE));
    expect(people.map((r) => r[id]).sort()).toEqual(delhi.map((l) => l.id).sort());
  });

  it('books side by side as CSV: one row per book and day', async () => {
    const res = await w.get(
      `/reports/getdatabyisbns?${q(`&bookIds=${w.books.join(',')}&format=csv`)}`,
    );
    const [, ...rows] = csvCells(res.body);
    expect(rows).toHaveLength(2 * 10);
    const views = countBy(
      w.activity.views.filter((v) => inRange(v.at, RANGE)),
      (v) => v.bookId,
    );
    const sum = (bookIsbnRows: string[][]) => bookIsbnRows.reduce((t, r) => t + Number(r[4]), 0);
    const firstIsbn = rows[0]![1];
    expect(sum(rows.filter((r) => r[1] === firstIsbn))).toBe(views.get(w.books[0]!) ?? 0);
  });
});

describe('filters are checked', () => {
  it.each([
    ['from=2026-13-01&to=2026-03-10', /from/],
    ['from=2026-03-10&to=2026-03-01', /before the start/],
    ['from=2024-01-01&to=2026-03-10', /at most 366 days/],
    ['from=2026-03-01', /to/],
    [`${q('&format=pdf')}`, /format/],
  ])('%s → 400', async (query, words) => {
    const res = await w.get(`/reports/getuserredemtionsreports?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(words);
  });

  it('compares two to four different books, and says which book is unknown', async () => {
    for (const ids of ['1', '1,2,3,4,5', '3,3']) {
      const res = await w.get(`/reports/getdatabyisbns?${q(`&bookIds=${ids}`)}`);
      expect(res.statusCode, ids).toBe(400);
      expect(res.json().message).toMatch(/two to four books|once/);
    }
    const res = await w.get(`/reports/getdatabyisbns?${q(`&bookIds=${w.books[0]},999999`)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/Book 999999/);
  });
});

describe('scans and the dashboard', () => {
  it('a scan through /q/ shows in the QR report of today', async () => {
    // The QR helpers need only the app and a token.
    const qw = w as unknown as QrWorld;
    const made = await newBook(qw, 'Scanned', ['Unit']);
    await addNode(qw, made.bookId, 'Topic', made.nodes[0]);
    await generate(qw, { mode: 'nodes', bookId: made.bookId });
    const [code] = await bookCodes(qw, made.bookId);
    for (let i = 0; i < 3; i++) await w.t.app.inject({ method: 'GET', url: `/q/${code!.code}` });
    await refreshReports(w.t.app.deps.db);
    const today = new Date().toISOString().slice(0, 10);
    const body = (
      await w.get(`/reports/getqrcodereport?from=${today}&to=${today}&bookId=${made.bookId}`)
    ).json();
    expect(body.summary.scans.value).toBe(3);
    expect(body.byCode).toEqual([
      {
        codeId: code!.id,
        code: code!.code,
        bookId: made.bookId,
        title: 'Scanned',
        // Traceable to its page: the ISBN, where it points, and when it was last scanned.
        isbn: made.isbn,
        target: code!.targetLabel,
        hasContent: false,
        lastScanAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        scans: 3,
      },
    ]);
    expect(body.series).toEqual([{ day: today, scans: 3 }]);
    const csv = csvCells(
      (
        await w.get(
          `/reports/getqrcodereport?from=${today}&to=${today}&bookId=${made.bookId}&format=csv`,
        )
      ).body,
    );
    expect(csv.slice(1).map((r) => r[1])).toEqual([code!.code, code!.code, code!.code]);
  });

  it('dashboard: figures of the last 7 days against the 7 before', async () => {
    w.t.clock.set(new Date(`${RANGE.to}T12:00:00Z`));
    const body = (await w.get('/reports/dashboard?days=7')).json();
    const last7 = { from: '2026-03-04', to: RANGE.to };
    const prior = { from: '2026-02-25', to: '2026-03-03' };
    expect(body.range).toEqual(last7);
    expect(body.previousRange).toEqual(prior);
    const red = (r: typeof RANGE) => w.activity.redemptions.filter((x) => inRange(x.at, r)).length;
    expect(body.redemptions).toMatchObject({ value: red(last7), previous: red(prior) });
    const views = (r: typeof RANGE) => w.activity.views.filter((x) => inRange(x.at, r)).length;
    expect(body.views).toMatchObject({ value: views(last7), previous: views(prior) });
    expect(body.learners.total).toBe(w.activity.learners.length);
    expect(body.series).toHaveLength(7);
    expect(
      body.series.reduce((t: number, d: { redemptions: number }) => t + d.redemptions, 0),
    ).toBe(red(last7));
    expect(
      body.topBooks.reduce((t: number, b: { redemptions: number }) => t + b.redemptions, 0),
    ).toBe(red(last7));
    expect(typeof body.codesWithoutContent).toBe('number');
    expect(PREVIOUS.to < RANGE.from).toBe(true);
  });
});
