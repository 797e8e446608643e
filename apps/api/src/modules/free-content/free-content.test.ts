import type { CloneFreeTocResponse, FreeBook, FreeToc, SampleBook } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { makeAppKey } from '../learners/learners.testing.ts';
import {
  addNode,
  appGet,
  bookOf,
  flat,
  freeToc,
  freshIsbn,
  get,
  masters,
  nodeByTitle,
  ok,
  post,
  useFreeTestApp,
} from './free-content.testing.ts';

/** Free books, free samples, their copy between books and the app's read, on a real database. */
const w = useFreeTestApp();

const audits = (action: string) =>
  w.t.app.deps.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('free ISBNs', () => {
  it('adds a book by its main or an extra ISBN, lists it, removes it; audited', async () => {
    const book = await bookOf(w, 'Free Maths');
    const extra = freshIsbn();
    await ok(post(w, '/book/appendmultipleisbn', { bookId: book.id, isbns: [extra] }));
    const added = await ok<FreeBook>(post(w, '/promotional/addfreeisbn', { isbn: extra }));
    expect(added).toMatchObject({ bookId: book.id, isbn: book.isbn, title: 'Free Maths' });
    const list = await ok<{ items: FreeBook[]; total: number }>(
      get(w, '/promotional/listoffreeisbn?q=Free%20Maths'),
    );
    expect(list.items.map((b) => b.bookId)).toEqual([book.id]);
    expect(list.items[0]!.addedByName).toBeTruthy();
    const [row] = await w.t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'free_book_added'), eq(auditLog.entityId, String(book.id))));
    expect(row?.after).toMatchObject({ isbn: book.isbn, givenIsbn: extra });
    await ok(post(w, '/promotional/deletefreeisbn', { bookId: book.id }));
    const after = await ok<{ total: number }>(get(w, '/promotional/listoffreeisbn?q=Free%20Maths'));
    expect(after.total).toBe(0);
    expect(await audits('free_book_removed')).toHaveLength(1);
  });

  it('refuses a duplicate (409), an unknown ISBN (404), a malformed one (400) and removing a book not free (404)', async () => {
    const book = await bookOf(w, 'Twice');
    await ok(post(w, '/promotional/addfreeisbn', { isbn: book.isbn }));
    const again = await post(w, '/promotional/addfreeisbn', { isbn: book.isbn });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`"Twice" (${book.isbn}) is already free`);
    const unknown = await post(w, '/promotional/addfreeisbn', { isbn: '9781861972712' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Book with ISBN 9781861972712 not found');
    expect((await post(w, '/promotional/addfreeisbn', { isbn: '12' })).statusCode).toBe(400);
    const other = await bookOf(w, 'Not free');
    const res = await post(w, '/promotional/deletefreeisbn', { bookId: other.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Free book not found');
  });
});

describe('free sample', () => {
  it('a chosen chapter opens its topics; a child moved under it opens too, and a deleted node leaves the sample', async () => {
    const subject = await masters(w, { Numbers: ['Counting', 'Place value'], Shapes: ['Circles'] });
    const book = await bookOf(w, 'Sample Maths', subject);
    const before = await freeToc(w, book.isbn);
    expect(before).toMatchObject({ freeBook: false, chosenCount: 0, openCount: 0 });
    const numbers = flat(before.nodes).find(
      (n) => n.kind === 'chapter' && n.title.includes('Numbers'),
    )!;
    const toc = await ok<FreeToc>(
      post(w, '/promotional/createfreetoc', { bookId: book.id, nodeIds: [numbers.id] }),
    );
    expect(toc).toMatchObject({ chosenCount: 1, openCount: 3 });
    const chosen = flat(toc.nodes).find((n) => n.id === numbers.id)!;
    expect(chosen).toMatchObject({ isFree: true, freeByParent: false });
    expect(chosen.children.map((c) => [c.isFree, c.freeByParent])).toEqual([
      [false, true],
      [false, true],
    ]);
    const extra = await addNode(w, book.id, 'Extra work');
    await ok(post(w, '/book/movetocnode', { id: extra, parentId: numbers.id, position: 0 }));
    expect(nodeByTitle(await freeToc(w, book.isbn), 'Extra work').freeByParent).toBe(true);
    await ok(post(w, '/book/deletetocnode', { id: numbers.id }));
    expect(await freeToc(w, book.isbn)).toMatchObject({ chosenCount: 0, openCount: 0 });
  });

  it('switches one node on and off, refuses a node of another book (400) and an unknown node (404)', async () => {
    const book = await bookOf(w, 'Switches');
    const a = await addNode(w, book.id, 'Unit A');
    const other = await bookOf(w, 'Other');
    const foreign = await addNode(w, other.id, 'Foreign');
    const on = await ok<FreeToc>(
      post(w, '/promotional/updatefreecontentstatus', { nodeId: a, isFree: true }),
    );
    expect(nodeByTitle(on, 'Unit A').isFree).toBe(true);
    const off = await ok<FreeToc>(
      post(w, '/promotional/updatefreecontentstatus', { nodeId: a, isFree: false }),
    );
    expect(off.chosenCount).toBe(0);
    const res = await post(w, '/promotional/createfreetoc', {
      bookId: book.id,
      nodeIds: [a, foreign],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`TOC node ${foreign} is not a node of "Switches"`);
    expect(res.json().details[0].path).toBe('body.nodeIds');
    expect((await freeToc(w, book.isbn)).chosenCount).toBe(0);
    const unknown = await post(w, '/promotional/updatefreecontentstatus', {
      nodeId: 99_999_999,
      isFree: true,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await get(w, '/promotional/getfreetocbyisbn?isbn=9781861972712')).statusCode).toBe(404);
  });

  it('lists the books with a sample, with their counts', async () => {
    const book = await bookOf(w, 'Listed sample');
    const a = await addNode(w, book.id, 'One');
    await addNode(w, book.id, 'Two');
    await bookOf(w, 'Listed without');
    await ok(post(w, '/promotional/createfreetoc', { bookId: book.id, nodeIds: [a] }));
    const list = await ok<{ items: SampleBook[] }>(
      get(w, '/promotional/listofpromotionaltoc?q=listed'),
    );
    expect(list.items).toEqual([
      {
        bookId: book.id,
        isbn: book.isbn,
        title: 'Listed sample',
        nodeCount: 2,
        chosenCount: 1,
        freeBook: false,
      },
    ]);
  });
});

describe('copying a sample to another book', () => {
  it('matches by master chapter/topic, then by title, and reports what it could not match', async () => {
    const subject = await masters(w, { Plants: ['Roots', 'Leaves'], Water: ['Rain'] });
    const from = await bookOf(w, 'Science A', subject);
    const to = await bookOf(w, 'Science B', subject);
    const src = await freeToc(w, from.isbn);
    const plants = flat(src.nodes).find((n) => n.kind === 'chapter' && n.title.includes('Plants'))!;
    const rain = flat(src.nodes).find((n) => n.kind === 'topic' && n.title.includes('Rain'))!;
    const revision = await addNode(w, from.id, 'Revision');
    const appendix = await addNode(w, from.id, 'Appendix');
    await ok(
      post(w, '/promotional/createfreetoc', {
        bookId: from.id,
        nodeIds: [plants.id, rain.id, revision, appendix],
      }),
    );
    // The target's chapter is renamed: it is still found by its master chapter.
    const dst = await freeToc(w, to.isbn);
    const plantsB = flat(dst.nodes).find(
      (n) => n.chapterId === plants.chapterId && n.topicId === null,
    )!;
    await ok(post(w, '/book/renametocnode', { id: plantsB.id, title: 'Green world' }));
    await addNode(w, to.id, 'REVISION');
    const res = await ok<CloneFreeTocResponse>(
      post(w, '/promotional/createfreetocorclone', { bookId: to.id, fromBookId: from.id }),
    );
    expect(res).toMatchObject({ byMaster: 2, byTitle: 1 });
    expect(res.unmatched).toEqual([{ id: appendix, path: 'Appendix' }]);
    const chosen = flat(res.toc.nodes).filter((n) => n.isFree);
    expect(chosen.map((n) => n.title).sort()).toEqual(
      [
        'Green world',
        'REVISION',
        flat(dst.nodes).find((n) => n.topicId === rain.topicId)!.title,
      ].sort(),
    );
    expect((await audits('free_sample_cloned')).at(-1)?.after).toMatchObject({
      fromBookId: from.id,
      unmatchedSourceNodeIds: [appendix],
    });
  });

  it('refuses a source without a sample (409) and the book itself (400), changing nothing', async () => {
    const a = await bookOf(w, 'Empty source');
    const b = await bookOf(w, 'Target');
    const t1 = await addNode(w, b.id, 'Kept');
    await ok(post(w, '/promotional/createfreetoc', { bookId: b.id, nodeIds: [t1] }));
    const none = await post(w, '/promotional/createfreetocorclone', {
      bookId: b.id,
      fromBookId: a.id,
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('"Empty source" has no free sample to copy');
    const self = await post(w, '/promotional/createfreetocorclone', {
      bookId: b.id,
      fromBookId: b.id,
    });
    expect(self.statusCode).toBe(400);
    const missing = await post(w, '/promotional/createfreetocorclone', {
      bookId: b.id,
      fromBookId: 99_999_999,
    });
    expect(missing.statusCode).toBe(404);
    expect((await freeToc(w, b.isbn)).chosenCount).toBe(1);
  });
});

describe('the learner app', () => {
  it('reads free books and open sample nodes with its key (inactive nodes left out), and is refused without', async () => {
    const whole = await bookOf(w, 'App whole');
    await ok(post(w, '/book/changebookstatus', { ids: [whole.id], status: 'active' }));
    await ok(post(w, '/promotional/addfreeisbn', { isbn: whole.isbn }));
    const sample = await bookOf(w, 'App sample');
    await ok(post(w, '/book/changebookstatus', { ids: [sample.id], status: 'active' }));
    const unit = await addNode(w, sample.id, 'Open unit');
    const child = await addNode(w, sample.id, 'Open child', unit);
    const hidden = await addNode(w, sample.id, 'Hidden child', unit);
    await ok(post(w, '/book/updatetocnode', { id: hidden, status: 'inactive' }));
    await addNode(w, sample.id, 'Closed unit');
    await ok(post(w, '/promotional/createfreetoc', { bookId: sample.id, nodeIds: [unit] }));
    const draft = await bookOf(w, 'App draft');
    await ok(post(w, '/promotional/addfreeisbn', { isbn: draft.isbn }));

    const key = await makeAppKey(w.t, w.token);
    const res = await appGet(w, '/app/free-content?pageSize=100', key);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as {
      bookId: number;
      wholeBook: boolean;
      nodes: { id: number }[];
    }[];
    expect(items.find((b) => b.bookId === whole.id)).toMatchObject({ wholeBook: true, nodes: [] });
    expect(items.find((b) => b.bookId === sample.id)!.nodes.map((n) => n.id)).toEqual([
      unit,
      child,
    ]);
    expect(items.some((b) => b.bookId === draft.id)).toBe(false);
    const paged = await appGet(w, '/app/free-content?pageSize=1&page=2', key);
    expect(paged.json()).toMatchObject({ page: 2, pageSize: 1, total: items.length });
    expect((await appGet(w, '/app/free-content')).statusCode).toBe(401);
    expect((await get(w, '/app/free-content')).statusCode).toBe(401);
  });
});
