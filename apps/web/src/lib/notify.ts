import { notifications } from '@mantine/notifications';
import { ApiError, ClientErrorCode, errorMessage } from './api-error.ts';

/** Toasts in one voice: green for done, red with the server's own message for failures. */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message });
}

/**
 * The one rule for an answer that counts what an action did (rows set,
 * questions added, a medium attached): green only when something was done.
 * An answer that did nothing (every row already so, every question already
 * in, every one refused) is not a success: it is said in grey under
 * "Nothing changed", in the caller's words for why.
 */
export function notifyOutcome(
  done: number,
  said: { done: string; nothing: string; title?: string },
): void {
  if (done > 0) notifySuccess(said.done, said.title);
  else notifications.show({ color: 'gray', title: 'Nothing changed', message: said.nothing });
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
  if (error instanceof ApiError && error.code === ClientErrorCode.signed_in_as_other) return;
  notifications.show({ id, color: 'red', title, message: errorMessage(error) });
}
