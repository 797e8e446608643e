import type { Toc, TocNode, UploadTocResponse } from '@bo/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildZip } from '../../test/zip-writer.ts';
import { flat, multipart, ok, useTocFixture } from './toc.fixtures.ts';

const f = useTocFixture();
const { post, toc } = f;
let otherBookId: number;
let otherNodeId: number;

type Cell = string | number | boolean | null;
const HEADER = ['Level 1', 'Level 2', 'Level 3', 'Level 4', 'Node Id', 'Kind', 'Free', 'Status'];

const outline = (nodes: TocNode[], depth = 0): string[] =>
  nodes.flatMap((n) => [`${'  '.repeat(depth)}${n.title}`, ...outline(n.children, depth + 1)]);

async function download(tk = f.token, id = f.bookId) {
  return f.t.as(tk, { method: 'GET', url: `/api/book/downloadtoc?bookId=${id}` });
}
/** The sheet's rows as plain values (what exceljs reads back), header first. */
async function readSheet(bytes: Buffer): Promise<Cell[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: Cell[][] = [];
  wb.worksheets[0]!.eachRow((row) => {
    out.push(Array.from((row.values as Cell[]).slice(1), (v) => v ?? null));
  });
  return out;
}
async function workbook(rows: Cell[][], header = HEADER) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('TOC');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
async function upload(
  bytes: Buffer,
  q: { dryRun?: boolean; removeMissing?: boolean; id?: number } = {},
  tk = f.token,
) {
  const params = new URLSearchParams({
    bookId: String(q.id ?? f.bookId),
    dryRun: String(q.dryRun ?? true),
    removeMissing: String(q.removeMissing ?? false),
  });
  return f.t.as(tk, {
    method: 'POST',
    url: `/api/book/uploadtoc?${params}`,
    ...(await multipart(bytes, 'toc.xlsx')),
  });
}
const uploadOk = async (bytes: Buffer, q: Parameters<typeof upload>[1] = {}) =>
  ok<UploadTocResponse>(upload(bytes, q));

const add = (title: string, kind: string, parentId: number | null = null, id = f.bookId) =>
  ok<Toc>(post(f.token, '/book/addtocnode', { bookId: id, parentId, title, kind }));
const idOf = async (title: string) => flat((await toc()).nodes).find((n) => n.title === title)!.id;

beforeAll(async () => {
  otherBookId = (
    await ok<{ id: number }>(
      post(f.token, '/book/createbookcontent', { isbn: '9780131103627', title: 'Other' }),
    )
  ).id;
  otherNodeId = (await add('Elsewhere', 'chapter', null, otherBookId)).nodes[0]!.id;
  await add('Unit A', 'unit');
  const a = await idOf('Unit A');
  await add('Counting', 'chapter', a);
  await add('=HYPERLINK("http://evil")', 'topic', await idOf('Counting'));
  await add('-1 and +1', 'topic', await idOf('Counting'));
  await add('Shapes', 'chapter', a);
  await add('Unit B', 'unit');
});

describe('downloadtoc', () => {
  it('one column per level, Node Id, Kind, Free, Status; depth first; formulas escaped', async () => {
    const res = await download();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('TOC 9780306406157.xlsx');
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    const ids = flat((await toc()).nodes).map((n) => n.id);
    expect(rows.slice(1)).toEqual([
      ['Unit A', null, null, null, ids[0], 'unit', 'No', 'active'],
      [null, 'Counting', null, null, ids[1], 'chapter', 'No', 'active'],
      [null, null, `'=HYPERLINK("http://evil")`, null, ids[2], 'topic', 'No', 'active'],
      [null, null, "'-1 and +1", null, ids[3], 'topic', 'No', 'active'],
      [null, 'Shapes', null, null, ids[4], 'chapter', 'No', 'active'],
      ['Unit B', null, null, null, ids[5], 'unit', 'No', 'active'],
    ]);
    // Written as text, never as a formula.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getCell('C4').type).toBe(ExcelJS.ValueType.String);
  });

  it('re-uploading the download unchanged changes nothing', async () => {
    const before = await toc();
    const bytes = (await download()).rawPayload;
    const dry = await uploadOk(bytes);
    expect(dry).toMatchObject({
      rows: 6,
      valid: 6,
      errors: [],
      committed: false,
      created: 0,
      updated: 0,
      moved: 0,
      removed: 0,
      notInSheet: [],
    });
    const done = await uploadOk(bytes, { dryRun: false });
    expect(done).toMatchObject({ committed: true, created: 0, updated: 0, moved: 0 });
    expect(await toc()).toEqual(before);
  });

  it('404 for an unknown book; the template re-imports as 5 new nodes', async () => {
    expect((await download(f.token, 987654)).statusCode).toBe(404);
    const tpl = await f.t.as(f.token, { method: 'GET', url: '/api/book/toctemplate' });
    expect(tpl.statusCode).toBe(200);
    const rows = await readSheet(tpl.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    const dry = await uploadOk(tpl.rawPayload, { id: otherBookId });
    expect(dry).toMatchObject({ errors: [], created: 5, notInSheet: [{ id: otherNodeId }] });
  });
});

describe('uploadtoc', () => {
  it('renames, moves and adds nodes through the sheet (dry run first writes nothing)', async () => {
    const [a, counting, evil, minus, shapes, b] = flat((await toc()).nodes).map((n) => n.id);
    const before = await toc();
    const sheet = await workbook([
      ['Unit A', null, null, null, a!, 'unit', 'No', 'active'],
      [null, 'Shapes', null, null, shapes!, 'chapter', 'Yes', null],
      [null, 'Counting to 100', null, null, counting!, null, null, null],
      [null, null, '-1 and +1', null, minus!, 'topic', 'No', 'active'],
      ['Unit B', null, null, null, b!, 'unit', 'No', 'active'],
      [null, null, null, null, null, null, null, null],
      [null, '=HYPERLINK("http://evil")', null, null, evil!, 'chapter', 'No', 'inactive'],
      [null, null, 'New topic', null, null, null, 'Yes', null],
    ]);
    const dry = await uploadOk(sheet);
    expect(dry).toMatchObject({ errors: [], rows: 7, valid: 7, created: 1, committed: false });
    // Shapes (free), Counting (renamed), evil (kind, status): 3 updated;
    // Shapes before Counting (order), evil to Unit B: moved.
    expect(dry.updated).toBe(3);
    expect(dry.moved).toBe(3);
    expect(await toc()).toEqual(before);

    const done = await uploadOk(sheet, { dryRun: false });
    expect(done).toMatchObject({ committed: true, created: 1, updated: 3, moved: 3, removed: 0 });
    const after = await toc();
    expect(outline(after.nodes)).toEqual([
      'Unit A',
      '  Shapes',
      '  Counting to 100',
      '    -1 and +1',
      'Unit B',
      '  =HYPERLINK("http://evil")',
      '    New topic',
    ]);
    const nodes = flat(after.nodes);
    expect(nodes.find((n) => n.id === shapes)).toMatchObject({ isFree: true, position: 0 });
    expect(nodes.find((n) => n.id === evil)).toMatchObject({
      kind: 'chapter',
      status: 'inactive',
      parentId: b,
    });
    expect(nodes.find((n) => n.title === 'New topic')).toMatchObject({
      kind: 'section',
      isFree: true,
      status: 'active',
      parentId: evil,
    });
  });

  it("a Books-only admin's sheet may not change a Free flag (the free sample of Free content)", async () => {
    const booksOnly = (await f.t.signIn((await f.t.createAdmin({ modules: ['books'] })).email))
      .accessToken;
    const [first] = (await toc()).nodes;
    const line = (free: string) => [
      [first!.title, null, null, null, first!.id, first!.kind, free, first!.status],
    ];
    const flips = await workbook(line(first!.isFree ? 'No' : 'Yes'));
    for (const dryRun of [true, false]) {
      const res = await upload(flips, { dryRun }, booksOnly);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(
        "You do not have access to Free content, which you need to change a book's free sample",
      );
    }
    expect((await toc()).nodes[0]!.isFree).toBe(first!.isFree);
    const newFree = await workbook([
      ...line(first!.isFree ? 'Yes' : 'No'),
      ['Free unit', null, null, null, null, 'unit', 'Yes', null],
    ]);
    expect((await upload(newFree, {}, booksOnly)).statusCode).toBe(403);
    // The same flag as before changes nothing of the sample: allowed.
    const same = await upload(await workbook(line(first!.isFree ? 'Yes' : 'No')), {}, booksOnly);
    expect(same.statusCode, same.body).toBe(200);
  });

  it('reports every bad row with row, column and message, and writes nothing', async () => {
    const before = await toc();
    const [a, shapes] = flat(before.nodes).map((n) => n.id);
    const sheet = await workbook([
      ['Unit A', null, null, null, a!, null, null, null],
      [null, null, 'Skipped a level', null, null, null, null, null],
      [null, 'Ghost', null, null, 987654, null, null, null],
      [null, 'Foreign', null, null, otherNodeId, null, null, null],
      [null, 'Again', null, null, a!, null, null, null],
      [null, 'Two', 'Levels', null, shapes!, null, null, null],
      [null, 'Bad cells', null, null, null, 'volume', 'maybe', 'gone'],
      [null, null, null, null, null, 'topic', null, null],
    ]);
    const dry = await uploadOk(sheet);
    expect(dry.committed).toBe(false);
    expect(dry.rows).toBe(8);
    expect(dry.valid).toBe(1);
    expect(dry.errors).toEqual([
      { row: 3, column: 'Level 3', message: 'Level 3 right after Level 1: a level is skipped' },
      { row: 4, column: 'Node Id', message: 'No TOC node 987654 in this book' },
      { row: 5, column: 'Node Id', message: `Node ${otherNodeId} belongs to another book` },
      { row: 6, column: 'Node Id', message: `Node ${a} is also in row 2` },
      {
        row: 7,
        column: 'Level 3',
        message: 'Only one Level cell per row: this row also has a title in Level 2',
      },
      { row: 8, column: 'Kind', message: 'Kind must be unit, chapter, topic or section' },
      { row: 8, column: 'Free', message: 'Free must be Yes or No' },
      { row: 8, column: 'Status', message: 'Status must be active or inactive' },
      { row: 9, column: 'Level 1', message: 'Give the title in one of the Level columns' },
    ]);
    const commit = await upload(sheet, { dryRun: false });
    expect(commit.statusCode).toBe(400);
    expect(commit.json().details).toContainEqual({
      path: 'rows.4.Node Id',
      message: 'No TOC node 987654 in this book',
    });
    expect(await toc()).toEqual(before);
  });

  it('keeps nodes absent from the sheet unless removeMissing, then removes them with content', async () => {
    const nodes = flat((await toc()).nodes);
    const unitB = nodes.find((n) => n.title === 'Unit B')!;
    await ok(
      post(f.token, '/book/checkmappingandassign', {
        nodeId: unitB.id,
        kind: 'link',
        url: 'https://example.com/w.pdf',
      }),
    );
    // A sheet with Unit A's subtree only.
    const lines = (await readSheet((await download()).rawPayload)).slice(1, 5);
    const sheet = await workbook([...lines, ['Unit C', null, null, null, null, null, null, null]]);
    const missing = [
      { id: unitB.id, path: 'Unit B', contentItems: 1 },
      { id: expect.any(Number), path: 'Unit B › =HYPERLINK("http://evil")', contentItems: 0 },
      {
        id: expect.any(Number),
        path: 'Unit B › =HYPERLINK("http://evil") › New topic',
        contentItems: 0,
      },
    ];
    const kept = await uploadOk(sheet, { dryRun: false });
    expect(kept).toMatchObject({ created: 1, removed: 0, moved: 0, notInSheet: missing });
    // Kept nodes stay under their parent, after the sheet's rows.
    expect(outline((await toc()).nodes).filter((l) => !l.startsWith(' '))).toEqual([
      'Unit A',
      'Unit C',
      'Unit B',
    ]);

    const again = await workbook((await readSheet((await download()).rawPayload)).slice(1, 5));
    const dry = await uploadOk(again, { removeMissing: true });
    expect(dry).toMatchObject({ removed: 4, removedContentItems: 1, committed: false });
    const done = await uploadOk(again, { removeMissing: true, dryRun: false });
    expect(done).toMatchObject({ removed: 4, removedContentItems: 1, committed: true });
    expect(outline((await toc()).nodes)).toEqual([
      'Unit A',
      '  Shapes',
      '  Counting to 100',
      '    -1 and +1',
    ]);
  });

  it('403 without the books module; 415 for a file that is not a zip, 400 for a zip that is not a workbook', async () => {
    const bytes = await workbook([]);
    for (const res of [
      await download(f.mediaOnly),
      await f.t.as(f.mediaOnly, { method: 'GET', url: '/api/book/toctemplate' }),
      await upload(bytes, {}, f.mediaOnly),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
    }
    const text = await upload(Buffer.from('Level 1,Node Id\nUnit,1\n'));
    expect(text.statusCode, text.body).toBe(415);
    const zip = await upload(buildZip([{ name: 'notes.txt', data: Buffer.from('hello') }]));
    expect(zip.statusCode, zip.body).toBe(400);
    expect(await toc()).toMatchObject({ nodeCount: 4 });
    const bad = await upload(bytes, { id: 987654 });
    expect(bad.statusCode).toBe(404);
    const q = await f.t.as(f.token, { method: 'POST', url: `/api/book/uploadtoc?bookId=x` });
    expect(q.statusCode).toBe(400);
  });
});
