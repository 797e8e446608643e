import { adminRoutes } from './admins.ts';
import { audienceRoutes } from './audience.ts';
import { auditRoutes } from './audit.ts';
import { authRoutes } from './auth.ts';
import { bookRoutes } from './books.ts';
import { bulkEditRoutes } from './bulk-edits.ts';
import { curriculumRoutes } from './curriculum-routes.ts';
import { diagnosticTestRoutes } from './diagnostic-tests-routes.ts';
import { engagementImageRoutes } from './engagement-images.ts';
import { freeContentRoutes } from './free-content-routes.ts';
import { jobRoutes } from './jobs.ts';
import { learnerAppRoutes } from './learner-app.ts';
import { learnerRoutes } from './learners-routes.ts';
import { mailRoutes } from './mail-routes.ts';
import { mailSuppressionRoutes } from './mail-suppression.ts';
import { mediaRoutes } from './media-routes.ts';
import { mockTestRoutes } from './mock-tests-routes.ts';
import { notificationRoutes } from './notifications.ts';
import { popupRoutes } from './popups.ts';
import { practiceRoutes } from './practices-routes.ts';
import { promoVideoRoutes } from './promo-videos-routes.ts';
import { qrCodeRoutes } from './qr-codes-routes.ts';
import { questionRoutes } from './questions-routes.ts';
import { reportSubscriptionRoutes } from './report-subscriptions.ts';
import { reportRoutes } from './reports-routes.ts';
import type { RouteDef } from './route.ts';
import { savedViewRoutes } from './saved-views.ts';
import { searchRoutes } from './search.ts';
import { systemRoutes } from './system.ts';
import { tocRoutes } from './toc-routes.ts';
import { videoQuizRoutes } from './video-quizzes-routes.ts';

export * from './admins.ts';
export * from './assessment-bodies.ts';
export * from './assessment-ops.ts';
export * from './assessment-options.ts';
export * from './assessments.ts';
export * from './attempt-order.ts';
export * from './audience.ts';
export * from './audit.ts';
export * from './audit-actions.ts';
export * from './auth.ts';
export * from './books.ts';
export * from './bulk-edit-sets.ts';
export * from './bulk-edits.ts';
export * from './common.ts';
export * from './curriculum.ts';
export * from './curriculum-routes.ts';
export * from './diagnostic-tests-routes.ts';
export * from './engagement-images.ts';
export * from './error-answers.ts';
export * from './error-codes.ts';
export * from './free-content.ts';
export * from './free-content-routes.ts';
export * from './imports.ts';
export * from './isbn.ts';
export * from './jobs.ts';
export * from './learner-app.ts';
export * from './learner-events.ts';
export * from './learners.ts';
export * from './learners-routes.ts';
export * from './mail.ts';
export * from './mail-blocks.ts';
export * from './mail-results.ts';
export * from './mail-routes.ts';
export * from './mail-suppression.ts';
export * from './math.ts';
export * from './media.ts';
export * from './media-routes.ts';
export * from './mock-tests-routes.ts';
export * from './modules.ts';
export * from './notifications.ts';
export * from './popups.ts';
export * from './practices-routes.ts';
export * from './printed-codes.ts';
export * from './promo-videos.ts';
export * from './promo-videos-routes.ts';
export * from './qr-address.ts';
export * from './qr-codes.ts';
export * from './qr-codes-routes.ts';
export * from './questions.ts';
export * from './questions-routes.ts';
export * from './report-subscriptions.ts';
export * from './reports.ts';
export * from './reports-routes.ts';
export * from './rich-text.ts';
export * from './route.ts';
export * from './saved-views.ts';
export * from './scoring.ts';
export * from './search.ts';
export * from './system.ts';
export * from './toc.ts';
export * from './toc-routes.ts';
export * from './video-quizzes-routes.ts';

/** Every route of the API, keyed by a stable name. */
export const routes = {
  ...systemRoutes,
  ...authRoutes,
  ...adminRoutes,
  ...auditRoutes,
  ...curriculumRoutes,
  ...bookRoutes,
  ...mediaRoutes,
  ...tocRoutes,
  ...jobRoutes,
  ...questionRoutes,
  ...practiceRoutes,
  ...mockTestRoutes,
  ...diagnosticTestRoutes,
  ...videoQuizRoutes,
  ...qrCodeRoutes,
  ...learnerRoutes,
  ...freeContentRoutes,
  ...promoVideoRoutes,
  ...reportRoutes,
  ...mailRoutes,
  ...mailSuppressionRoutes,
  ...audienceRoutes,
  ...engagementImageRoutes,
  ...notificationRoutes,
  ...popupRoutes,
  ...learnerAppRoutes,
  ...searchRoutes,
  ...savedViewRoutes,
  ...reportSubscriptionRoutes,
  ...bulkEditRoutes,
} satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
