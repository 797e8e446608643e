import { qrCodeRoutes } from '@bo/contract/qr-codes-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { qrKeys } from './qr-keys.ts';

/** GET /book/videoqrcodelist: the codes made for videos. */
export function useVideoQrCodes(page: number) {
  const query = { page, pageSize: 50 };
  return useQuery({
    queryKey: qrKeys.videos(query),
    queryFn: ({ signal }) => apiCall(qrCodeRoutes.listVideoQrCodes, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
