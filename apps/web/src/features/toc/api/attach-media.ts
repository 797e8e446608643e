import type { MediaKind } from '@bo/contract';
import { tocRoutes } from '@bo/contract/toc-routes';
import { apiCall } from '../../../lib/api-client.ts';
import { useTocMutation } from './toc-mutation.ts';

/** POST /book/setvideotoc or /book/setaudiotoc: a library item onto a node. */
export const attachMedia = (kind: MediaKind, nodeId: number, mediaItemId: number) =>
  apiCall(kind === 'video' ? tocRoutes.setVideoToc : tocRoutes.setAudioToc, {
    body: { nodeId, mediaItemId },
  });

export const useAttachMedia = (isbn: string, kind: MediaKind, nodeId: number) =>
  useTocMutation(isbn, (mediaItemId: number) => attachMedia(kind, nodeId, mediaItemId));
