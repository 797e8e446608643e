import type { MediaKind } from '@bo/contract';
import { MEDIA_ROUTE_NAMES, mediaRoutes } from '@bo/contract/media-routes';
import { apiCall } from '../../../lib/api-client.ts';
import { useMediaMutation } from './media-keys.ts';

/** POST /media/deletevideo or /media/deleteaudio; 409 names what uses the item. */
export const deleteMedia = ({ kind, id }: { kind: MediaKind; id: number }) =>
  apiCall(mediaRoutes[MEDIA_ROUTE_NAMES[kind].delete], { body: { id } });

export const useDeleteMedia = () => useMediaMutation(deleteMedia);
