import { promoVideoRoutes } from '@bo/contract/promo-videos-routes';
import { postCall } from '../../../lib/api-client.ts';
import { usePromoMutation } from './promo-keys.ts';

/** POST /promotional/addpromovideo: a new promo, placed last. */
export const addPromoVideo = postCall(promoVideoRoutes.addPromoVideo);
export const useAddPromoVideo = () => usePromoMutation(addPromoVideo);

/** POST /promotional/editpromovideo. */
export const editPromoVideo = postCall(promoVideoRoutes.editPromoVideo);
export const useEditPromoVideo = () => usePromoMutation(editPromoVideo);

/** POST /promotional/deletepromovideo: the library video stays. */
export const deletePromoVideo = postCall(promoVideoRoutes.deletePromoVideo);
export const useDeletePromoVideo = () => usePromoMutation(deletePromoVideo);

/** POST /promotional/activedeactivepromo. */
export const setPromoStatus = postCall(promoVideoRoutes.setPromoStatus);
export const useSetPromoStatus = () => usePromoMutation(setPromoStatus);

/** POST /promotional/reorderpromovideo: every id once, in the new order. */
export const reorderPromoVideos = postCall(promoVideoRoutes.reorderPromoVideos);
export const useReorderPromoVideos = () => usePromoMutation(reorderPromoVideos);
