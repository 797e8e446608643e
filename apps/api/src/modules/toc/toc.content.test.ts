import { type ContentItem, contentItemSchema } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { detailPaths, EXTRA, ISBN, ok, PDF_LIMIT, tinyPdf, useTocFixture } from './toc.fixtures.ts';

const f = useTocFixture({ buildFromMasters: true });
const { post, get, byTitle, upload } = f;

describe('content', () => {
  let pdf: ContentItem;

  it('uploads a PDF onto a node (pages counted) and lists it with its node path', async () => {
    const leaves = await byTitle('Leaves');
    const res = await upload(tinyPdf(3), 'leaves.pdf', {
      nodeId: String(leaves.id),
      title: 'Leaf sheet',
    });
    expect(res.statusCode, res.body).toBe(200);
    pdf = res.json();
    expect(Object.keys(pdf).sort()).toEqual(Object.keys(contentItemSchema.shape).sort());
    expect(pdf).toMatchObject({
      kind: 'pdf',
      title: 'Leaf sheet',
      pages: 3,
      nodePath: 'Plants › Leaves',
      file: { contentType: 'application/pdf', originalName: 'leaves.pdf' },
    });
    expect(pdf.openUrl).toMatch(/^\/api\/book\/contentfile\?id=\d+&exp=\d+&sig=/);
    expect((await byTitle('Leaves')).contentCount).toBe(1);
    const list = await ok<{ items: ContentItem[] }>(
      get(f.token, `/book/getdigitalcontent?isbn=${EXTRA}`),
    );
    expect(list.items.map((i) => [i.title, i.nodePath])).toEqual([
      ['Leaf sheet', 'Plants › Leaves'],
    ]);
  });

  it('streams the PDF whole and by range, by bearer or signed link', async () => {
    const bytes = tinyPdf(3);
    const whole = await get(f.token, `/book/getpdfbycontentid?id=${pdf.id}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await f.t.as(f.token, {
      method: 'GET',
      url: `/api/book/getpdfbycontentid?id=${pdf.id}`,
      headers: { range: 'bytes=0-7' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${bytes.length}`);
    expect(part.body).toBe('%PDF-1.4');
    const signed = await f.t.app.inject({
      method: 'GET',
      url: pdf.openUrl!,
      headers: { range: 'bytes=1-3' },
    });
    expect(signed.statusCode).toBe(206);
    expect(signed.body).toBe('PDF');
    const forged = await f.t.app.inject({
      method: 'GET',
      url: pdf.openUrl!.replace(/sig=./, (s) => (s.endsWith('A') ? 'sig=B' : 'sig=A')),
    });
    expect(forged.statusCode).toBe(403);
    expect(
      (await f.t.app.inject({ method: 'GET', url: `/api/book/getpdfbycontentid?id=${pdf.id}` }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses HTML renamed .pdf (415), an oversized PDF (413), bad fields (400)', async () => {
    const leaves = await byTitle('Leaves');
    const html = await upload(
      Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
      'x.pdf',
      {
        nodeId: String(leaves.id),
        title: 'Fake',
      },
    );
    expect(html.statusCode).toBe(415);
    const big = Buffer.concat([tinyPdf(1), Buffer.alloc(PDF_LIMIT + 10, 32)]);
    const over = await upload(big, 'big.pdf', { nodeId: String(leaves.id), title: 'Big' });
    expect(over.statusCode).toBe(413);
    const fields = await upload(tinyPdf(), 'a.pdf', { nodeId: 'abc' });
    expect(fields.statusCode).toBe(400);
    expect(detailPaths(fields)).toEqual(['body.nodeId', 'body.title']);
    const unknown = await upload(tinyPdf(), 'a.pdf', { nodeId: '987654', title: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect((await byTitle('Leaves')).contentCount).toBe(1);
  });

  it('attaches videos and audios once, reports an existing mapping, and checks the kind', async () => {
    const video = await ok<{ id: number }>(
      post(f.token, '/media/addvideo', {
        source: 'url',
        url: 'https://cdn.test/v.mp4',
        title: 'Photosynthesis',
      }),
    );
    const audio = await ok<{ id: number }>(
      post(f.token, '/media/addaudiofile', {
        source: 'url',
        url: 'https://cdn.test/a.mp3',
        title: 'Song',
      }),
    );
    const leaves = await byTitle('Leaves');
    const first = await ok<{ mapped: boolean; item: ContentItem }>(
      post(f.token, '/book/setvideotoc', { nodeId: leaves.id, mediaItemId: video.id }),
    );
    expect(first.mapped).toBe(true);
    expect(first.item).toMatchObject({
      kind: 'video',
      title: 'Photosynthesis',
      mediaItemId: video.id,
      openUrl: 'https://cdn.test/v.mp4',
    });
    const again = await ok<{ mapped: boolean; existing: ContentItem }>(
      post(f.token, '/book/checkmappingandassign', {
        nodeId: leaves.id,
        kind: 'video',
        mediaItemId: video.id,
      }),
    );
    expect(again).toEqual({ mapped: false, existing: first.item });
    const wrong = await post(f.token, '/book/setaudiotoc', {
      nodeId: leaves.id,
      mediaItemId: video.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].path).toBe('body.mediaItemId');
    await ok(post(f.token, '/book/setaudiotoc', { nodeId: leaves.id, mediaItemId: audio.id }));
    expect((await byTitle('Leaves')).contentCount).toBe(3);

    const del = await post(f.token, '/media/deletevideo', { id: video.id });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('1 TOC entry uses this video ("Science 1" › Leaves)');

    await ok(post(f.token, '/book/removecontent', { id: first.item.id }));
    expect((await post(f.token, '/media/deletevideo', { id: video.id })).statusCode).toBe(200);
  });

  it('moves a PDF to another node through checkmappingandassign, once', async () => {
    const mammals = await byTitle('Mammals');
    const moved = await ok<{ mapped: boolean; item: ContentItem }>(
      post(f.token, '/book/checkmappingandassign', {
        nodeId: mammals.id,
        kind: 'pdf',
        contentId: pdf.id,
      }),
    );
    expect(moved.item.nodePath).toBe('Animals › Mammals');
    const again = await ok<{ mapped: boolean }>(
      post(f.token, '/book/checkmappingandassign', {
        nodeId: mammals.id,
        kind: 'pdf',
        contentId: pdf.id,
      }),
    );
    expect(again.mapped).toBe(false);
    const bad = await post(f.token, '/book/checkmappingandassign', {
      nodeId: mammals.id,
      kind: 'link',
      url: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('body.url');
  });

  it("orders a node's content: every item once, or 409 if it changed; 400 for a repeated id", async () => {
    const mammals = await byTitle('Mammals');
    const link = async (url: string) =>
      (
        await ok<{ item: ContentItem }>(
          post(f.token, '/book/checkmappingandassign', { nodeId: mammals.id, kind: 'link', url }),
        )
      ).item.id;
    const one = await link('https://read.test/1');
    const two = await link('https://read.test/2');
    const order = async () =>
      (
        await ok<{ items: ContentItem[] }>(get(f.token, `/book/getdigitalcontent?isbn=${ISBN}`))
      ).items
        .filter((i) => i.nodeId === mammals.id)
        .map((i) => i.id);
    expect(await order()).toEqual([pdf.id, one, two]);

    await ok(
      post(f.token, '/book/reordercontent', { parentId: mammals.id, ids: [two, pdf.id, one] }),
    );
    expect(await order()).toEqual([two, pdf.id, one]);

    const stale = await post(f.token, '/book/reordercontent', {
      parentId: mammals.id,
      ids: [pdf.id, two],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('The content of this node has changed; reload and try again');
    const repeated = await post(f.token, '/book/reordercontent', {
      parentId: mammals.id,
      ids: [two, two, one],
    });
    expect(repeated.statusCode).toBe(400);
    expect(detailPaths(repeated)).toContain('body.ids');
    const unknown = await post(f.token, '/book/reordercontent', { parentId: 999_999, ids: [one] });
    expect(unknown.statusCode).toBe(404);
    expect(await order()).toEqual([two, pdf.id, one]);
    await ok(post(f.token, '/book/removecontent', { id: one }));
    await ok(post(f.token, '/book/removecontent', { id: two }));
  });

  it('removes content and its file', async () => {
    await ok(post(f.token, '/book/removecontent', { id: pdf.id }));
    expect((await get(f.token, `/book/getpdfbycontentid?id=${pdf.id}`)).statusCode).toBe(404);
    expect((await post(f.token, '/book/removecontent', { id: pdf.id })).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('every TOC path is 403 without the books module', async () => {
    const calls = [
      get(f.mediaOnly, `/book/gettocbyisbn?isbn=${ISBN}`),
      get(f.mediaOnly, `/book/getdigitalcontent?isbn=${ISBN}`),
      get(f.mediaOnly, '/book/tocnodeimpact?id=1'),
      get(f.mediaOnly, '/book/getpdfbycontentid?id=1'),
      post(f.mediaOnly, '/book/dummytocforisbn', { isbn: ISBN }),
      post(f.mediaOnly, '/book/addtocnode', { bookId: f.bookId, title: 'x', kind: 'unit' }),
      post(f.mediaOnly, '/book/renametocnode', { id: 1, title: 'x' }),
      post(f.mediaOnly, '/book/updatetocnode', { id: 1, isFree: true }),
      post(f.mediaOnly, '/book/movetocnode', { id: 1, parentId: null, position: 0 }),
      post(f.mediaOnly, '/book/deletetocnode', { id: 1 }),
      post(f.mediaOnly, '/book/checkmappingandassign', {
        nodeId: 1,
        kind: 'video',
        mediaItemId: 1,
      }),
      post(f.mediaOnly, '/book/setvideotoc', { nodeId: 1, mediaItemId: 1 }),
      post(f.mediaOnly, '/book/setaudiotoc', { nodeId: 1, mediaItemId: 1 }),
      post(f.mediaOnly, '/book/removecontent', { id: 1 }),
      post(f.mediaOnly, '/book/reordercontent', { parentId: 1, ids: [1] }),
      upload(tinyPdf(), 'a.pdf', { nodeId: '1', title: 'x' }, f.mediaOnly),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(403);
      // The TOC read is open to practices too (their node picker).
      expect(res.json().message).toMatch(
        /^You do not have access to (Books|any of Books, Practices, QR codes)$/,
      );
    }
  });
});
