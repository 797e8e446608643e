// The mail module's public face: what other modules may import from it
// (docs/layers.md). Everything else in this folder is its own business.

export { type ReportMailContent, reportSubscriptionMail } from './mail.report-subscription.ts';
export { queueDecoyMail, sendMail } from './mail.system.ts';
export {
  invitationMail,
  passwordChangedMail,
  passwordResetMail,
  signInCodeMail,
} from './mail.system-templates.ts';
export { page as plainPage } from './mail.unsubscribe.ts';
