import { notifications } from '@mantine/notifications';
import { ApiError, errorMessage } from './api-error.ts';

/** Toasts in one voice: green for done, red with the server's own message for failures. */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message });
}

/**
 * A red toast. With an `id`, a newer failure of the same try replaces the
 * older one, and `notifications.hide(id)` takes it away once the try succeeds.
 */
export function notifyError(
  error: unknown,
  title = 'Could not complete the request',
  id?: string,
): void {
  // Said once, by the sign-in dialog, however many requests were waiting.
  if (error instanceof ApiError && error.code === 'signed_in_as_other') return;
  notifications.show({ id, color: 'red', title, message: errorMessage(error) });
}
