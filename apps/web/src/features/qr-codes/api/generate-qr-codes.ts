import { qrCodeRoutes } from '@bo/contract/qr-codes-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useQrMutation } from './qr-keys.ts';

/** POST /book/generateqrcode: codes for a book's nodes (all or chosen) or spare codes. */
export const generateQrCodes = postCall(qrCodeRoutes.generateQrCodes);
export const useGenerateQrCodes = () => useQrMutation(generateQrCodes);
