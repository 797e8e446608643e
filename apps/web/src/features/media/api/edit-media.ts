import type { EditMediaBody, MediaKind } from '@bo/contract';
import { MEDIA_ROUTE_NAMES, mediaRoutes } from '@bo/contract/media-routes';
import { apiCall } from '../../../lib/api-client.ts';
import { useMediaMutation } from './media-keys.ts';

/** POST /media/editvideo or /media/editaudio. */
export const editMedia = ({ kind, body }: { kind: MediaKind; body: EditMediaBody }) =>
  apiCall(mediaRoutes[MEDIA_ROUTE_NAMES[kind].edit], { body });

export const useEditMedia = () => useMediaMutation(editMedia);
