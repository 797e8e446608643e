import { qrCodeRoutes } from '@bo/contract/qr-codes-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { qrKeys } from './qr-keys.ts';

/**
 * GET /book/getgenerateqrcodes: a page of a book's codes (with the book's ISBN
 * and title). `bookId` null (an address that names no book) asks nothing.
 */
export function useBookQrCodes(bookId: number | null, page: number) {
  const query = { bookId: bookId ?? 0, page, pageSize: 50 };
  return useQuery({
    queryKey: qrKeys.book(query.bookId, query),
    queryFn: ({ signal }) => apiCall(qrCodeRoutes.bookQrCodes, { query, signal }),
    enabled: bookId !== null,
    // Another page of the same book keeps the rows on screen while it loads; another book does not.
    placeholderData: (previous) => (previous?.book.id === bookId ? previous : undefined),
  });
}
