import { idBody, okSchema, paginated } from './common.ts';
import { LEARNER_APP_KEY_HEADER } from './learners-routes.ts';
import {
  addPromoVideoBody,
  appPromoVideoSchema,
  appPromoVideosQuery,
  editPromoVideoBody,
  promoStatusBody,
  promoStatusResponse,
  promoVideoSchema,
  promoVideosQuery,
  reorderPromoVideosBody,
} from './promo-videos.ts';
import { defineRoutes } from './route.ts';

/** Promo videos' routes (shapes in promo-videos.ts): the spec's five paths, reorder and the app's read. */
const common = { access: 'promotional', tag: 'promotional' } as const;

export const promoVideoRoutes = defineRoutes({
  addPromoVideo: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/promotional/addpromovideo',
    spec: true,
    summary: 'A promo video from a video of the media library, placed last',
    body: addPromoVideoBody,
    response: promoVideoSchema,
  },
  editPromoVideo: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/promotional/editpromovideo',
    spec: true,
    summary: "Changes a promo video's video, title, description or grades",
    body: editPromoVideoBody,
    response: promoVideoSchema,
  },
  listPromoVideos: {
    ...common,
    method: 'GET',
    path: '/promotional/listofpromovideo',
    spec: true,
    summary: 'Promo videos in their order, filtered by grade and status, with playable links',
    query: promoVideosQuery,
    response: paginated(promoVideoSchema),
  },
  deletePromoVideo: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/promotional/deletepromovideo',
    spec: true,
    summary: 'Removes a promo video (the library video stays)',
    body: idBody,
    response: okSchema,
  },
  setPromoStatus: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/promotional/activedeactivepromo',
    spec: true,
    summary: 'Activates or deactivates promo videos (all or none)',
    body: promoStatusBody,
    response: promoStatusResponse,
  },
  reorderPromoVideos: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/promotional/reorderpromovideo',
    summary: 'Sets the order of the promo videos: every id once, in the new order',
    body: reorderPromoVideosBody,
    response: okSchema,
  },
  appPromoVideos: {
    access: 'learner_app',
    tag: 'learner_app',
    method: 'GET',
    path: '/app/promo-videos',
    summary: `Active promo videos in order, with playable links, for the learner app; header ${LEARNER_APP_KEY_HEADER}`,
    query: appPromoVideosQuery,
    response: paginated(appPromoVideoSchema),
  },
});
