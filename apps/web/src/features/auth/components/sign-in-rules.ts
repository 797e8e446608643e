import {
  BROKEN_CHARACTER_MESSAGE,
  CONTROL_CHARACTER_MESSAGE,
  hasControlCharacters,
  hasLoneSurrogate,
} from '@bo/contract/text-rules';
import type { FormErrors } from '../../../lib/form.ts';
import { REQUIRED } from '../../../lib/form-messages.ts';

/**
 * The sign-in forms' checks written by hand, mirroring the contract's
 * `loginBody` and `confirmOtpBody` with the same words, so /login does not
 * download zod (~20 kB compressed) for two fields. The server still checks
 * with the contract and its answer shows on the field (sign-in-error.ts);
 * sign-in-rules.test.ts holds these to the contract on a list of inputs.
 * Every other form validates with the contract itself (lib/form.ts).
 */

/** zod's e-mail pattern, as the contract's `emailSchema` applies it (after trimming). */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const EMAIL_MAX = 254;
const PASSWORD_MAX = 1024;

/** The contract's text rule: broken and control characters first. */
const characterProblem = (value: string) =>
  hasLoneSurrogate(value)
    ? BROKEN_CHARACTER_MESSAGE
    : hasControlCharacters(value)
      ? CONTROL_CHARACTER_MESSAGE
      : null;

function emailProblem(value: string): string | null {
  const email = value.normalize('NFC').trim();
  if (email === '') return REQUIRED;
  const broken = characterProblem(value);
  if (broken) return broken;
  if (email.length > EMAIL_MAX) return `At most ${EMAIL_MAX} characters`;
  return EMAIL.test(email) ? null : 'Enter a valid e-mail address';
}

/** Compared as typed: "   " is a password (a wrong one), not an empty field. */
function passwordProblem(value: string): string | null {
  if (value === '') return REQUIRED;
  const broken = characterProblem(value);
  if (broken) return broken;
  return value.length > PASSWORD_MAX ? `At most ${PASSWORD_MAX} characters` : null;
}

function collect(problems: Record<string, string | null>): FormErrors {
  const errors: FormErrors = {};
  for (const [field, problem] of Object.entries(problems)) if (problem) errors[field] = problem;
  return errors;
}

/** `loginBody`: an e-mail address, and a password (any text but control characters). */
export const validateCredentials = (values: { email: string; password: string }) =>
  collect({ email: emailProblem(values.email), password: passwordProblem(values.password) });

/** `otpSchema`: six digits. */
export const validateOtp = (values: { otp: string }) =>
  collect({
    otp:
      values.otp.trim() === ''
        ? REQUIRED
        : /^\d{6}$/.test(values.otp)
          ? null
          : 'Enter the 6-digit code',
  });
