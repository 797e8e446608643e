import { qrCodeRoutes } from '@bo/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { books } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { qrAddress } from './qr-codes.address.ts';
import { printBookCodes, printVideoCodes } from './qr-codes.print.ts';
import { codePage, HAS_CONTENT, qrBooksPage } from './qr-codes.queries.ts';
import { registerScanRoute } from './qr-codes.scan.ts';
import { createScanCache } from './qr-codes.scan-cache.ts';
import {
  generateQrCodes,
  generateVideoQrCode,
  retargetQrCode,
  setQrCodeStatus,
} from './qr-codes.service.ts';

export function qrCodesModule(app: FastifyInstance, deps: Deps) {
  const base = deps.config.publicBaseUrl;
  const scanCache = createScanCache();
  registerScanRoute(app, deps, scanCache);
  registerRoutes(app, deps, qrCodeRoutes, {
    generateQrCodes: ({ body, ctx, admin }) => generateQrCodes(deps, ctx, admin, body),
    listQrBooks: ({ query }) => qrBooksPage(deps.db, query),
    bookQrCodes: async ({ query }) => {
      const [book] = await deps.db
        .select({ id: books.id, isbn: books.isbn, title: books.title })
        .from(books)
        .where(eq(books.id, query.bookId));
      if (!book) throw notFound('Book');
      const page = await codePage(deps.db, base, sql`q.book_id = ${book.id}`, query);
      return { ...page, book };
    },
    printBookQrCodes: ({ query }) => printBookCodes(deps, query),
    generateVideoQrCode: ({ body, ctx, admin }) =>
      generateVideoQrCode(deps, ctx, admin, body.videoId),
    listVideoQrCodes: ({ query }) => codePage(deps.db, base, sql`q.book_id is null`, query),
    printVideoQrCodes: ({ query }) => printVideoCodes(deps, query),
    qrCodeAddress: () => qrAddress(deps.config),
    listQrCodesWithoutContent: ({ query }) =>
      codePage(deps.db, base, sql`q.enabled and not ${HAS_CONTENT}`, query),
    // A retargeted or withdrawn code must not redirect from memory (qr-codes.scan-cache.ts).
    retargetQrCode: async ({ body, ctx, admin }) => {
      const code = await retargetQrCode(deps, ctx, admin, body);
      scanCache.forgetAll();
      return code;
    },
    setQrCodeStatus: async ({ body, ctx, admin }) => {
      const result = await setQrCodeStatus(deps, ctx, admin, body);
      scanCache.forgetAll();
      return result;
    },
  });
}
