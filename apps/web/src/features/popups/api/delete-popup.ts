import { popupRoutes } from '@bo/contract/popups';
import { postCall } from '../../../lib/api-client.ts';
import { usePopupsMutation } from './popup-keys.ts';

/** POST /user/deletepopup. */
export const useDeletePopup = () => usePopupsMutation(postCall(popupRoutes.deletePopup));
