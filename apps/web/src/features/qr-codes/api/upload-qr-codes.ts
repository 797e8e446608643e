import type { UploadQrCodesResponse } from '@bo/contract';
import { qrCodeRoutes } from '@bo/contract/qr-codes-routes';
import { uploadImport } from '../../../lib/upload-import.ts';
import type { ImportUploadInput } from '../../../lib/upload-with-progress.ts';
import { useQrMutation } from './qr-keys.ts';

/** POST /book/uploadqrcodes as multipart, with upload progress. */
export const uploadQrCodes = (input: ImportUploadInput) =>
  uploadImport<UploadQrCodesResponse>(qrCodeRoutes.uploadQrCodes, input);

/** A commit retargets, enables and disables codes: every QR list is refreshed. */
export const useUploadQrCodes = () => useQrMutation(uploadQrCodes);
