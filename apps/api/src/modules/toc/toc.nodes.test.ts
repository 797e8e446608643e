import type { Toc } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { tocNodes } from '../../db/schema/index.ts';
import { detailPaths, flat, ok, useTocFixture } from './toc.fixtures.ts';
import { bookNodes, buildTree } from './toc.queries.ts';

const f = useTocFixture({ buildFromMasters: true });
const { post, get, toc, byTitle } = f;

describe('node editing', () => {
  it('adds, renames, moves and reorders nodes', async () => {
    let res = await ok<Toc>(
      post(f.token, '/book/addtocnode', { bookId: f.bookId, title: 'Unit 1', kind: 'unit' }),
    );
    const unit = res.nodes.at(-1)!;
    expect(unit).toMatchObject({ title: 'Unit 1', position: 2, parentId: null });
    const plants = await byTitle('Plants');
    res = await ok<Toc>(
      post(f.token, '/book/movetocnode', { id: plants.id, parentId: unit.id, position: 0 }),
    );
    expect(res.nodes.map((n) => n.title)).toEqual(['Animals', 'Unit 1']);
    expect(res.nodes[1]!.children.map((n) => n.title)).toEqual(['Plants']);
    expect(res.nodes.map((n) => n.position)).toEqual([0, 1]);
    res = await ok<Toc>(
      post(f.token, '/book/movetocnode', { id: unit.id, parentId: null, position: 0 }),
    );
    expect(res.nodes.map((n) => n.title)).toEqual(['Unit 1', 'Animals']);
    const birds = await byTitle('Birds');
    res = await ok<Toc>(
      post(f.token, '/book/movetocnode', { id: birds.id, parentId: birds.parentId, position: 0 }),
    );
    expect(res.nodes[1]!.children.map((n) => n.title)).toEqual(['Birds', 'Mammals']);
    res = await ok<Toc>(
      post(f.token, '/book/renametocnode', { id: unit.id, title: '  Unit One ' }),
    );
    expect(res.nodes[0]!.title).toBe('Unit One');
    res = await ok<Toc>(
      post(f.token, '/book/addtocnode', {
        bookId: f.bookId,
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
      const res = await post(f.token, '/book/movetocnode', { id: unit.id, parentId, position: 0 });
      expect(res.statusCode).toBe(409);
    }
    const bad = await post(f.token, '/book/addtocnode', {
      bookId: f.bookId,
      title: ' ',
      kind: 'page',
    });
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad)).toEqual(['body.kind', 'body.title']);
    const missingMove = await post(f.token, '/book/movetocnode', { id: unit.id });
    expect(detailPaths(missingMove)).toEqual(['body.parentId', 'body.position']);
    expect(
      (await post(f.token, '/book/renametocnode', { id: 987654, title: 'x' })).statusCode,
    ).toBe(404);
    const other = await post(f.token, '/book/addtocnode', {
      bookId: f.bookId,
      parentId: 987654,
      title: 'x',
      kind: 'unit',
    });
    expect(other.statusCode).toBe(400);
  });

  it('tells the impact, then deletes a subtree and closes the gap', async () => {
    const extra = await ok<Toc>(
      post(f.token, '/book/addtocnode', { bookId: f.bookId, title: 'Scrap', kind: 'unit' }),
    );
    const scrap = extra.nodes.at(-1)!;
    await ok(
      post(f.token, '/book/addtocnode', {
        bookId: f.bookId,
        parentId: scrap.id,
        title: 'A',
        kind: 'section',
      }),
    );
    await ok(
      post(f.token, '/book/checkmappingandassign', {
        nodeId: scrap.id,
        kind: 'link',
        url: 'https://x.test/a',
      }),
    );
    expect(await ok(get(f.token, `/book/tocnodeimpact?id=${scrap.id}`))).toEqual({
      nodes: 2,
      contentItems: 1,
      practices: 0,
      qrCodes: 0,
      qrScans30Days: 0,
    });
    const res = await ok(post(f.token, '/book/deletetocnode', { id: scrap.id }));
    const deleted = { nodes: 2, contentItems: 1, practices: 0, qrCodes: 0, qrScans30Days: 0 };
    expect(res).toEqual({ ok: true, deleted });
    const after = await toc();
    expect(after.nodes.map((n) => n.position)).toEqual([0, 1]);
    expect((await get(f.token, `/book/tocnodeimpact?id=${scrap.id}`)).statusCode).toBe(404);
  });
});

describe('free flag and status', () => {
  it('updatetocnode sets the title, free flag and status; gettocbyisbn shows them', async () => {
    const animals = await byTitle('Animals');
    expect(animals).toMatchObject({ isFree: false, status: 'active' });
    let res = await ok<Toc>(
      post(f.token, '/book/updatetocnode', { id: animals.id, isFree: true, status: 'inactive' }),
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
      post(f.token, '/book/updatetocnode', { id: animals.id, title: ' Beasts ', status: 'active' }),
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
      post(f.token, '/book/updatetocnode', { id: unit.id, isFree: true, subtree: true }),
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
    await ok(post(f.token, '/book/updatetocnode', { id: unit.id, isFree: false, subtree: true }));
    await ok(
      post(f.token, '/book/renametocnode', { id: (await byTitle('Beasts')).id, title: 'Animals' }),
    );
  });

  it('400 without any field or with a bad status, 404 for an unknown node', async () => {
    const unit = await byTitle('Unit One');
    const none = await post(f.token, '/book/updatetocnode', { id: unit.id });
    expect(none.statusCode).toBe(400);
    expect(none.json().details[0].message).toBe('Give title, isFree or status');
    const bad = await post(f.token, '/book/updatetocnode', {
      id: unit.id,
      status: 'gone',
      isFree: 'y',
    });
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad)).toEqual(['body.isFree', 'body.status']);
    const unknown = await post(f.token, '/book/updatetocnode', { id: 987654, isFree: true });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('size', () => {
  it('reads a 1,000-node TOC in one query and builds the ordered tree in memory', async () => {
    const book = await ok<{ id: number }>(
      post(f.token, '/book/createbookcontent', { isbn: '9780131103627', title: 'Big' }),
    );
    const db = f.t.app.deps.db;
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
    const res = await ok<Toc>(get(f.token, '/book/gettocbyisbn?isbn=9780131103627'));
    expect(res.nodeCount).toBe(1000);
  });
});

describe('the free flag is the free sample of Free content', () => {
  it('a Books-only admin may rename and switch status, but not change the free flag', async () => {
    const booksOnly = (await f.t.signIn((await f.t.createAdmin({ modules: ['books'] })).email))
      .accessToken;
    await ok(
      post(f.token, '/book/addtocnode', { bookId: f.bookId, title: 'Sample', kind: 'unit' }),
    );
    const unit = await byTitle('Sample');
    const refused = await post(booksOnly, '/book/updatetocnode', { id: unit.id, isFree: true });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'forbidden',
      message:
        "You do not have access to Free content, which you need to change a book's free sample",
    });
    const subtree = { id: unit.id, isFree: false, status: 'inactive', subtree: true };
    expect((await post(booksOnly, '/book/updatetocnode', subtree)).statusCode).toBe(403);
    expect(await byTitle('Sample')).toMatchObject({ isFree: false, status: 'active' });
    // Its own fields stay its own.
    await ok(post(booksOnly, '/book/updatetocnode', { id: unit.id, status: 'inactive' }));
    await ok(post(booksOnly, '/book/updatetocnode', { id: unit.id, status: 'active' }));
  });
});
