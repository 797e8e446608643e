import { popupRoutes } from '@bo/contract/popups';
import { postCall } from '../../../lib/api-client.ts';
import { usePopupsMutation } from './popup-keys.ts';

/** POST /user/addpopup: creates, or with an id replaces. */
export const useSavePopup = () => usePopupsMutation(postCall(popupRoutes.savePopup));
