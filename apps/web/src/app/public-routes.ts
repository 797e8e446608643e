import { matchRoutes, type RouteObject } from 'react-router';
import { type RouteHandle, screen } from '../lib/area.ts';
import { NotFoundPage } from './routes/not-found.tsx';
import { ServerErrorPage } from './routes/server-error.tsx';

/**
 * Screens reachable without a session, and the plain error pages; everything
 * else lives in the guarded layout (signed-in-routes.tsx). The three
 * set-a-password screens share one form (features/auth/components/set-password-form.tsx).
 */
export const PUBLIC_ROUTES: RouteObject[] = [
  {
    path: '/login',
    handle: { drawn: true } satisfies RouteHandle,
    lazy: screen(() => import('../features/auth/routes/login-page.tsx').then((m) => m.LoginPage)),
  },
  {
    path: '/password/forgot',
    handle: { drawn: true } satisfies RouteHandle,
    lazy: screen(() =>
      import('../features/auth/routes/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
    ),
  },
  {
    path: '/password/reset',
    lazy: screen(() =>
      import('../features/auth/routes/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
    ),
  },
  {
    path: '/invite',
    lazy: screen(() => import('../features/auth/routes/invite-page.tsx').then((m) => m.InvitePage)),
  },
  {
    path: '/setup',
    lazy: screen(() => import('../features/auth/routes/setup-page.tsx').then((m) => m.SetupPage)),
  },
  { path: '/404', Component: NotFoundPage },
  { path: '/500', Component: ServerErrorPage },
];

/** True when `pathname` is one of the public routes (matched by React Router, as it will). */
export const isPublicPath = (pathname: string) => matchRoutes(PUBLIC_ROUTES, pathname) !== null;
