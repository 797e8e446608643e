import type { Access } from '@bo/contract';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
} from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { loginPathFor } from '../lib/next-path.ts';
import { hasSession } from '../lib/token-store.ts';
import { AREAS } from './areas.ts';
import { AppErrorPage } from './routes/app-error.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { ServerErrorPage } from './routes/server-error.tsx';
import { loadMainLayout, PROFILE_SCREEN, PUBLIC_SCREENS } from './screens.ts';

/** What a route tells the shell: its breadcrumb label and who may open it. */
export interface RouteHandle {
  crumb?: string;
  access?: Access;
}

/** Screens reachable without a session, and the plain error pages. */
const PUBLIC_ROUTES: RouteObject[] = [
  ...PUBLIC_SCREENS.map((screen) => ({ path: screen.path, lazy: screen.load })),
  { path: '/404', Component: NotFoundPage },
  { path: '/500', Component: ServerErrorPage },
];

const PUBLIC_PATHS = new Set(PUBLIC_ROUTES.map((r) => r.path));
export const isPublicPath = (pathname: string) => PUBLIC_PATHS.has(pathname);

/** The catch-all is guarded: without an access token, go to /login and come back after. */
export function requireSession({ request }: LoaderFunctionArgs) {
  if (hasSession()) return null;
  const url = new URL(request.url);
  throw redirect(loginPathFor(url.pathname + url.search));
}

const areaRoutes: RouteObject[] = AREAS.map((area) => {
  const handle: RouteHandle = {
    crumb: area.path === '/' ? undefined : area.label,
    access: area.access,
  };
  if (area.path === '/') return { index: true, handle, lazy: area.load };
  if (!area.pages) return { path: area.path.slice(1), handle, lazy: area.load };
  return {
    path: area.path.slice(1),
    handle,
    children: [
      { index: true, lazy: area.load },
      ...area.pages.map((page) => ({
        path: page.path,
        handle: { crumb: page.crumb } satisfies RouteHandle,
        lazy: page.load,
      })),
    ],
  };
});

export function createAppRouter() {
  return createBrowserRouter([
    {
      ErrorBoundary: AppErrorPage,
      // Shown while the first screen's code and guard load.
      HydrateFallback: PageLoader,
      children: [
        ...PUBLIC_ROUTES,
        {
          id: 'main',
          loader: requireSession,
          lazy: loadMainLayout,
          children: [
            {
              // Inside the layout, so a failing screen keeps the header and sidebar.
              ErrorBoundary: AppErrorPage,
              children: [
                ...areaRoutes,
                {
                  path: PROFILE_SCREEN.path.slice(1),
                  handle: { crumb: 'Profile' } satisfies RouteHandle,
                  lazy: PROFILE_SCREEN.load,
                },
                {
                  path: '*',
                  handle: { crumb: 'Not found' } satisfies RouteHandle,
                  Component: NotFoundPage,
                },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
