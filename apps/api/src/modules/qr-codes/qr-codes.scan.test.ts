import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { qrCodes, qrScans } from '../../db/schema/index.ts';
import { refreshReports } from '../reports/reports.aggregate.ts';
import { bookCodes, generate, LEARNER, newBook, post, useQrTestApp } from './qr-codes.testing.ts';

/** The public GET /q/:code: scans recorded (no raw IP), redirects, friendly pages, rate limit. */
const w = useQrTestApp({ QR_SCAN_RATE_LIMIT: '20' });

const scan = (code: string, ip = '203.0.113.7') =>
  w.t.app.inject({
    method: 'GET',
    url: `/q/${code}`,
    remoteAddress: ip,
    headers: { 'user-agent': 'QR test phone/1.0' },
  });

describe('GET /q/:code', () => {
  it('records the scan with a hashed IP and redirects to the learner app', async () => {
    await generate(w, { mode: 'nodes', bookId: w.bookId });
    const codes = await bookCodes(w, w.bookId);
    const withContent = codes.find((c) => c.targetId === w.nodes[0])!;
    const res = await scan(withContent.code);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${LEARNER}/books/${w.bookId}/toc/${w.nodes[0]}`);
    // Lower case reads the same code (a reader may change the case of the path).
    expect((await scan(withContent.code.toLowerCase(), '198.51.100.1')).statusCode).toBe(302);
    const rows = await w.t.app.deps.db
      .select()
      .from(qrScans)
      .where(eq(qrScans.codeId, withContent.id));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ userAgent: 'QR test phone/1.0' });
    expect(rows[0]!.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.ipHash).not.toBe(rows[1]!.ipHash);
    expect(JSON.stringify(rows)).not.toContain('203.0.113.7');
    expect((await bookCodes(w, w.bookId)).find((c) => c.id === withContent.id)!.scans).toBe(2);
  });

  it('answers friendly pages: unknown (404), disabled, no content yet', async () => {
    const unknown = await scan('ZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect(unknown.body).toContain('ZZZZZZ');
    const junk = await scan('<script>');
    expect(junk.statusCode).toBe(404);
    expect(junk.body).not.toContain('<script>');
    // Longer than the router's parameter limit (100): still our page, never the web app or a 403.
    for (const long of ['A'.repeat(101), 'B'.repeat(5000), `ABC/${'D'.repeat(20)}`]) {
      const res = await scan(long);
      expect(res.statusCode, long.slice(0, 10)).toBe(404);
      expect(res.body).toContain('Unknown code');
      // At most the first 12 characters are echoed.
      expect(res.body).not.toContain(long.slice(0, 13));
    }
    const codes = await bookCodes(w, w.bookId);
    const empty = codes.find((c) => c.targetId === w.nodes[1])!;
    const soon = await scan(empty.code);
    expect(soon.statusCode).toBe(200);
    expect(soon.body).toContain('not ready yet');
    expect(soon.body).toContain(empty.code);
    const withContent = codes.find((c) => c.targetId === w.nodes[0])!;
    await post(w, '/book/setqrcodestatus', { id: withContent.id, enabled: false });
    const off = await scan(withContent.code);
    expect(off.statusCode).toBe(410);
    expect(off.body).toContain('no longer in use');
    await post(w, '/book/setqrcodestatus', { id: withContent.id, enabled: true });
  });

  it('answers a remembered redirect from memory, but never after a retarget, a withdrawal or a deletion', async () => {
    const b = await newBook(w, 'Cached', ['One']);
    await generate(w, { mode: 'spare', bookId: b.bookId, count: 1 });
    const [code] = await bookCodes(w, b.bookId);
    await post(w, '/book/checkmappingandassign', {
      nodeId: b.nodes[0],
      kind: 'link',
      url: 'https://example.test/one',
      title: 'One video',
    });
    await post(w, '/book/retargetqrcode', {
      id: code!.id,
      target: { kind: 'toc_node', id: b.nodes[0] },
    });
    // The node holds content: the code redirects (and is now remembered).
    expect((await scan(code!.code, '198.51.100.20')).headers.location).toBe(
      `${LEARNER}/books/${b.bookId}/toc/${b.nodes[0]}`,
    );
    await refreshReports(w.t.app.deps.db);
    // Answered from memory, it still marks its day: the QR report counts it.
    expect((await scan(code!.code, '198.51.100.20')).statusCode).toBe(302);
    await refreshReports(w.t.app.deps.db);
    const today = new Date().toISOString().slice(0, 10);
    const report = await w.t.app.inject({
      method: 'GET',
      url: `/api/reports/getqrcodereport?from=${today}&to=${today}&codeId=${code!.id}`,
      headers: { authorization: `Bearer ${w.token}` },
    });
    expect(report.json().summary.scans.value).toBe(2);
    await post(w, '/book/retargetqrcode', { id: code!.id, target: { kind: 'book', id: b.bookId } });
    expect((await scan(code!.code, '198.51.100.20')).headers.location).toBe(
      `${LEARNER}/books/${b.bookId}`,
    );
    await post(w, '/book/setqrcodestatus', { id: code!.id, enabled: false });
    expect((await scan(code!.code, '198.51.100.20')).statusCode).toBe(410);
    await post(w, '/book/setqrcodestatus', { id: code!.id, enabled: true });
    expect((await scan(code!.code, '198.51.100.20')).statusCode).toBe(302);
    const stored = await w.t.app.deps.db.select().from(qrScans).where(eq(qrScans.codeId, code!.id));
    expect(stored).toHaveLength(5);
    // Deleted behind the routes' back (as a book's deletion cascades): unknown at once, no 500.
    await w.t.app.deps.db.delete(qrCodes).where(eq(qrCodes.id, code!.id));
    expect((await scan(code!.code, '198.51.100.20')).statusCode).toBe(404);
  });

  it('is rate-limited per IP', async () => {
    const ip = '192.0.2.99';
    const answers: number[] = [];
    for (let i = 0; i < 22; i++) answers.push((await scan('ZZZZZZ', ip)).statusCode);
    expect(answers.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(answers.slice(20)).toEqual([429, 429]);
    expect((await scan('ZZZZZZ', '192.0.2.100')).statusCode).toBe(404);
  });

  it('hashes with a salt of the day: the same IP hashes differently tomorrow', async () => {
    const first = (await bookCodes(w, w.bookId)).find((c) => c.targetId === w.nodes[0])!;
    const before = await w.t.app.deps.db.select().from(qrScans).where(eq(qrScans.codeId, first.id));
    w.t.clock.advance(24 * 3_600_000);
    await scan(first.code);
    const later = await w.t.app.deps.db.select().from(qrScans).where(eq(qrScans.codeId, first.id));
    expect(new Set(later.map((r) => r.ipHash)).size).toBe(
      new Set(before.map((r) => r.ipHash)).size + 1,
    );
  });
});
