import type { MediaKind, PrintedCodesChoice } from '@bo/contract';
import { MEDIA_ROUTE_NAMES, mediaRoutes } from '@bo/contract/media-routes';
import { apiCall } from '../../../lib/api-client.ts';
import { useMediaMutation } from './media-keys.ts';

/**
 * POST /media/deletevideo or /media/deleteaudio; 409 names what uses the item,
 * or (printed_codes_need_a_target) the printed QR codes until a choice is sent.
 */
export const deleteMedia = ({
  kind,
  ...body
}: { kind: MediaKind; id: number } & Partial<PrintedCodesChoice>) =>
  apiCall(mediaRoutes[MEDIA_ROUTE_NAMES[kind].delete], { body });

export const useDeleteMedia = () => useMediaMutation(deleteMedia);
