import { savedViewRoutes } from '@bo/contract/saved-views';
import { postCall } from '../api-client.ts';
import { useSavedViewsMutation } from './saved-view-keys.ts';

/** POST /saved-views/create. */
export const useCreateSavedView = () =>
  useSavedViewsMutation(postCall(savedViewRoutes.createSavedView));
