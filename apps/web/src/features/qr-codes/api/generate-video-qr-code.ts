import { qrCodeRoutes } from '@bo/contract/qr-codes-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useQrMutation } from './qr-keys.ts';

/** POST /book/videoqrcode: a video's code. */
export const generateVideoQrCode = postCall(qrCodeRoutes.generateVideoQrCode);
export const useGenerateVideoQrCode = () => useQrMutation(generateVideoQrCode);
