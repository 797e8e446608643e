import { engagementImageRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { serveEngagementImage, uploadEngagementImage } from './engagement-images.service.ts';

/** Pop-up and notification images: upload, and the signed link the app loads. */
export function engagementImagesModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, engagementImageRoutes, {
    uploadNotificationImage: ({ upload, ctx }) =>
      uploadEngagementImage(deps, ctx, 'notification', upload),
    uploadPopupImage: ({ upload, ctx }) => uploadEngagementImage(deps, ctx, 'popup', upload),
    engagementImage: ({ query }) => serveEngagementImage(deps, query),
  });
}
