import type { QrLayout } from '@bo/contract';
import { qrCodeRoutes } from '@bo/contract/qr-codes-routes';
import { downloadFile } from '../../../lib/download.ts';

/** GET /book/printaspdf: a book's enabled codes as an A4 PDF in the chosen layout. */
export const printBookQrCodes = (bookId: number, layout: QrLayout) =>
  downloadFile(qrCodeRoutes.printBookQrCodes, { query: { bookId, layout } }, 'qr-codes.pdf');

/** GET /book/printvideoqrpdf: every enabled video code as an A4 PDF. */
export const printVideoQrCodes = (layout: QrLayout) =>
  downloadFile(qrCodeRoutes.printVideoQrCodes, { query: { layout } }, 'qr-codes-videos.pdf');
