import { learnerAppRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { inboxOf, markInboxRead, registerPushToken } from '../notifications/notifications.inbox.ts';
import { popupsFor, recordPopupShown } from '../popups/popups.app.ts';

/** The learner app's engagement paths (its key): pop-ups due, inbox, reports, push tokens. */
export function engagementAppModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, learnerAppRoutes, {
    appPopups: ({ query }) => popupsFor(deps, query),
    appPopupShown: ({ body }) => recordPopupShown(deps, body),
    appInbox: ({ query }) => inboxOf(deps, query),
    appInboxRead: ({ body }) => markInboxRead(deps, body),
    appPushToken: ({ body }) => registerPushToken(deps, body),
  });
}
