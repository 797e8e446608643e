import { API_PREFIX, type ContentItem, type RouteBodyInput, routes, type Toc } from '@bo/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, postCall, withFreshToken } from '../../../lib/api-client.ts';
import { ApiError, errorFromResponse, NETWORK_ERROR_MESSAGE } from '../../../lib/api-error.ts';

export const tocKeys = {
  all: ['toc'] as const,
  tree: (isbn: string) => ['toc', 'tree', isbn] as const,
  content: (isbn: string) => ['toc', 'content', isbn] as const,
};

/** GET /book/gettocbyisbn: the ordered tree. */
export function useToc(isbn: string) {
  return useQuery({
    queryKey: tocKeys.tree(isbn),
    queryFn: ({ signal }) => apiCall(routes.getToc, { query: { isbn }, signal }),
  });
}

/** GET /book/getdigitalcontent: every content item with its node path and open link. */
export function useDigitalContent(isbn: string) {
  return useQuery({
    queryKey: tocKeys.content(isbn),
    queryFn: ({ signal }) => apiCall(routes.getDigitalContent, { query: { isbn }, signal }),
  });
}

export const tocNodeImpact = (id: number) => apiCall(routes.tocNodeImpact, { query: { id } });

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

export const addTocNode = postCall(routes.addTocNode);
export const renameTocNode = postCall(routes.renameTocNode);
export const moveTocNode = postCall(routes.moveTocNode);
export const deleteTocNode = postCall(routes.deleteTocNode);
export const dummyToc = postCall(routes.dummyToc);
export const removeContent = postCall(routes.removeContent);
export const attachMedia = (
  kind: 'video' | 'audio',
  body: RouteBodyInput<typeof routes.setVideoToc>,
) => apiCall(kind === 'video' ? routes.setVideoToc : routes.setAudioToc, { body });

/**
 * POST /book/uploadcontent as multipart on XMLHttpRequest for its progress;
 * nodeId and title go before the file, as the server reads them.
 */
export function uploadPdf(
  nodeId: number,
  title: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ContentItem> {
  return withFreshToken(
    (access) =>
      new Promise<ContentItem>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${API_PREFIX}${routes.uploadContent.path}`);
        xhr.setRequestHeader('Authorization', `Bearer ${access}`);
        xhr.setRequestHeader('Accept', 'application/json');
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) onProgress(e.loaded / e.total);
        };
        xhr.onload = () => {
          const response = new Response(xhr.responseText || null, {
            status: xhr.status,
            headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' },
          });
          if (xhr.status >= 200 && xhr.status < 300) {
            resolve(response.json() as Promise<ContentItem>);
          } else {
            errorFromResponse(response).then(reject, reject);
          }
        };
        xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, 'network_error'));
        const form = new FormData();
        form.append('nodeId', String(nodeId));
        form.append('title', title);
        form.append('file', file, file.name);
        onProgress(0);
        xhr.send(form);
      }),
  );
}
