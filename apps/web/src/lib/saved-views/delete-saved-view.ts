import { savedViewRoutes } from '@bo/contract/saved-views';
import { postCall } from '../api-client.ts';
import { useSavedViewsMutation } from './saved-view-keys.ts';

/** POST /saved-views/delete. */
export const useDeleteSavedView = () =>
  useSavedViewsMutation(postCall(savedViewRoutes.deleteSavedView));
