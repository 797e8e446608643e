import { qrCodeRoutes } from '@bo/contract/qr-codes-routes';
import { downloadFile } from '../../../lib/download.ts';

/** GET /book/downloadqrcodes: a book's codes as XLSX, to edit and send back. */
export const downloadBookQrCodes = (bookId: number) =>
  downloadFile(qrCodeRoutes.downloadQrCodes, { query: { bookId } }, 'QR codes.xlsx');
