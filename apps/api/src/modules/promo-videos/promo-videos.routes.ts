import { promoVideoRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { appPromoVideos, listPromoVideos } from './promo-videos.queries.ts';
import {
  addPromoVideo,
  deletePromoVideo,
  editPromoVideo,
  reorderPromoVideos,
  setPromoStatus,
} from './promo-videos.service.ts';

export function promoVideosModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, promoVideoRoutes, {
    addPromoVideo: ({ body, ctx, admin }) => addPromoVideo(deps, ctx, admin, body),
    editPromoVideo: ({ body, ctx, admin }) => editPromoVideo(deps, ctx, admin, body),
    listPromoVideos: ({ query }) => listPromoVideos(deps, query),
    deletePromoVideo: ({ body, ctx }) => deletePromoVideo(deps, ctx, body.id),
    setPromoStatus: ({ body, ctx, admin }) => setPromoStatus(deps, ctx, admin, body),
    reorderPromoVideos: ({ body, ctx, admin }) => reorderPromoVideos(deps, ctx, admin, body.ids),
    appPromoVideos: ({ query }) => appPromoVideos(deps, query),
  });
}
