import { bookRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { downloadBooks } from './books.downloads.ts';
import { sendCatalogTemplate, uploadCatalog } from './books.import.ts';
import { findBook, listBooks } from './books.queries.ts';
import {
  appendIsbns,
  changeBookStatus,
  createBook,
  editBook,
  removeExtraIsbn,
} from './books.service.ts';

export function booksModule(app: FastifyInstance, deps: Deps) {
  const db = deps.db;
  registerRoutes(
    app,
    deps,
    bookRoutes,
    {
      listBooks: ({ query }) => listBooks(db, query),
      getBook: async ({ query }) => {
        const book = await findBook(db, query.id);
        if (!book) throw notFound('Book');
        return book;
      },
      createBook: ({ body, ctx, admin }) => createBook(deps, ctx, admin!, body),
      editBook: ({ body, ctx, admin }) => editBook(deps, ctx, admin!, body),
      changeBookStatus: async ({ body, ctx, admin }) => ({
        ok: true as const,
        updated: await changeBookStatus(deps, ctx, admin!, body.ids, body.status),
      }),
      appendIsbns: ({ body, ctx, admin }) => appendIsbns(deps, ctx, admin!, body),
      removeExtraIsbn: ({ body, ctx, admin }) =>
        removeExtraIsbn(deps, ctx, admin!, body.bookId, body.isbn),
      downloadBooks: ({ query, reply }) => downloadBooks(db, reply, query) as never,
      uploadCatalog: ({ query, req, ctx, admin }) =>
        uploadCatalog(deps, ctx, admin!, req, query.dryRun),
      catalogTemplate: ({ reply }) => sendCatalogTemplate(reply) as never,
    },
    { selfAudited: true },
  );
}
