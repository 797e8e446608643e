import type { QrCode, Toc } from '@bo/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ISBN, multipart, ok } from './toc.fixtures.ts';
import { usePrintedCodes } from './toc.printed-codes.testing.ts';

/**
 * Printed QR codes and the other writes that remove what they point at: the
 * last content under a node, a TOC replaced from the masters or by a sheet,
 * a video (the node deletes are in toc.printed-codes.test.ts).
 */
const { f, admin, post, get, addNode, codesOf, codeAt, scan, codedSubtree } = usePrintedCodes();

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
    f.t.as(admin(), {
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
