import type { MediaKind } from '@bo/contract';
import { mediaRoutes } from '@bo/contract/media-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { mediaKeys } from './media-keys.ts';

/** GET /media/folders: the folders of a kind that hold items, with their counts. */
export const useMediaFolders = (kind: MediaKind) =>
  useQuery({
    queryKey: [...mediaKeys.all, kind, 'folders'],
    queryFn: ({ signal }) => apiCall(mediaRoutes.mediaFolders, { query: { kind }, signal }),
  });
