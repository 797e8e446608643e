import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const ToastContainer = lazy(() =>
  import('./toast-container.tsx').then((m) => ({ default: m.ToastContainer })),
);

/**
 * Mantine's toast container, loaded when the first toast is shown. Showing a
 * toast only writes to the notifications store (a few hundred bytes, loaded
 * with the app); the container with its transitions (~9 kB compressed) is
 * needed only to display one, so no first screen downloads it. Once mounted
 * it stays, and it shows what the store already holds.
 */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
