import { learnerAppRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { guardLearnerRoutes } from '../learners/index.ts';
import { inboxOf, markInboxRead, registerPushToken } from '../notifications/index.ts';
import { popupsFor, recordPopupShown } from '../popups/index.ts';

const theLearner = (input: Record<string, unknown>) => [String(input.learnerId)];

/**
 * The learner app's engagement paths (its key): pop-ups due, inbox, reports,
 * push tokens. Each acts for one learner: with LEARNER_TOKEN_REQUIRED, only
 * with that learner's token (learners/learner-token.ts).
 */
export function engagementAppModule(app: FastifyInstance, deps: Deps) {
  guardLearnerRoutes(app, deps, {
    appPopups: theLearner,
    appPopupShown: theLearner,
    appInbox: theLearner,
    appInboxRead: theLearner,
    appPushToken: theLearner,
  });
  registerRoutes(app, deps, learnerAppRoutes, {
    appPopups: ({ query }) => popupsFor(deps, query),
    appPopupShown: ({ body }) => recordPopupShown(deps, body),
    appInbox: ({ query }) => inboxOf(deps, query),
    appInboxRead: ({ body }) => markInboxRead(deps, body),
    appPushToken: ({ body }) => registerPushToken(deps, body),
  });
}
