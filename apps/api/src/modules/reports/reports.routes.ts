import { reportRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { assessmentResults } from './reports.assessments.ts';
import { bookAnalytics, booksComparison } from './reports.books.ts';
import { dashboard } from './reports.dashboard.ts';
import { feedbackReport } from './reports.feedback.ts';
import { endRefreshOnClose } from './reports.jobs.ts';
import { learnersReport } from './reports.learners.ts';
import { qrReport } from './reports.qr.ts';
import { redemptionsReport } from './reports.redemptions.ts';
import { sessionsReport } from './reports.sessions.ts';

export function reportsModule(app: FastifyInstance, deps: Deps) {
  const db = deps.db;
  endRefreshOnClose(app, deps);
  registerRoutes(app, deps, reportRoutes, {
    learnersReport: ({ query }) => learnersReport(db, query),
    sessionsReport: ({ query }) => sessionsReport(db, query),
    redemptionsReport: ({ query }) => redemptionsReport(db, query),
    feedbackReport: ({ query }) => feedbackReport(db, query),
    qrReport: ({ query }) => qrReport(db, query),
    bookAnalytics: ({ query }) => bookAnalytics(db, query),
    booksComparison: ({ query }) => booksComparison(db, query),
    assessmentResults: ({ query }) => assessmentResults(db, query),
    dashboard: ({ query }) => dashboard(deps, query),
  });
}
