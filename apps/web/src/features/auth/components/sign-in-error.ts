import type { UseFormReturnType } from '@mantine/form';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { showFormError } from '../../../lib/form.ts';
import { notifyError } from '../../../lib/notify.ts';

/** One toast for every failed sign-in try, replaced by the next and hidden after success. */
export const SIGN_IN_TOAST = 'sign-in-failed';

/**
 * A refused sign-in step (wrong password, wrong or expired code, locked
 * account) is said on the form's field, where the person is looking, and in
 * a toast; field checks from the server go on their fields as on any form.
 */
export function showSignInError<V>(form: UseFormReturnType<V>, error: unknown, field: string) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    if (error.details.length > 0) return showFormError(form, error);
    form.setFieldError(field, errorMessage(error));
  }
  notifyError(error, 'Could not sign in', SIGN_IN_TOAST);
}
