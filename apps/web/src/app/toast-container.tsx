import { Notifications } from '@mantine/notifications';

/**
 * Mantine's toast container, in a module of its own so the bundler can leave
 * it (and its transitions) out of the app's first download: see toasts.tsx.
 */
export function ToastContainer() {
  // The spec fixes both: toasts top-right for 3000 ms.
  return <Notifications position="top-right" autoClose={3000} />;
}
