import { notifications } from '@mantine/notifications';
import { RouterProvider } from 'react-router/dom';
import { onSessionEnded } from '../lib/api-client.ts';
import { setPrefetchClient } from '../lib/screen-prefetch.ts';
import { clearToken, hasSession, TOKEN_KEY } from '../lib/token-store.ts';
import { AppProviders } from './providers.tsx';
import { isPublicPath } from './public-routes.ts';
import { createQueryClient } from './query-client.ts';
import { createAppRouter, routerReady } from './router.tsx';

const router = createAppRouter();

/** After the session was cleared: drop this admin's cached data and go to /login. */
function leaveSession(toast: boolean) {
  queryClient.clear();
  if (!isPublicPath(router.state.location.pathname)) {
    void router.navigate('/login', { replace: true });
  }
  if (toast) {
    notifications.show({
      id: 'session-ended',
      color: 'orange',
      title: 'Session ended',
      message: 'Your session has ended. Please sign in again.',
    });
  }
}

const queryClient = createQueryClient(() => {
  // Only the first failure of a session ends it; later ones find it already cleared.
  if (!hasSession()) return;
  clearToken();
  leaveSession(true);
});

setPrefetchClient(queryClient);

// The API client clears the token itself when a refresh is refused.
onSessionEnded(() => leaveSession(true));

// Signing out in another tab signs this one out too (the storage event only fires across tabs).
window.addEventListener('storage', (event) => {
  if ((event.key === TOKEN_KEY || event.key === null) && !hasSession()) leaveSession(false);
});

/** Resolves once the router has the first screen's code, so the app can show it at its first render. */
export const appReady = () => routerReady(router);

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
