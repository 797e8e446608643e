import { qrCodeRoutes } from '@bo/contract/qr-codes-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useQrMutation } from './qr-keys.ts';

/** POST /book/retargetqrcode: point a printed code at another target. */
export const retargetQrCode = postCall(qrCodeRoutes.retargetQrCode);
export const useRetargetQrCode = () => useQrMutation(retargetQrCode);
