import { savedViewRoutes } from '@bo/contract/saved-views';
import { postCall } from '../api-client.ts';
import { useSavedViewsMutation } from './saved-view-keys.ts';

/** POST /saved-views/update: rename, new query or sharing. */
export const useUpdateSavedView = () =>
  useSavedViewsMutation(postCall(savedViewRoutes.updateSavedView));
