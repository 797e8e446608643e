import { gradeId } from './curriculum.ts';
import { mk, post, type Samples, unique, type World } from './kit.ts';
import { video } from './media.ts';

/** A new promo video of a new library video. */
export const promo = async (w: World) =>
  mk(w, '/promotional/addpromovideo', { videoId: (await video(w)).id, title: unique('Promo') });

const allPromoIds = async (w: World) => {
  const res = await w.t.as(w.token, {
    method: 'GET',
    url: '/api/promotional/listofpromovideo?pageSize=100',
  });
  return (res.json() as { items: { id: number }[] }).items.map((p) => p.id);
};

/** Promo videos: add, edit, delete, status, order. */
export const promoVideosSamples = {
  addPromoVideo: async (w) =>
    post(
      '/promotional/addpromovideo',
      { videoId: (await video(w)).id, title: unique('Promo'), gradeIds: [await gradeId(w)] },
      w.token,
    ),
  editPromoVideo: async (w) =>
    post(
      '/promotional/editpromovideo',
      { id: (await promo(w)).id, title: unique('Promo') },
      w.token,
    ),
  deletePromoVideo: async (w) =>
    post('/promotional/deletepromovideo', { id: (await promo(w)).id }, w.token),
  setPromoStatus: async (w) =>
    post(
      '/promotional/activedeactivepromo',
      { ids: [(await promo(w)).id], status: 'inactive' },
      w.token,
    ),
  reorderPromoVideos: async (w) => {
    await promo(w);
    await promo(w);
    return post(
      '/promotional/reorderpromovideo',
      { ids: (await allPromoIds(w)).reverse() },
      w.token,
    );
  },
} satisfies Samples;
