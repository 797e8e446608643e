import type { RouteQuery, reportRoutes } from '@bo/contract';
import type { Deps } from '../../deps.ts';
import { assessmentResults } from './reports.assessments.ts';
import { bookAnalytics, booksComparison } from './reports.books.ts';
import { dashboard } from './reports.dashboard.ts';
import { feedbackReport } from './reports.feedback.ts';
import { learnersReport } from './reports.learners.ts';
import { qrReport } from './reports.qr.ts';
import { redemptionsReport } from './reports.redemptions.ts';
import { sessionsReport } from './reports.sessions.ts';

type Routes = typeof reportRoutes;

/**
 * Each report by its route's name, from its checked query: what the routes
 * answer and what a subscription mails (reports.subscriptions.send.ts), so
 * both read the same figures and the same file.
 */
export const REPORT_RUNNERS = {
  learnersReport: (deps, q) => learnersReport(deps.db, q),
  sessionsReport: (deps, q) => sessionsReport(deps.db, q),
  redemptionsReport: (deps, q) => redemptionsReport(deps.db, q),
  feedbackReport: (deps, q) => feedbackReport(deps.db, q),
  qrReport: (deps, q) => qrReport(deps.db, q),
  bookAnalytics: (deps, q) => bookAnalytics(deps.db, q),
  booksComparison: (deps, q) => booksComparison(deps.db, q),
  assessmentResults: (deps, q) => assessmentResults(deps.db, q),
  dashboard: (deps, q) => dashboard(deps, q),
} satisfies { [K in keyof Routes]: (deps: Deps, q: RouteQuery<Routes[K]>) => Promise<unknown> };
