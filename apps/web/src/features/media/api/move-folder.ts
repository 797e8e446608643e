import type { MediaKind } from '@bo/contract';
import { mediaRoutes } from '@bo/contract/media-routes';
import { apiCall } from '../../../lib/api-client.ts';
import { useMediaMutation } from './media-keys.ts';

/** POST /media/folders/move: a folder renamed or moved with everything in it. */
export const useMoveFolder = () =>
  useMediaMutation((body: { kind: MediaKind; from: string; to: string }) =>
    apiCall(mediaRoutes.moveMediaFolder, { body }),
  );
