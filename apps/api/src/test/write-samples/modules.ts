// Every module's write samples, one line each: a new module writes
// test/write-samples/<module>.ts (`export const <module>Samples = { … }
// satisfies Samples`) and adds its line here (docs/new-feature.md).
export { adminsSamples } from './admins.ts';
export { audiencesSamples } from './audiences.ts';
export { authSamples } from './auth.ts';
export { booksSamples } from './books.ts';
export { bulkEditsSamples } from './bulk-edits.ts';
export { curriculumSamples } from './curriculum.ts';
export { diagnosticTestsSamples } from './diagnostic-tests.ts';
export { freeContentSamples } from './free-content.ts';
export { jobsSamples } from './jobs.ts';
export { learnersSamples } from './learners.ts';
export { mailSamples } from './mail.ts';
export { mailSuppressionSamples } from './mail-suppression.ts';
export { mediaSamples } from './media.ts';
export { mockTestsSamples } from './mock-tests.ts';
export { notificationsSamples } from './notifications.ts';
export { popupsSamples } from './popups.ts';
export { practicesSamples } from './practices.ts';
export { promoVideosSamples } from './promo-videos.ts';
export { qrCodesSamples } from './qr-codes.ts';
export { questionsSamples } from './questions.ts';
export { reportSubscriptionsSamples } from './report-subscriptions.ts';
export { savedViewsSamples } from './saved-views.ts';
export { tocSamples } from './toc.ts';
export { videoQuizzesSamples } from './video-quizzes.ts';
