import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from './toasts.tsx';

/**
 * Mantine's toast container, in a module of its own so the bundler can leave
 * it (and its transitions) out of the app's first download: see toasts.tsx.
 */
export function ToastContainer() {
  return <Notifications position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} />;
}
