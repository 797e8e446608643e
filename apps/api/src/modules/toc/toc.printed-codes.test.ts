import type { QrCode } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { flat, ISBN, ok } from './toc.fixtures.ts';
import { usePrintedCodes } from './toc.printed-codes.testing.ts';

/**
 * Printed QR codes are never orphaned in silence (lib/printed-codes.ts):
 * every write that removes what printed codes point at (a node, a chapter,
 * a whole TOC, a video) refuses with 409 naming the codes until the request
 * says where they point next, and then moves them in the same transaction.
 */
const { f, post, get, addNode, codesOf, codeAt, codedSubtree, retargetAudits } = usePrintedCodes();

describe('deletetocnode with printed codes in the subtree', () => {
  it('asks first: the impact counts the codes and their scans in 30 days; without a choice 409 names them', async () => {
    const s = await codedSubtree('Ask');
    expect(await ok(get(`/book/tocnodeimpact?id=${s.chapter}`))).toMatchObject({
      nodes: 2,
      qrCodes: 2,
      qrScans30Days: 3,
    });
    const res = await post('/book/deletetocnode', { id: s.chapter });
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json();
    expect(body.code).toBe('printed_codes_need_a_target');
    expect(body.message).toBe(
      '2 printed QR codes point at what this removes (3 scans in the last 30 days). Choose where they should point next (the parent node, the whole book or another node), or leave them without content',
    );
    const byCode = new Map(
      body.details.map((d: { path: string; message: string }) => [d.path, d.message]),
    );
    expect(byCode.get(`qrCodes.${s.chapterCode}`)).toMatch(
      new RegExp(
        `^${s.chapterCode}: "Science 1" \\(ISBN ${ISBN}\\) › Ask unit › Ask chapter; 2 scans in the last 30 days, last scan \\d{4}-\\d\\d-\\d\\d$`,
      ),
    );
    expect(byCode.get(`qrCodes.${s.topicCode}`)).toContain('Ask chapter › Ask topic; 1 scan in');
    expect(flat((await f.toc()).nodes).some((n) => n.id === s.chapter)).toBe(true);
  });

  it('parent: the codes point at the nearest node that stays, in the same transaction as the delete', async () => {
    const s = await codedSubtree('Parent');
    const audits = await retargetAudits();
    const res = await ok<{ deleted: { nodes: number; qrCodes: number } }>(
      post('/book/deletetocnode', { id: s.chapter, qrCodesTo: 'parent' }),
    );
    expect(res.deleted).toMatchObject({ nodes: 2, qrCodes: 2, qrScans30Days: 3 });
    for (const code of [s.chapterCode, s.topicCode]) {
      const c = (await codesOf()).find((x) => x.code === code)!;
      expect(c).toMatchObject({
        targetKind: 'toc_node',
        targetId: s.unit,
        targetLabel: 'Parent unit',
      });
    }
    expect(await retargetAudits()).toBe(audits + 2);
  });

  it('a top-level node has no parent to offer: 400, and nothing is deleted', async () => {
    const s = await codedSubtree('Top');
    const res = await post('/book/deletetocnode', { id: s.unit, qrCodesTo: 'parent' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details[0].path).toBe('body.qrCodesTo');
    expect(res.json().message).toContain('top-level node');
    expect((await codeAt(s.chapter)).code).toBe(s.chapterCode);
  });

  it('book: the codes open the whole book', async () => {
    const s = await codedSubtree('Book');
    await ok(post('/book/deletetocnode', { id: s.unit, qrCodesTo: 'book' }));
    const c = (await codesOf()).find((x) => x.code === s.chapterCode)!;
    expect(c).toMatchObject({ targetKind: 'book', targetId: f.bookId, targetLabel: 'Science 1' });
  });

  it('node: another node of the same book; one of another book, one being deleted or none is a 400', async () => {
    const s = await codedSubtree('Node');
    const keep = await addNode('Node keeper', 'unit', null);
    const other = await ok<{ id: number }>(
      post('/book/createbookcontent', { isbn: '9781861972712', title: 'Other book' }),
    );
    const foreign = await addNode('Foreign', 'unit', null, other.id);
    for (const [payload, path] of [
      [{ qrCodesTo: 'node' }, 'body.qrCodesTargetId'],
      [{ qrCodesTo: 'node', qrCodesTargetId: foreign }, 'body.qrCodesTargetId'],
      [{ qrCodesTo: 'node', qrCodesTargetId: s.topic }, 'body.qrCodesTargetId'],
      [{ qrCodesTo: 'video', qrCodesTargetId: keep }, 'body.qrCodesTo'],
    ] as const) {
      const res = await post('/book/deletetocnode', { id: s.chapter, ...payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details[0].path).toBe(path);
    }
    expect((await codeAt(s.topic)).code).toBe(s.topicCode);
    await ok(
      post('/book/deletetocnode', { id: s.chapter, qrCodesTo: 'node', qrCodesTargetId: keep }),
    );
    const moved = (await codesOf()).filter((c) => c.targetId === keep).map((c) => c.code);
    expect(moved.sort()).toEqual([s.chapterCode, s.topicCode].sort());
  });

  it('none: said explicitly, the codes stay without content, listed with book, ISBN, scans and last scan; the dashboard counts the scanned one', async () => {
    const s = await codedSubtree('None');
    // With content, the codes lead somewhere until the delete; content elsewhere
    // in the book keeps the codes that open the whole book ready throughout.
    const link = (nodeId: number, title: string) =>
      ok(
        post('/book/checkmappingandassign', {
          nodeId,
          kind: 'link',
          url: `https://example.test/${title}`,
          title,
        }),
      );
    await link(await addNode('Content keeper', 'unit', null), 'keeper');
    await link(s.topic, 'none');
    const before = (await ok<{ codesScannedWithoutContent: number }>(get('/reports/dashboard')))
      .codesScannedWithoutContent;
    await ok(post('/book/deletetocnode', { id: s.chapter, qrCodesTo: 'none' }));
    const empty = await ok<{ items: QrCode[] }>(get('/book/qrcodeswithoutcontent?pageSize=100'));
    const chapterCode = empty.items.find((c) => c.code === s.chapterCode)!;
    expect(chapterCode).toMatchObject({
      bookId: f.bookId,
      bookTitle: 'Science 1',
      bookIsbn: ISBN,
      targetKind: 'toc_node',
      targetId: null,
      hasContent: false,
      scans: 2,
      lastScanAt: expect.stringMatching(/^\d{4}-/),
    });
    // The topic's code, scanned within 30 days too, and the chapter's: both lead nowhere now.
    const after = (await ok<{ codesScannedWithoutContent: number }>(get('/reports/dashboard')))
      .codesScannedWithoutContent;
    expect(after).toBe(before + 2);
  });
});
