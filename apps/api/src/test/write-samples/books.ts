import { TINY_PNG } from '../../modules/media/media.fixtures.ts';
import {
  freshIsbn,
  made,
  mk,
  post,
  type Samples,
  sheet,
  unique,
  upload,
  type World,
} from './kit.ts';

/** A new book (a fresh ISBN), with `extra` fields. */
export const book = (w: World, extra: object = {}) =>
  mk(w, '/book/createbookcontent', { isbn: freshIsbn(), title: unique('Book'), ...extra });
/** Books: the catalogue, extra ISBNs, status, the XLSX import, covers. */
export const booksSamples = {
  createBook: async (w) =>
    post('/book/createbookcontent', { isbn: freshIsbn(), title: unique('Book') }, w.token),
  editBook: async (w) =>
    post('/book/editbook', { id: (await book(w)).id, title: unique('Retitled') }, w.token),
  changeBookStatus: async (w) =>
    post('/book/changebookstatus', { ids: [(await book(w)).id], status: 'active' }, w.token),
  appendIsbns: async (w) =>
    post('/book/appendmultipleisbn', { bookId: (await book(w)).id, isbns: [freshIsbn()] }, w.token),
  removeExtraIsbn: async (w) => {
    const { id } = await book(w);
    const isbn = freshIsbn();
    await made(w, post('/book/appendmultipleisbn', { bookId: id, isbns: [isbn] }, w.token));
    return post('/book/removeextraisbn', { bookId: id, isbn }, w.token);
  },
  uploadCatalog: async (w) => {
    const bytes = await sheet(
      ['ISBN', 'Title', 'Grade', 'Subject', 'Status', 'Extra ISBNs'],
      [[freshIsbn(), unique('Imported book'), '', '', 'Draft', '']],
    );
    return upload(w, '/book/uploadbookcatalog?dryRun=false', bytes, 'catalogue.xlsx');
  },
  uploadCover: async (w) =>
    upload(w, '/book/uploadcover', TINY_PNG, 'cover.png', { bookId: String((await book(w)).id) }),
  removeCover: async (w) => {
    const { id } = await book(w);
    await made(
      w,
      await upload(w, '/book/uploadcover', TINY_PNG, 'cover.png', { bookId: String(id) }),
    );
    return post('/book/removecover', { id }, w.token);
  },
} satisfies Samples;
