import { qrCodeRoutes } from '@bo/contract/qr-codes-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { qrKeys } from './qr-keys.ts';

/** GET /book/listofqrcodeisbn: books having codes, with their counts. */
export function useQrBooks(page: number, q: string) {
  const query = { page, pageSize: 20, ...(q ? { q } : {}) };
  return useQuery({
    queryKey: qrKeys.books(query),
    queryFn: ({ signal }) => apiCall(qrCodeRoutes.listQrBooks, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
