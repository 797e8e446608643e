import { qrCodeRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { qrAddress } from './qr-codes.address.ts';
import { uploadQrCodes } from './qr-codes.import.ts';
import { printBookCodes, printVideoCodes } from './qr-codes.print.ts';
import {
  bookCodePage,
  codesWithoutContentPage,
  qrBooksPage,
  videoCodePage,
} from './qr-codes.queries.ts';
import { registerScanRoute } from './qr-codes.scan.ts';
import { createScanCache } from './qr-codes.scan-cache.ts';
import {
  generateQrCodes,
  generateVideoQrCode,
  retargetQrCode,
  setQrCodeStatus,
} from './qr-codes.service.ts';
import { downloadBookCodes } from './qr-codes.sheet.ts';

export function qrCodesModule(app: FastifyInstance, deps: Deps) {
  const base = deps.config.publicBaseUrl;
  const scanCache = createScanCache();
  registerScanRoute(app, deps, scanCache);
  registerRoutes(app, deps, qrCodeRoutes, {
    generateQrCodes: ({ body, ctx, admin }) => generateQrCodes(deps, ctx, admin, body),
    listQrBooks: ({ query }) => qrBooksPage(deps.db, query),
    bookQrCodes: ({ query }) => bookCodePage(deps.db, base, query.bookId, query),
    printBookQrCodes: ({ query }) => printBookCodes(deps, query),
    generateVideoQrCode: ({ body, ctx, admin }) =>
      generateVideoQrCode(deps, ctx, admin, body.videoId),
    listVideoQrCodes: ({ query }) => videoCodePage(deps.db, base, query),
    printVideoQrCodes: ({ query }) => printVideoCodes(deps, query),
    qrCodeAddress: () => qrAddress(deps.config),
    listQrCodesWithoutContent: ({ query }) => codesWithoutContentPage(deps.db, base, query),
    // A retargeted or withdrawn code must not redirect from memory (qr-codes.scan-cache.ts).
    retargetQrCode: async ({ body, ctx, admin }) => {
      const code = await retargetQrCode(deps, ctx, admin, body);
      scanCache.forgetAll();
      return code;
    },
    downloadQrCodes: ({ query }) => downloadBookCodes(deps.db, base, query.bookId),
    uploadQrCodes: async ({ query, upload, ctx, admin }) => {
      const report = await uploadQrCodes(deps, { ctx, actor: admin }, upload.file, query.dryRun);
      if (report.committed) scanCache.forgetAll();
      return report;
    },
    setQrCodeStatus: async ({ body, ctx, admin }) => {
      const result = await setQrCodeStatus(deps, ctx, admin, body);
      scanCache.forgetAll();
      return result;
    },
  });
}
