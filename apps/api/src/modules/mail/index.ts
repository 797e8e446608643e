// The mail module's public face: what other modules may import from it
// (docs/layers.md). Everything else in this folder is its own business.
export { queueDecoyMail, sendMail } from './mail.system.ts';
export {
  invitationMail,
  passwordChangedMail,
  passwordResetMail,
  signInCodeMail,
} from './mail.system-templates.ts';
