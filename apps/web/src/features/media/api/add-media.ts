import type { AddMediaBody, MediaKind } from '@bo/contract';
import { MEDIA_ROUTE_NAMES, mediaRoutes } from '@bo/contract/media-routes';
import { apiCall } from '../../../lib/api-client.ts';
import { useMediaMutation } from './media-keys.ts';

/** POST /media/addvideo or /media/addaudiofile: an uploaded file's key or an http(s) URL. */
export const addMedia = ({ kind, body }: { kind: MediaKind; body: AddMediaBody }) =>
  apiCall(mediaRoutes[MEDIA_ROUTE_NAMES[kind].add], { body });

export const useAddMedia = () => useMediaMutation(addMedia);
