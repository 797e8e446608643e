import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ContentItem, contentItemSchema, type Toc, type TocNode } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters, grades, subjects, tocNodes, topics } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bookNodes, buildTree } from './toc.queries.ts';

let t: TestApp;
let token: string;
let mediaOnly: string;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-toc-'));
const PDF_LIMIT = 64 * 1024;
const ISBN = '9780306406157';
const EXTRA = '9783161484100';
let bookId: number;
let subjectId: number;
let gradeId: number;

const post = (tk: string, url: string, payload: object) =>
  t.as(tk, { method: 'POST', url: `/api${url}`, payload });
const get = (tk: string, url: string) => t.as(tk, { method: 'GET', url: `/api${url}` });

/** A minimal valid two-page PDF. */
function tinyPdf(pages = 2): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i} 0 R`).join(' ');
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from(
      { length: pages },
      () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    ),
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function multipart(bytes: Buffer, name: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}
const upload = async (bytes: Buffer, name: string, fields: Record<string, string>, tk = token) =>
  t.as(tk, {
    method: 'POST',
    url: '/api/book/uploadcontent',
    ...(await multipart(bytes, name, fields)),
  });

async function ok<T>(p: Promise<{ statusCode: number; body: string; json(): unknown }>) {
  const res = await p;
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const toc = () => ok<Toc>(get(token, `/book/gettocbyisbn?isbn=${ISBN}`));
const flat = (nodes: TocNode[]): TocNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const byTitle = async (title: string) => flat((await toc()).nodes).find((n) => n.title === title)!;

beforeAll(async () => {
  t = await createTestApp({
    DATA_DIR: dataDir,
    UPLOAD_MAX_PDF_MB: String(PDF_LIMIT / 1024 / 1024),
  });
  token = (await t.signIn((await t.createAdmin({ modules: ['books', 'media'] })).email))
    .accessToken;
  mediaOnly = (await t.signIn((await t.createAdmin({ modules: ['media', 'curriculum'] })).email))
    .accessToken;
  const db = t.app.deps.db;
  const [g] = await db.select().from(grades).orderBy(grades.position).limit(1);
  gradeId = g!.id;
  [{ id: subjectId }] = (await db
    .insert(subjects)
    .values({ gradeId, name: 'Science', position: 1 })
    .returning()) as unknown as [{ id: number }];
  const [c1, c2] = await db
    .insert(chapters)
    .values([
      { subjectId, number: 2, name: 'Plants', position: 2 },
      { subjectId, number: 1, name: 'Animals', position: 1 },
    ])
    .returning();
  await db.insert(topics).values([
    { chapterId: c2!.id, name: 'Mammals', position: 1 },
    { chapterId: c2!.id, name: 'Birds', position: 2 },
    { chapterId: c1!.id, name: 'Leaves', position: 1 },
  ]);
  const book = await ok<{ id: number }>(
    post(token, '/book/createbookcontent', { isbn: ISBN, title: 'Science 1', gradeId, subjectId }),
  );
  bookId = book.id;
  await ok(post(token, '/book/appendmultipleisbn', { bookId, isbns: [EXTRA] }));
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('TOC from the masters', () => {
  it('an empty TOC at first, by main or extra ISBN (hyphens and ISBN-10 accepted)', async () => {
    const a = await toc();
    expect(a).toEqual({
      book: { id: bookId, isbn: ISBN, title: 'Science 1' },
      nodeCount: 0,
      nodes: [],
    });
    const b = await ok<Toc>(get(token, '/book/gettocbyisbn?isbn=978-3-16-148410-0'));
    expect(b.book.id).toBe(bookId);
    const c = await ok<Toc>(get(token, '/book/gettocbyisbn?isbn=0-306-40615-2'));
    expect(c.book.id).toBe(bookId);
  });

  it('400 with field details for a bad ISBN, 404 for an unknown one', async () => {
    const bad = await get(token, '/book/gettocbyisbn?isbn=123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('querystring.isbn');
    expect((await get(token, '/book/gettocbyisbn?isbn=9781861972712')).statusCode).toBe(404);
  });

  it('dummytocforisbn builds chapters and their topics in master order', async () => {
    const res = await ok<Toc>(post(token, '/book/dummytocforisbn', { isbn: EXTRA }));
    expect(res.nodeCount).toBe(5);
    expect(res.nodes.map((n) => [n.kind, n.title, n.children.map((c) => c.title)])).toEqual([
      ['chapter', 'Animals', ['Mammals', 'Birds']],
      ['chapter', 'Plants', ['Leaves']],
    ]);
    expect(res.nodes[0]!.children[0]).toMatchObject({
      kind: 'topic',
      position: 0,
      contentCount: 0,
    });
    expect(await toc()).toEqual(res);
  });

  it('refuses to overwrite a non-empty TOC (409) unless replace', async () => {
    const res = await post(token, '/book/dummytocforisbn', { isbn: ISBN });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already has a TOC of 5 nodes/);
    const again = await ok<Toc>(
      post(token, '/book/dummytocforisbn', { isbn: ISBN, replace: true }),
    );
    expect(again.nodeCount).toBe(5);
  });

  it('400 when the book has no subject; 400 field details for a bad body', async () => {
    await ok(post(token, '/book/createbookcontent', { isbn: '9781861972712', title: 'Bare' }));
    const res = await post(token, '/book/dummytocforisbn', { isbn: '9781861972712' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'body.isbn', message: expect.stringMatching(/no subject/) },
    ]);
    const bad = await post(token, '/book/dummytocforisbn', { isbn: 'x', replace: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.isbn', 'body.replace']);
  });

  it('a master chapter used by a TOC cannot be deleted', async () => {
    const animals = await byTitle('Animals');
    const res = await post(mediaOnly, '/book/removechapter', { id: animals.chapterId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/and 3 TOC nodes use this chapter/);
  });
});

describe('node editing', () => {
  it('adds, renames, moves and reorders nodes', async () => {
    let res = await ok<Toc>(
      post(token, '/book/addtocnode', { bookId, title: 'Unit 1', kind: 'unit' }),
    );
    const unit = res.nodes.at(-1)!;
    expect(unit).toMatchObject({ title: 'Unit 1', position: 2, parentId: null });
    const plants = await byTitle('Plants');
    res = await ok<Toc>(
      post(token, '/book/movetocnode', { id: plants.id, parentId: unit.id, position: 0 }),
    );
    expect(res.nodes.map((n) => n.title)).toEqual(['Animals', 'Unit 1']);
    expect(res.nodes[1]!.children.map((n) => n.title)).toEqual(['Plants']);
    expect(res.nodes.map((n) => n.position)).toEqual([0, 1]);
    res = await ok<Toc>(
      post(token, '/book/movetocnode', { id: unit.id, parentId: null, position: 0 }),
    );
    expect(res.nodes.map((n) => n.title)).toEqual(['Unit 1', 'Animals']);
    const birds = await byTitle('Birds');
    res = await ok<Toc>(
      post(token, '/book/movetocnode', { id: birds.id, parentId: birds.parentId, position: 0 }),
    );
    expect(res.nodes[1]!.children.map((n) => n.title)).toEqual(['Birds', 'Mammals']);
    res = await ok<Toc>(post(token, '/book/renametocnode', { id: unit.id, title: '  Unit One ' }));
    expect(res.nodes[0]!.title).toBe('Unit One');
    res = await ok<Toc>(
      post(token, '/book/addtocnode', {
        bookId,
        parentId: plants.id,
        title: 'Notes',
        kind: 'section',
      }),
    );
    expect(res.nodes[0]!.children[0]!.children.map((n) => n.title)).toEqual(['Leaves', 'Notes']);
  });

  it('refuses moving a node under itself or its descendant (409) and bad input (400)', async () => {
    const unit = await byTitle('Unit One');
    const leaves = await byTitle('Leaves');
    for (const parentId of [unit.id, leaves.id]) {
      const res = await post(token, '/book/movetocnode', { id: unit.id, parentId, position: 0 });
      expect(res.statusCode).toBe(409);
    }
    const bad = await post(token, '/book/addtocnode', { bookId, title: ' ', kind: 'page' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.kind', 'body.title']);
    const missingMove = await post(token, '/book/movetocnode', { id: unit.id });
    expect(
      missingMove
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.parentId', 'body.position']);
    expect((await post(token, '/book/renametocnode', { id: 987654, title: 'x' })).statusCode).toBe(
      404,
    );
    const other = await post(token, '/book/addtocnode', {
      bookId,
      parentId: 987654,
      title: 'x',
      kind: 'unit',
    });
    expect(other.statusCode).toBe(400);
  });

  it('tells the impact, then deletes a subtree and closes the gap', async () => {
    const extra = await ok<Toc>(
      post(token, '/book/addtocnode', { bookId, title: 'Scrap', kind: 'unit' }),
    );
    const scrap = extra.nodes.at(-1)!;
    await ok(
      post(token, '/book/addtocnode', { bookId, parentId: scrap.id, title: 'A', kind: 'section' }),
    );
    await ok(
      post(token, '/book/checkmappingandassign', {
        nodeId: scrap.id,
        kind: 'link',
        url: 'https://x.test/a',
      }),
    );
    expect(await ok(get(token, `/book/tocnodeimpact?id=${scrap.id}`))).toEqual({
      nodes: 2,
      contentItems: 1,
    });
    const res = await ok(post(token, '/book/deletetocnode', { id: scrap.id }));
    expect(res).toEqual({ ok: true, deleted: { nodes: 2, contentItems: 1 } });
    const after = await toc();
    expect(after.nodes.map((n) => n.position)).toEqual([0, 1]);
    expect((await get(token, `/book/tocnodeimpact?id=${scrap.id}`)).statusCode).toBe(404);
  });
});

describe('free flag and status', () => {
  it('updatetocnode sets the title, free flag and status; gettocbyisbn shows them', async () => {
    const animals = await byTitle('Animals');
    expect(animals).toMatchObject({ isFree: false, status: 'active' });
    let res = await ok<Toc>(
      post(token, '/book/updatetocnode', { id: animals.id, isFree: true, status: 'inactive' }),
    );
    const node = res.nodes.find((n) => n.id === animals.id)!;
    expect(node).toMatchObject({ title: 'Animals', isFree: true, status: 'inactive' });
    // Without subtree, only the node itself.
    expect(node.children.map((c) => [c.isFree, c.status])).toEqual([
      [false, 'active'],
      [false, 'active'],
    ]);
    expect(await toc()).toEqual(res);
    res = await ok<Toc>(
      post(token, '/book/updatetocnode', { id: animals.id, title: ' Beasts ', status: 'active' }),
    );
    expect(res.nodes.find((n) => n.id === animals.id)).toMatchObject({
      title: 'Beasts',
      isFree: true,
      status: 'active',
    });
  });

  it('subtree: true applies isFree and status to every node under it, titles untouched', async () => {
    const unit = await byTitle('Unit One');
    const res = await ok<Toc>(
      post(token, '/book/updatetocnode', { id: unit.id, isFree: true, subtree: true }),
    );
    const under = flat(res.nodes.filter((n) => n.id === unit.id));
    expect(under.map((n) => [n.title, n.isFree])).toEqual([
      ['Unit One', true],
      ['Plants', true],
      ['Leaves', true],
      ['Notes', true],
    ]);
    const fetched = flat((await toc()).nodes.filter((n) => n.id === unit.id));
    expect(fetched.every((n) => n.isFree && n.status === 'active')).toBe(true);
    await ok(post(token, '/book/updatetocnode', { id: unit.id, isFree: false, subtree: true }));
    await ok(
      post(token, '/book/renametocnode', { id: (await byTitle('Beasts')).id, title: 'Animals' }),
    );
  });

  it('400 without any field or with a bad status, 404 for an unknown node', async () => {
    const unit = await byTitle('Unit One');
    const none = await post(token, '/book/updatetocnode', { id: unit.id });
    expect(none.statusCode).toBe(400);
    expect(none.json().details[0].message).toBe('Give title, isFree or status');
    const bad = await post(token, '/book/updatetocnode', {
      id: unit.id,
      status: 'gone',
      isFree: 'y',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.isFree', 'body.status']);
    const unknown = await post(token, '/book/updatetocnode', { id: 987654, isFree: true });
    expect(unknown.statusCode).toBe(404);
  });
});

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
      nodePath: 'Unit One › Plants › Leaves',
      file: { contentType: 'application/pdf', originalName: 'leaves.pdf' },
    });
    expect(pdf.openUrl).toMatch(/^\/api\/book\/contentfile\?id=\d+&exp=\d+&sig=/);
    expect((await byTitle('Leaves')).contentCount).toBe(1);
    const list = await ok<{ items: ContentItem[] }>(
      get(token, `/book/getdigitalcontent?isbn=${EXTRA}`),
    );
    expect(list.items.map((i) => [i.title, i.nodePath])).toEqual([
      ['Leaf sheet', 'Unit One › Plants › Leaves'],
    ]);
  });

  it('streams the PDF whole and by range, by bearer or signed link', async () => {
    const bytes = tinyPdf(3);
    const whole = await get(token, `/book/getpdfbycontentid?id=${pdf.id}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await t.as(token, {
      method: 'GET',
      url: `/api/book/getpdfbycontentid?id=${pdf.id}`,
      headers: { range: 'bytes=0-7' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${bytes.length}`);
    expect(part.body).toBe('%PDF-1.4');
    const signed = await t.app.inject({
      method: 'GET',
      url: pdf.openUrl!,
      headers: { range: 'bytes=1-3' },
    });
    expect(signed.statusCode).toBe(206);
    expect(signed.body).toBe('PDF');
    const forged = await t.app.inject({
      method: 'GET',
      url: pdf.openUrl!.replace(/sig=./, 'sig=A'),
    });
    expect(forged.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/book/getpdfbycontentid?id=${pdf.id}` }))
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
    expect(
      fields
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.nodeId', 'body.title']);
    const unknown = await upload(tinyPdf(), 'a.pdf', { nodeId: '987654', title: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect((await byTitle('Leaves')).contentCount).toBe(1);
  });

  it('attaches videos and audios once, reports an existing mapping, and checks the kind', async () => {
    const video = await ok<{ id: number }>(
      post(token, '/media/addvideo', {
        source: 'url',
        url: 'https://cdn.test/v.mp4',
        title: 'Photosynthesis',
      }),
    );
    const audio = await ok<{ id: number }>(
      post(token, '/media/addaudiofile', {
        source: 'url',
        url: 'https://cdn.test/a.mp3',
        title: 'Song',
      }),
    );
    const leaves = await byTitle('Leaves');
    const first = await ok<{ mapped: boolean; item: ContentItem }>(
      post(token, '/book/setvideotoc', { nodeId: leaves.id, mediaItemId: video.id }),
    );
    expect(first.mapped).toBe(true);
    expect(first.item).toMatchObject({
      kind: 'video',
      title: 'Photosynthesis',
      mediaItemId: video.id,
      openUrl: 'https://cdn.test/v.mp4',
    });
    const again = await ok<{ mapped: boolean; existing: ContentItem }>(
      post(token, '/book/checkmappingandassign', {
        nodeId: leaves.id,
        kind: 'video',
        mediaItemId: video.id,
      }),
    );
    expect(again).toEqual({ mapped: false, existing: first.item });
    const wrong = await post(token, '/book/setaudiotoc', {
      nodeId: leaves.id,
      mediaItemId: video.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].path).toBe('body.mediaItemId');
    await ok(post(token, '/book/setaudiotoc', { nodeId: leaves.id, mediaItemId: audio.id }));
    expect((await byTitle('Leaves')).contentCount).toBe(3);

    const del = await post(token, '/media/deletevideo', { id: video.id });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('1 TOC entry uses this video ("Science 1" › Leaves)');

    await ok(post(token, '/book/removecontent', { id: first.item.id }));
    expect((await post(token, '/media/deletevideo', { id: video.id })).statusCode).toBe(200);
  });

  it('moves a PDF to another node through checkmappingandassign, once', async () => {
    const mammals = await byTitle('Mammals');
    const moved = await ok<{ mapped: boolean; item: ContentItem }>(
      post(token, '/book/checkmappingandassign', {
        nodeId: mammals.id,
        kind: 'pdf',
        contentId: pdf.id,
      }),
    );
    expect(moved.item.nodePath).toBe('Animals › Mammals');
    const again = await ok<{ mapped: boolean }>(
      post(token, '/book/checkmappingandassign', {
        nodeId: mammals.id,
        kind: 'pdf',
        contentId: pdf.id,
      }),
    );
    expect(again.mapped).toBe(false);
    const bad = await post(token, '/book/checkmappingandassign', {
      nodeId: mammals.id,
      kind: 'link',
      url: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('body.url');
  });

  it('removes content and its file', async () => {
    await ok(post(token, '/book/removecontent', { id: pdf.id }));
    expect((await get(token, `/book/getpdfbycontentid?id=${pdf.id}`)).statusCode).toBe(404);
    expect((await post(token, '/book/removecontent', { id: pdf.id })).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('every TOC path is 403 without the books module', async () => {
    const calls = [
      get(mediaOnly, `/book/gettocbyisbn?isbn=${ISBN}`),
      get(mediaOnly, `/book/getdigitalcontent?isbn=${ISBN}`),
      get(mediaOnly, '/book/tocnodeimpact?id=1'),
      get(mediaOnly, '/book/getpdfbycontentid?id=1'),
      post(mediaOnly, '/book/dummytocforisbn', { isbn: ISBN }),
      post(mediaOnly, '/book/addtocnode', { bookId, title: 'x', kind: 'unit' }),
      post(mediaOnly, '/book/renametocnode', { id: 1, title: 'x' }),
      post(mediaOnly, '/book/updatetocnode', { id: 1, isFree: true }),
      post(mediaOnly, '/book/movetocnode', { id: 1, parentId: null, position: 0 }),
      post(mediaOnly, '/book/deletetocnode', { id: 1 }),
      post(mediaOnly, '/book/checkmappingandassign', { nodeId: 1, kind: 'video', mediaItemId: 1 }),
      post(mediaOnly, '/book/setvideotoc', { nodeId: 1, mediaItemId: 1 }),
      post(mediaOnly, '/book/setaudiotoc', { nodeId: 1, mediaItemId: 1 }),
      post(mediaOnly, '/book/removecontent', { id: 1 }),
      upload(tinyPdf(), 'a.pdf', { nodeId: '1', title: 'x' }, mediaOnly),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('You do not have access to Books');
    }
  });
});

describe('size', () => {
  it('reads a 1,000-node TOC in one query and builds the ordered tree in memory', async () => {
    const book = await ok<{ id: number }>(
      post(token, '/book/createbookcontent', { isbn: '9780131103627', title: 'Big' }),
    );
    const db = t.app.deps.db;
    const units = await db
      .insert(tocNodes)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          bookId: book.id,
          kind: 'unit' as const,
          title: `U${i}`,
          position: i,
        })),
      )
      .returning({ id: tocNodes.id });
    await db.insert(tocNodes).values(
      units.flatMap((u) =>
        Array.from({ length: 19 }, (_, i) => ({
          bookId: book.id,
          parentId: u.id,
          kind: 'chapter' as const,
          title: `C${i}`,
          position: i,
        })),
      ),
    );
    await bookNodes(db, book.id); // warm
    // Speed is a benchmark's business, not a unit test's: this checks the shape only.
    const tree = buildTree(await bookNodes(db, book.id));
    expect(flat(tree)).toHaveLength(1000);
    expect(tree[3]!.children[7]!.title).toBe('C7');
    const res = await ok<Toc>(get(token, '/book/gettocbyisbn?isbn=9780131103627'));
    expect(res.nodeCount).toBe(1000);
  });
});
