import { reportRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { endRefreshOnClose } from './reports.jobs.ts';
import { REPORT_RUNNERS as run } from './reports.run.ts';
import { reportSubscriptionsModule } from './reports.subscriptions.routes.ts';

export function reportsModule(app: FastifyInstance, deps: Deps) {
  endRefreshOnClose(app, deps);
  registerRoutes(app, deps, reportRoutes, {
    learnersReport: ({ query }) => run.learnersReport(deps, query),
    sessionsReport: ({ query }) => run.sessionsReport(deps, query),
    redemptionsReport: ({ query }) => run.redemptionsReport(deps, query),
    feedbackReport: ({ query }) => run.feedbackReport(deps, query),
    qrReport: ({ query }) => run.qrReport(deps, query),
    bookAnalytics: ({ query }) => run.bookAnalytics(deps, query),
    booksComparison: ({ query }) => run.booksComparison(deps, query),
    assessmentResults: ({ query }) => run.assessmentResults(deps, query),
    dashboard: ({ query }) => run.dashboard(deps, query),
  });
  reportSubscriptionsModule(app, deps);
}
