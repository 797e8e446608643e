import type { ContentItem, RouteBodyInput, Toc } from '@bo/contract';
import { tocRoutes } from '@bo/contract/toc-routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, postCall } from '../../../lib/api-client.ts';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';

export const tocKeys = {
  all: ['toc'] as const,
  tree: (isbn: string) => ['toc', 'tree', isbn] as const,
  content: (isbn: string) => ['toc', 'content', isbn] as const,
};

/** GET /book/gettocbyisbn: the ordered tree. */
export function useToc(isbn: string) {
  return useQuery({
    queryKey: tocKeys.tree(isbn),
    queryFn: ({ signal }) => apiCall(tocRoutes.getToc, { query: { isbn }, signal }),
  });
}

/** GET /book/getdigitalcontent: every content item with its node path and open link. */
export function useDigitalContent(isbn: string) {
  return useQuery({
    queryKey: tocKeys.content(isbn),
    queryFn: ({ signal }) => apiCall(tocRoutes.getDigitalContent, { query: { isbn }, signal }),
  });
}

export const tocNodeImpact = (id: number) => apiCall(tocRoutes.tocNodeImpact, { query: { id } });

/**
 * A TOC write: the tree and the content list are read again afterwards. A
 * write that answers the whole tree shows it at once and is done then (the
 * re-read goes on behind it); others are done when the lists are read again.
 */
export function useTocMutation<TInput, TOutput>(
  isbn: string,
  mutationFn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data) => {
      const tree = data && typeof data === 'object' && 'nodes' in data;
      if (tree) queryClient.setQueryData(tocKeys.tree(isbn), data as unknown as Toc);
      const reread = queryClient.invalidateQueries({ queryKey: tocKeys.all });
      if (!tree) await reread;
    },
  });
}

export const addTocNode = postCall(tocRoutes.addTocNode);
export const renameTocNode = postCall(tocRoutes.renameTocNode);
export const moveTocNode = postCall(tocRoutes.moveTocNode);
export const deleteTocNode = postCall(tocRoutes.deleteTocNode);
export const dummyToc = postCall(tocRoutes.dummyToc);
export const removeContent = postCall(tocRoutes.removeContent);
export const reorderContent = postCall(tocRoutes.reorderContent);
export const attachMedia = (
  kind: 'video' | 'audio',
  body: RouteBodyInput<typeof tocRoutes.setVideoToc>,
) => apiCall(kind === 'video' ? tocRoutes.setVideoToc : tocRoutes.setAudioToc, { body });

/** POST /book/uploadcontent as multipart with its progress; nodeId and title go before the file. */
export const uploadPdf = (
  nodeId: number,
  title: string,
  file: File,
  onProgress: (fraction: number) => void,
) =>
  uploadWithProgress<ContentItem>(tocRoutes.uploadContent, {
    file,
    fields: { nodeId: String(nodeId), title },
    onProgress,
  });
