import { useMutation, useQueryClient } from '@tanstack/react-query';

export const qrKeys = {
  all: ['qr-codes'] as const,
  address: ['qr-codes', 'address'] as const,
  book: (bookId: number, query: unknown) => ['qr-codes', 'book', bookId, query] as const,
  books: (query: unknown) => ['qr-codes', 'books', query] as const,
  videos: (query: unknown) => ['qr-codes', 'videos', query] as const,
  withoutContent: (query: unknown) => ['qr-codes', 'without-content', query] as const,
};

/** A write to QR codes: afterwards every QR list is stale. */
export function useQrMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrKeys.all }),
  });
}
