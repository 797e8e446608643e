import { notifications } from '@mantine/notifications';
import { errorMessage } from './api-error.ts';

/** Toasts in one voice: green for done, red with the server's own message for failures. */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message });
}

export function notifyError(error: unknown, title = 'Could not complete the request'): void {
  notifications.show({ color: 'red', title, message: errorMessage(error) });
}
