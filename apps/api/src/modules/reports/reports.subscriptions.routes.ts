import { reportSubscriptionRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import {
  createReportSubscription,
  deleteReportSubscription,
  listReportSubscriptions,
  updateReportSubscription,
} from './reports.subscriptions.ts';
import { registerSubscriptionUnsubscribe } from './reports.subscriptions.unsubscribe.ts';

/** Report subscriptions (docs/domain.md, "Reports: subscriptions"). */
export function reportSubscriptionsModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, reportSubscriptionRoutes, {
    listReportSubscriptions: ({ admin }) => listReportSubscriptions(deps.db, admin),
    createReportSubscription: ({ body, admin }) => createReportSubscription(deps, admin, body),
    updateReportSubscription: ({ body, admin }) => updateReportSubscription(deps, admin, body),
    deleteReportSubscription: ({ body, admin }) => deleteReportSubscription(deps, admin, body.id),
  });
  registerSubscriptionUnsubscribe(app, deps);
}
