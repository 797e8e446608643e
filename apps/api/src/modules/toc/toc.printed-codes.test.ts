import type { QrCode, Toc } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, qrScans } from '../../db/schema/index.ts';
import { flat, ISBN, multipart, ok, useTocFixture } from './toc.fixtures.ts';

/**
 * Printed QR codes are never orphaned in silence (lib/printed-codes.ts):
 * every write that removes what printed codes point at (a node, a chapter,
 * a whole TOC, a video) refuses with 409 naming the codes until the request
 * says where they point next, and then moves them in the same transaction.
 */
const f = useTocFixture({ buildFromMasters: true });
let admin: string;
const DAY = 86_400_000;

const post = (url: string, payload: object) => f.post(admin, url, payload);
const get = (url: string) => f.get(admin, url);

async function addNode(title: string, kind: string, parentId: number | null, bookId = f.bookId) {
  const toc = await ok<Toc>(post('/book/addtocnode', { bookId, parentId, title, kind }));
  return flat(toc.nodes).find((n) => n.title === title)!.id;
}

async function codesOf(bookId = f.bookId): Promise<QrCode[]> {
  return (
    await ok<{ items: QrCode[] }>(get(`/book/getgenerateqrcodes?bookId=${bookId}&pageSize=100`))
  ).items;
}
const codeAt = async (nodeId: number, bookId = f.bookId) =>
  (await codesOf(bookId)).find((c) => c.targetKind === 'toc_node' && c.targetId === nodeId)!;

async function scan(code: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await f.t.app.inject({ method: 'GET', url: `/q/${code}` });
    expect(res.statusCode).toBeLessThan(400);
  }
}

/**
 * A unit › chapter › topic under the book, the chapter and the topic coded:
 * the chapter's code scanned twice, the topic's once now and once 40 days
 * ago (outside the 30 days).
 */
async function codedSubtree(name: string, bookId = f.bookId) {
  const unit = await addNode(`${name} unit`, 'unit', null, bookId);
  const chapter = await addNode(`${name} chapter`, 'chapter', unit, bookId);
  const topic = await addNode(`${name} topic`, 'topic', chapter, bookId);
  await ok(post('/book/generateqrcode', { mode: 'nodes', bookId, nodeIds: [chapter, topic] }));
  const chapterCode = (await codeAt(chapter, bookId)).code;
  const topicCode = (await codeAt(topic, bookId)).code;
  await scan(chapterCode, 2);
  await scan(topicCode, 1);
  const [t] = (await codesOf(bookId)).filter((c) => c.code === topicCode);
  await f.t.app.deps.db
    .insert(qrScans)
    .values({ codeId: t!.id, scannedAt: new Date(Date.now() - 40 * DAY), ipHash: 'old' });
  return { unit, chapter, topic, chapterCode, topicCode, ids: [t!.id] };
}

const retargetAudits = async () =>
  (
    await f.t.app.deps.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'qr_code_retargeted'), eq(auditLog.entity, 'qr_code')))
  ).length;

beforeAll(async () => {
  admin = (await f.t.signIn((await f.t.createAdmin({ role: 'super_admin' })).email)).accessToken;
});

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

describe('removecontent that leaves printed codes leading nowhere', () => {
  it('409 when the last content under a coded node goes; not while other content stays; none leaves the target, parent moves it', async () => {
    const unit = await addNode('Content unit', 'unit', null);
    const topic = await addNode('Content topic', 'topic', unit);
    const map = async (title: string) =>
      (
        await ok<{ item: { id: number } }>(
          post('/book/checkmappingandassign', {
            nodeId: topic,
            kind: 'link',
            url: `https://example.test/${title}`,
            title,
          }),
        )
      ).item.id;
    const first = await map('first');
    const second = await map('second');
    await ok(
      post('/book/generateqrcode', { mode: 'nodes', bookId: f.bookId, nodeIds: [unit, topic] }),
    );
    await scan((await codeAt(topic)).code, 2);
    // Another item stays on the node: nothing to ask.
    await ok(post('/book/removecontent', { id: first }));
    const refused = await post('/book/removecontent', { id: second });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('printed_codes_need_a_target');
    expect(
      refused
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(
      [`qrCodes.${(await codeAt(unit)).code}`, `qrCodes.${(await codeAt(topic)).code}`].sort(),
    );
    expect(refused.json().message).toContain('2 printed QR codes');
    // Left as they are: same targets, now without content.
    const topicCode = (await codeAt(topic)).code;
    await ok(post('/book/removecontent', { id: second, qrCodesTo: 'none' }));
    const after = (await codesOf()).find((c) => c.code === topicCode)!;
    expect(after).toMatchObject({ targetKind: 'toc_node', targetId: topic, hasContent: false });
  });
});

describe('dummytocforisbn replace over printed codes', () => {
  it('409 without a choice; the parent is no choice (every node goes); book keeps the codes working', async () => {
    const chapters = (await f.toc()).nodes.filter((n) => n.kind === 'chapter');
    await ok(
      post('/book/generateqrcode', { mode: 'nodes', bookId: f.bookId, nodeIds: [chapters[0]!.id] }),
    );
    const code = (await codeAt(chapters[0]!.id)).code;
    const refused = await post('/book/dummytocforisbn', { isbn: ISBN, replace: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'printed_codes_need_a_target' });
    expect(refused.json().details.map((d: { path: string }) => d.path)).toContain(
      `qrCodes.${code}`,
    );
    const parent = await post('/book/dummytocforisbn', {
      isbn: ISBN,
      replace: true,
      qrCodesTo: 'parent',
    });
    expect(parent.statusCode).toBe(400);
    expect((await codeAt(chapters[0]!.id)).code).toBe(code);
    const rebuilt = await ok<Toc>(
      post('/book/dummytocforisbn', { isbn: ISBN, replace: true, qrCodesTo: 'book' }),
    );
    expect(rebuilt.nodes.map((n) => n.title)).toEqual(['Animals', 'Plants']);
    // Every code that pointed at a node of the old TOC now opens the book.
    const codes = await codesOf();
    expect(codes.filter((c) => c.targetKind === 'toc_node' && c.targetId !== null)).toEqual([]);
    expect(codes.find((c) => c.code === code)).toMatchObject({ targetKind: 'book' });
  });
});

describe('uploadtoc removeMissing over printed codes', () => {
  async function sheetKeeping(unit: { id: number; title: string }) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('TOC');
    ws.addRow(['Level 1', 'Level 2', 'Level 3', 'Level 4', 'Node Id', 'Kind', 'Free', 'Status']);
    ws.addRow([unit.title, null, null, null, unit.id, 'unit', 'No', 'active']);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const upload = async (bookId: number, bytes: Buffer, extra: Record<string, string> = {}) =>
    f.t.as(admin, {
      method: 'POST',
      url: `/api/book/uploadtoc?${new URLSearchParams({ bookId: String(bookId), dryRun: 'false', removeMissing: 'true', ...extra })}`,
      ...(await multipart(bytes, 'toc.xlsx')),
    });

  it('409 naming the codes of removed nodes; with qrCodesTo=parent they point at the unit that stays', async () => {
    const book = await ok<{ id: number }>(
      post('/book/createbookcontent', { isbn: '9780262033848', title: 'Sheet book' }),
    );
    const s = await codedSubtree('Sheet', book.id);
    const sheet = await sheetKeeping({ id: s.unit, title: 'Sheet unit' });
    const refused = await upload(book.id, sheet);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('printed_codes_need_a_target');
    expect(refused.json().details).toHaveLength(2);
    const wrong = await upload(book.id, sheet, {
      qrCodesTo: 'node',
      qrCodesTargetId: String(s.topic),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].path).toBe('query.qrCodesTargetId');
    const done = await upload(book.id, sheet, { qrCodesTo: 'parent' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ removed: 2 });
    const codes = await codesOf(book.id);
    expect(codes.map((c) => [c.targetKind, c.targetId])).toEqual([
      ['toc_node', s.unit],
      ['toc_node', s.unit],
    ]);
  });
});

describe('deletevideo with a printed code', () => {
  const addVideo = async (title: string) =>
    (
      await ok<{ id: number }>(
        post('/media/addvideo', {
          source: 'url',
          url: `https://cdn.example.test/${title}.mp4`,
          title,
        }),
      )
    ).id;

  it('409 without a choice; a video code has no book; another video or none', async () => {
    const volcano = await addVideo('Volcanoes');
    const lava = await addVideo('Lava');
    const code = await ok<QrCode>(post('/book/videoqrcode', { videoId: volcano }));
    await scan(code.code, 1);
    const refused = await post('/media/deletevideo', { id: volcano });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(
      '1 printed QR code points at what this removes (1 scan in the last 30 days)',
    );
    expect(refused.json().details[0].message).toContain(`${code.code}: video "Volcanoes"`);
    const bookChoice = await post('/media/deletevideo', { id: volcano, qrCodesTo: 'book' });
    expect(bookChoice.statusCode).toBe(400);
    expect(bookChoice.json().message).toContain("a video's code, printed in no book");
    await ok(
      post('/media/deletevideo', { id: volcano, qrCodesTo: 'video', qrCodesTargetId: lava }),
    );
    const list = await ok<{ items: QrCode[] }>(get('/book/videoqrcodelist?pageSize=100'));
    expect(list.items.find((c) => c.code === code.code)).toMatchObject({
      targetKind: 'video',
      targetId: lava,
      targetLabel: 'Lava',
      hasContent: true,
    });
    await ok(post('/media/deletevideo', { id: lava, qrCodesTo: 'none' }));
    const empty = await ok<{ items: QrCode[] }>(get('/book/qrcodeswithoutcontent?pageSize=100'));
    expect(empty.items.find((c) => c.code === code.code)).toMatchObject({
      targetKind: 'video',
      targetId: null,
      bookTitle: null,
    });
  });
});
