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

/** What a route tells the shell: its breadcrumb label and who may open it. */
export interface RouteHandle {
  crumb?: string;
  access?: Access;
}

/** Screens reachable without a session; everything else lives in the guarded layout. */
const PUBLIC_SCREENS: RouteObject[] = [
  {
    path: '/login',
    lazy: () =>
      import('../features/auth/routes/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: '/password/forgot',
    lazy: () =>
      import('../features/auth/routes/forgot-password-page.tsx').then((m) => ({
        Component: m.ForgotPasswordPage,
      })),
  },
  {
    path: '/password/reset',
    lazy: () =>
      import('../features/auth/routes/reset-password-page.tsx').then((m) => ({
        Component: m.ResetPasswordPage,
      })),
  },
  {
    path: '/invite',
    lazy: () =>
      import('../features/auth/routes/invite-page.tsx').then((m) => ({ Component: m.InvitePage })),
  },
  {
    path: '/setup',
    lazy: () =>
      import('../features/auth/routes/setup-page.tsx').then((m) => ({ Component: m.SetupPage })),
  },
  { path: '/404', Component: NotFoundPage },
  { path: '/500', Component: ServerErrorPage },
];

const PUBLIC_PATHS = new Set(PUBLIC_SCREENS.map((r) => r.path));
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
        ...PUBLIC_SCREENS,
        {
          id: 'main',
          loader: requireSession,
          lazy: () => import('./layout/main-layout.tsx').then((m) => ({ Component: m.MainLayout })),
          children: [
            {
              // Inside the layout, so a failing screen keeps the header and sidebar.
              ErrorBoundary: AppErrorPage,
              children: [
                ...areaRoutes,
                {
                  path: 'profile',
                  handle: { crumb: 'Profile' } satisfies RouteHandle,
                  lazy: () =>
                    import('../features/profile/routes/profile-page.tsx').then((m) => ({
                      Component: m.ProfilePage,
                    })),
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
