import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from './providers.tsx';
import { PUBLIC_ROUTES } from './public-routes.ts';
import { routerReady } from './router.tsx';

/**
 * The HTML of a public screen as it first shows to a visitor without a
 * session, drawn at build time (apps/web/build/drawn-screens.ts) by the
 * components, providers and routes the app uses, so it cannot drift from
 * them. The server puts it in that path's page: the form shows as soon as
 * the page and its style sheet have arrived, before any script has run, and
 * the app then takes over (app/drawn-takeover.ts).
 */
export async function drawScreen(pathname: string): Promise<string> {
  const router = createMemoryRouter(PUBLIC_ROUTES, { initialEntries: [pathname] });
  await routerReady(router);
  return renderToString(
    <AppProviders queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
