import { book } from './books.ts';
import { made, post, type Samples, type World } from './kit.ts';
import { learnerWithDevice } from './learners.ts';
import { video } from './media.ts';
import { spareCode } from './qr-codes.ts';
import { question } from './questions.ts';

/** A bulk edit of one new book, finished (its job run). */
async function finishedBookEdit(w: World): Promise<number> {
  const { id } = await book(w);
  const edit = await made<{ id: number }>(
    w,
    post('/bulk-edits/books', { selection: { ids: [id] }, set: { status: 'active' } }, w.token),
  );
  for (let i = 0; i < 200; i++) {
    const res = await w.t.as(w.token, {
      method: 'GET',
      url: `/api/bulk-edits/status?id=${edit.id}`,
    });
    if (res.json().state === 'done') return edit.id;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('The bulk edit did not finish');
}

/** Bulk edits: one of each kind, and an undo. */
export const bulkEditsSamples = {
  bulkEditQuestions: async (w) =>
    post(
      '/bulk-edits/questions',
      { selection: { ids: [(await question(w)).id] }, set: { difficulty: 'hard' } },
      w.token,
    ),
  bulkEditBooks: async (w) =>
    post(
      '/bulk-edits/books',
      { selection: { ids: [(await book(w)).id] }, set: { status: 'active' } },
      w.token,
    ),
  bulkEditQrCodes: async (w) => {
    const { bookId } = await spareCode(w);
    return post(
      '/bulk-edits/qr-codes',
      { selection: { filter: { bookId: String(bookId) } }, set: { enabled: false } },
      w.token,
    );
  },
  bulkEditMedia: async (w) =>
    post(
      '/bulk-edits/media',
      { selection: { ids: [(await video(w)).id] }, set: { folder: 'Bulk/Moved' } },
      w.token,
    ),
  bulkEditLearners: async (w) =>
    post(
      '/bulk-edits/learners',
      { selection: { ids: [(await learnerWithDevice(w)).id] }, set: { blocked: true } },
      w.token,
    ),
  undoBulkEdit: async (w) => post('/bulk-edits/undo', { id: await finishedBookEdit(w) }, w.token),
} satisfies Samples;
