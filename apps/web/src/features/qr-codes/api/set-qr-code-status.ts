import { qrCodeRoutes } from '@bo/contract/qr-codes-routes';
import { postCall } from '../../../lib/api-client.ts';
import { useQrMutation } from './qr-keys.ts';

/** POST /book/setqrcodestatus: disable or enable a code. */
export const setQrCodeStatus = postCall(qrCodeRoutes.setQrCodeStatus);
export const useSetQrCodeStatus = () => useQrMutation(setQrCodeStatus);
