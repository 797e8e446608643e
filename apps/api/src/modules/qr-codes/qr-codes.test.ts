import { QR_ALPHABET, QR_CODE_PATTERN } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { randomCode } from './qr-codes.codes.ts';
import {
  bookCodes,
  generate,
  get,
  newBook,
  post,
  settledJob,
  useQrTestApp,
} from './qr-codes.testing.ts';

/** Generation, lists, retarget and status of QR codes, through the API on a real database. */
const w = useQrTestApp();

describe('codes', () => {
  it('draws 6 characters from the alphabet without look-alikes, never in sequence', () => {
    expect(QR_ALPHABET).not.toMatch(/[01OIL]/);
    expect(QR_ALPHABET.length ** 6).toBeGreaterThan(10_000_000);
    const codes = Array.from({ length: 5000 }, randomCode);
    for (const c of codes) expect(c).toMatch(QR_CODE_PATTERN);
    expect(new Set(codes).size).toBeGreaterThan(4990);
    // Every character turns up in every position: nothing fixed or counted up.
    for (let i = 0; i < 6; i++) expect(new Set(codes.map((c) => c[i])).size).toBe(31);
  });
});

describe('generateqrcode', () => {
  it('makes one code per TOC node, and never a second one for a node that has one', async () => {
    const b = await newBook(w, 'Science 7', ['Plants', 'Animals', 'Water']);
    const first = await generate(w, { mode: 'nodes', bookId: b.bookId, nodeIds: [b.nodes[0]] });
    expect(first).toMatchObject({ created: 1, skipped: 0 });
    const all = await generate(w, { mode: 'nodes', bookId: b.bookId });
    expect(all).toMatchObject({ created: 2, skipped: 1 });
    const again = await generate(w, { mode: 'nodes', bookId: b.bookId });
    expect(again).toEqual({ batchId: null, created: 0, skipped: 3, jobId: null });
    const codes = await bookCodes(w, b.bookId);
    expect(codes.map((c) => c.targetId).sort()).toEqual([...b.nodes].sort());
    expect(new Set(codes.map((c) => c.code)).size).toBe(3);
    for (const c of codes) {
      expect(c.code).toMatch(QR_CODE_PATTERN);
      expect(c.url).toBe(`https://backoffice.example.test/q/${c.code}`);
      expect(c.targetKind).toBe('toc_node');
      expect(c.hasContent).toBe(false);
    }
    expect(codes.find((c) => c.targetId === b.nodes[1])!.targetLabel).toBe('Animals');
  });

  it('shows the TOC path and whether the node has content', async () => {
    await generate(w, { mode: 'nodes', bookId: w.bookId });
    const codes = await bookCodes(w, w.bookId);
    const byNode = new Map(codes.map((c) => [c.targetId, c]));
    expect(byNode.get(w.nodes[0]!)).toMatchObject({ targetLabel: 'Numbers', hasContent: true });
    expect(byNode.get(w.nodes[1]!)).toMatchObject({ targetLabel: 'Shapes', hasContent: false });
    expect(byNode.get(w.nodes[2]!)).toMatchObject({ targetLabel: 'Shapes › Triangles' });
  });

  it('makes N spare codes, 1 to 1,000 per request (over 200 as a job with progress); more or fewer is a 400', async () => {
    const b = await newBook(w, 'Spare', []);
    const queued = await generate(w, { mode: 'spare', bookId: b.bookId, count: 1000 });
    expect(queued).toMatchObject({ created: 0, jobId: expect.any(String) });
    const job = await settledJob(w, queued.jobId!);
    expect(job).toMatchObject({ state: 'completed', progress: 100, result: { created: 1000 } });
    const codes = await get(w, `/book/getgenerateqrcodes?bookId=${b.bookId}&pageSize=100`);
    expect(codes.json()).toMatchObject({ total: 1000 });
    expect(codes.json().items[0]).toMatchObject({ targetKind: null, hasContent: false });
    for (const count of [0, 1001]) {
      const res = await post(w, '/book/generateqrcode', { mode: 'spare', bookId: b.bookId, count });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].path).toBe('body.count');
    }
    const many = Array.from({ length: 1001 }, (_, i) => i + 1);
    const res = await post(w, '/book/generateqrcode', {
      mode: 'nodes',
      bookId: b.bookId,
      nodeIds: many,
    });
    expect(res.statusCode).toBe(400);
    const missing = await post(w, '/book/generateqrcode', {
      mode: 'spare',
      bookId: 999999,
      count: 1,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a node of another book', async () => {
    const b = await newBook(w, 'Other', ['One']);
    const res = await post(w, '/book/generateqrcode', {
      mode: 'nodes',
      bookId: b.bookId,
      nodeIds: [w.nodes[0]],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('body.nodeIds');
  });
});

describe('retarget and status', () => {
  it('points a code elsewhere, audited with before and after; only within its book', async () => {
    const b = await newBook(w, 'Retarget', ['A', 'B']);
    await generate(w, { mode: 'spare', bookId: b.bookId, count: 1 });
    const [code] = await bookCodes(w, b.bookId);
    const res = await post(w, '/book/retargetqrcode', {
      id: code!.id,
      target: { kind: 'toc_node', id: b.nodes[1] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: code!.code,
      targetKind: 'toc_node',
      targetId: b.nodes[1],
      targetLabel: 'B',
    });
    const [row] = await w.t.app.deps.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'qr_code_retargeted'), eq(auditLog.entityId, String(code!.id))),
      );
    expect(row).toMatchObject({
      before: { qr: code!.code, target: { kind: null, id: null } },
      after: { qr: code!.code, target: { kind: 'toc_node', id: b.nodes[1] } },
    });
    const toBook = await post(w, '/book/retargetqrcode', {
      id: code!.id,
      target: { kind: 'book', id: b.bookId },
    });
    expect(toBook.json()).toMatchObject({ targetKind: 'book', targetLabel: 'Retarget' });
    for (const target of [
      { kind: 'toc_node', id: w.nodes[0] },
      { kind: 'book', id: w.bookId },
      { kind: 'video', id: 999999 },
    ]) {
      const bad = await post(w, '/book/retargetqrcode', { id: code!.id, target });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0].path).toBe('body.target.id');
    }
    expect(
      (await post(w, '/book/retargetqrcode', { id: 999999, target: { kind: 'book', id: 1 } }))
        .statusCode,
    ).toBe(404);
  });

  it('disables and enables a code, audited', async () => {
    const [code] = await bookCodes(w, w.bookId);
    expect(
      (await post(w, '/book/setqrcodestatus', { id: code!.id, enabled: false })).statusCode,
    ).toBe(200);
    expect((await bookCodes(w, w.bookId)).find((c) => c.id === code!.id)!.enabled).toBe(false);
    await post(w, '/book/setqrcodestatus', { id: code!.id, enabled: true });
    const actions = await w.t.app.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(code!.id)));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['qr_code_disabled', 'qr_code_enabled']),
    );
  });
});

describe('lists and video codes', () => {
  it('lists books with counts and codes without content', async () => {
    const books = await get(w, '/book/listofqrcodeisbn?q=Maths');
    expect(books.statusCode).toBe(200);
    expect(books.json().items[0]).toMatchObject({ title: 'Maths 6', codes: 3, withoutContent: 2 });
    const empty = await get(w, '/book/qrcodeswithoutcontent?pageSize=100');
    expect(empty.json().total).toBeGreaterThan(1000);
    expect(empty.json().items.every((c: { hasContent: boolean }) => !c.hasContent)).toBe(true);
  });

  it('makes one code per video, lists it, and the video is not deleted until its code has a choice', async () => {
    const video = await post(w, '/media/addvideo', {
      source: 'url',
      url: 'https://cdn.example.test/v.mp4',
      title: 'Volcanoes',
    });
    const videoId = video.json().id;
    const res = await post(w, '/book/videoqrcode', { videoId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      targetKind: 'video',
      targetId: videoId,
      targetLabel: 'Volcanoes',
      hasContent: true,
      bookId: null,
    });
    expect((await post(w, '/book/videoqrcode', { videoId })).statusCode).toBe(409);
    const list = await get(w, '/book/videoqrcodelist');
    expect(list.json().items.map((c: { code: string }) => c.code)).toContain(res.json().code);
    const del = await post(w, '/media/deletevideo', { id: videoId });
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('printed_codes_need_a_target');
  });

  it('needs the qr_codes module', async () => {
    const a = await w.t.createAdmin({ modules: ['books'] });
    const token = (await w.t.signIn(a.email)).accessToken;
    expect((await get(w, '/book/listofqrcodeisbn', token)).statusCode).toBe(403);
  });
});
