import type { ComponentType } from 'react';
import { prefetchEarly, type ScreenPrefetch } from '../lib/screen-prefetch.ts';
import { meQuery } from '../lib/session.ts';
import { hasSession } from '../lib/token-store.ts';

/** Loads a screen's code (its own chunk) for the router's `lazy`. */
export type ScreenLoad = () => Promise<{ Component: ComponentType }>;

export interface Screen {
  /** Absolute path pattern; `:name` stands for one segment. */
  path: string;
  load: ScreenLoad;
  /** The screen's first reads, started with it (lib/screen-prefetch.ts). */
  prefetch?: ScreenPrefetch;
}

/** Screens reachable without a session; everything else lives in the guarded layout. */
export const PUBLIC_SCREENS: readonly Screen[] = [
  {
    path: '/login',
    load: () =>
      import('../features/auth/routes/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: '/password/forgot',
    load: () =>
      import('../features/auth/routes/forgot-password-page.tsx').then((m) => ({
        Component: m.ForgotPasswordPage,
      })),
  },
  {
    path: '/password/reset',
    load: () =>
      import('../features/auth/routes/reset-password-page.tsx').then((m) => ({
        Component: m.ResetPasswordPage,
      })),
  },
  {
    path: '/invite',
    load: () =>
      import('../features/auth/routes/invite-page.tsx').then((m) => ({ Component: m.InvitePage })),
  },
  {
    path: '/setup',
    load: () =>
      import('../features/auth/routes/setup-page.tsx').then((m) => ({ Component: m.SetupPage })),
  },
];

/** The header, sidebar and breadcrumb every signed-in screen renders in. */
export const loadMainLayout: ScreenLoad = () =>
  import('./layout/main-layout.tsx').then((m) => ({ Component: m.MainLayout }));

/** Signed-in screens outside the sidebar's areas. */
export const PROFILE_SCREEN: Screen = {
  path: '/profile',
  load: () =>
    import('../features/profile/routes/profile-page.tsx').then((m) => ({
      Component: m.ProfilePage,
    })),
};

/** The `:name` segments of `pattern` as found in `pathname` (which matches it). */
export function paramsOf(pattern: string, pathname: string): Record<string, string> {
  const have = pathname.split('/').filter(Boolean);
  return Object.fromEntries(
    pattern
      .split('/')
      .filter(Boolean)
      .flatMap((w, i) => (w.startsWith(':') ? [[w.slice(1), have[i] ?? '']] : [])),
  );
}

export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  return want.length === have.length && want.every((w, i) => w.startsWith(':') || w === have[i]);
}

/** Loads the signed-in routes' table (areas, pages, profile): see signed-in-routes.tsx. */
export const loadSignedInRoutes = () => import('./signed-in-routes.tsx');

/**
 * Starts downloading the first screen's code at boot, in parallel with the
 * app's own, instead of after the app has loaded and the router has run. The
 * router's `lazy` then gets the same module, already loaded or in flight. A
 * signed-in screen is found in the signed-in routes' table, which the router
 * needs first anyway.
 */
export function preloadFirstScreen(pathname: string, signedIn = hasSession()) {
  // A failure here is left to the router, which retries and shows its error page.
  const ignore = () => {};
  const open = PUBLIC_SCREENS.find((s) => matchesPattern(s.path, pathname));
  // The guard sends a visitor without a session to /login.
  if (open || !signedIn) return (open ?? PUBLIC_SCREENS[0]!).load().catch(ignore);
  // The routes' table first: the router needs it before anything else
  // (then the admin and the screen's own reads start), and the browser
  // fetches six files at a time in the order asked.
  const screen = loadSignedInRoutes()
    .then((routes) => {
      const at = routes.signedInScreenAt(pathname);
      at?.prefetch?.(prefetchEarly, paramsOf(at.path, pathname));
      return at?.load();
    })
    .catch(ignore);
  // The layout waits for the admin: asked for now, while the code downloads.
  prefetchEarly(meQuery());
  loadMainLayout().catch(ignore);
  return screen;
}
