import { book } from './books.ts';
import { freshIsbn, made, post, type Samples, type World } from './kit.ts';
import { node } from './toc.ts';

/** A book with one unit chosen for its free sample. */
export const bookWithSample = async (w: World) => {
  const n = await node(w);
  await made(w, post('/promotional/createfreetoc', { bookId: n.bookId, nodeIds: [n.id] }, w.token));
  return n;
};

/** A new book and its ISBN. */
const isbnOf = async (w: World) => {
  const isbn = freshIsbn();
  const { id } = await book(w, { isbn });
  return { id, isbn };
};

/** Free content: free books, a book's free sample, its copy to another book. */
export const freeContentSamples = {
  addFreeIsbn: async (w) => {
    const { isbn } = await isbnOf(w);
    return post('/promotional/addfreeisbn', { isbn }, w.token);
  },
  deleteFreeIsbn: async (w) => {
    const { id, isbn } = await isbnOf(w);
    await made(w, post('/promotional/addfreeisbn', { isbn }, w.token));
    return post('/promotional/deletefreeisbn', { bookId: id }, w.token);
  },
  createFreeToc: async (w) => {
    const n = await node(w);
    return post('/promotional/createfreetoc', { bookId: n.bookId, nodeIds: [n.id] }, w.token);
  },
  cloneFreeToc: async (w) => {
    const from = await bookWithSample(w);
    const to = await node(w);
    return post(
      '/promotional/createfreetocorclone',
      { bookId: to.bookId, fromBookId: from.bookId },
      w.token,
    );
  },
  updateFreeContentStatus: async (w) =>
    post(
      '/promotional/updatefreecontentstatus',
      { nodeId: (await node(w)).id, isFree: true },
      w.token,
    ),
} satisfies Samples;
