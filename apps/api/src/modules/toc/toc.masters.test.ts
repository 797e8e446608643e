import type { Toc } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { detailPaths, EXTRA, ISBN, ok, useTocFixture } from './toc.fixtures.ts';

const f = useTocFixture();
const { post, get, toc, byTitle } = f;

describe('TOC from the masters', () => {
  it('an empty TOC at first, by main or extra ISBN (hyphens and ISBN-10 accepted)', async () => {
    const a = await toc();
    expect(a).toEqual({
      book: { id: f.bookId, isbn: ISBN, title: 'Science 1' },
      nodeCount: 0,
      nodes: [],
    });
    const b = await ok<Toc>(get(f.token, '/book/gettocbyisbn?isbn=978-3-16-148410-0'));
    expect(b.book.id).toBe(f.bookId);
    const c = await ok<Toc>(get(f.token, '/book/gettocbyisbn?isbn=0-306-40615-2'));
    expect(c.book.id).toBe(f.bookId);
  });

  it('400 with field details for a bad ISBN, 404 for an unknown one', async () => {
    const bad = await get(f.token, '/book/gettocbyisbn?isbn=123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('querystring.isbn');
    expect((await get(f.token, '/book/gettocbyisbn?isbn=9781861972712')).statusCode).toBe(404);
  });

  it('dummytocforisbn builds chapters and their topics in master order', async () => {
    const res = await ok<Toc>(post(f.token, '/book/dummytocforisbn', { isbn: EXTRA }));
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
    const res = await post(f.token, '/book/dummytocforisbn', { isbn: ISBN });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already has a TOC of 5 nodes/);
    const again = await ok<Toc>(
      post(f.token, '/book/dummytocforisbn', { isbn: ISBN, replace: true }),
    );
    expect(again.nodeCount).toBe(5);
  });

  it('400 when the book has no subject; 400 field details for a bad body', async () => {
    await ok(post(f.token, '/book/createbookcontent', { isbn: '9781861972712', title: 'Bare' }));
    const res = await post(f.token, '/book/dummytocforisbn', { isbn: '9781861972712' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'body.isbn', message: expect.stringMatching(/no subject/) },
    ]);
    const bad = await post(f.token, '/book/dummytocforisbn', { isbn: 'x', replace: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(detailPaths(bad)).toEqual(['body.isbn', 'body.replace']);
  });

  it('a master chapter used by a TOC cannot be deleted', async () => {
    const animals = await byTitle('Animals');
    const res = await post(f.mediaOnly, '/book/removechapter', { id: animals.chapterId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/and 3 TOC nodes use this chapter/);
  });
});
