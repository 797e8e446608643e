import { bookRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { removeCover, serveCover, uploadCover } from './books.cover.ts';
import { downloadBooks } from './books.downloads.ts';
import { catalogTemplate, uploadCatalog } from './books.import.ts';
import { type BookRecord, findBook, listBooks, presentBook } from './books.queries.ts';
import {
  appendIsbns,
  changeBookStatus,
  createBook,
  editBook,
  removeExtraIsbn,
} from './books.service.ts';

export function booksModule(app: FastifyInstance, deps: Deps) {
  const db = deps.db;
  /** Services answer the stored cover key; the client gets a signed link instead. */
  const present = async (record: Promise<BookRecord>) => presentBook(deps, await record);
  registerRoutes(app, deps, bookRoutes, {
    listBooks: async ({ query }) => {
      const page = await listBooks(db, query);
      return { ...page, items: page.items.map((b) => presentBook(deps, b)) };
    },
    getBook: async ({ query }) => {
      const book = await findBook(db, query.id);
      if (!book) throw notFound('Book');
      return presentBook(deps, book);
    },
    createBook: ({ body, ctx, admin }) => present(createBook(deps, ctx, admin, body)),
    editBook: ({ body, ctx, admin }) => present(editBook(deps, ctx, admin, body)),
    changeBookStatus: async ({ body, ctx, admin }) => ({
      ok: true as const,
      updated: await changeBookStatus(deps, ctx, admin, body.ids, body.status),
    }),
    appendIsbns: async ({ body, ctx, admin }) => {
      const answer = await appendIsbns(deps, ctx, admin, body);
      return { ...answer, book: presentBook(deps, answer.book) };
    },
    removeExtraIsbn: ({ body, ctx, admin }) =>
      present(removeExtraIsbn(deps, ctx, admin, body.bookId, body.isbn)),
    downloadBooks: ({ query }) => downloadBooks(db, query),
    uploadCatalog: ({ query, upload, ctx, admin }) =>
      uploadCatalog(deps, { ctx, actor: admin }, upload.file, query.dryRun),
    catalogTemplate: () => catalogTemplate(),
    uploadCover: ({ upload, ctx, admin }) => present(uploadCover(deps, ctx, admin, upload)),
    removeCover: ({ body, ctx, admin }) => present(removeCover(deps, ctx, admin, body.id)),
    coverFile: ({ query }) => serveCover(deps, query),
  });
}
