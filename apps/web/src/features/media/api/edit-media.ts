import { type EditMediaBody, MEDIA_ROUTE_NAMES, type MediaKind, routes } from '@bo/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { useMediaMutation } from './media-keys.ts';

/** POST /media/editvideo or /media/editaudio. */
export const editMedia = ({ kind, body }: { kind: MediaKind; body: EditMediaBody }) =>
  apiCall(routes[MEDIA_ROUTE_NAMES[kind].edit], { body });

export const useEditMedia = () => useMediaMutation(editMedia);
