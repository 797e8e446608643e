import { qrCodeRoutes } from '@bo/contract/qr-codes-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { qrKeys } from './qr-keys.ts';

/** GET /book/qrcodeswithoutcontent: enabled codes a scan would find empty. */
export function useCodesWithoutContent(page: number) {
  const query = { page, pageSize: 50 };
  return useQuery({
    queryKey: qrKeys.withoutContent(query),
    queryFn: ({ signal }) => apiCall(qrCodeRoutes.listQrCodesWithoutContent, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
