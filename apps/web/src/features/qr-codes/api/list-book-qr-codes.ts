import { qrCodeRoutes } from '@bo/contract/qr-codes-routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { qrKeys } from './qr-keys.ts';

/** GET /book/getgenerateqrcodes: a page of a book's codes (with the book's ISBN and title). */
export function useBookQrCodes(bookId: number, page: number) {
  const query = { bookId, page, pageSize: 50 };
  return useQuery({
    queryKey: qrKeys.book(bookId, query),
    queryFn: ({ signal }) => apiCall(qrCodeRoutes.bookQrCodes, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
