import type { ComponentType } from 'react';
import { hasSession } from '../lib/token-store.ts';
import { AREAS } from './areas.ts';

/** Loads a screen's code (its own chunk) for the router's `lazy`. */
export type ScreenLoad = () => Promise<{ Component: ComponentType }>;

export interface Screen {
  /** Absolute path pattern; `:name` stands for one segment. */
  path: string;
  load: ScreenLoad;
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

/** Every signed-in screen by absolute path: the areas, their pages, the profile. */
function signedInScreens(): Screen[] {
  return [
    ...AREAS.flatMap((area) => [
      { path: area.path, load: area.load },
      ...(area.pages ?? []).map((page) => ({ path: `${area.path}/${page.path}`, load: page.load })),
    ]),
    PROFILE_SCREEN,
  ];
}

export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  return want.length === have.length && want.every((w, i) => w.startsWith(':') || w === have[i]);
}

/** The code the router will ask for to show `pathname` first, in the order it asks. */
export function firstScreenLoads(pathname: string, signedIn: boolean): ScreenLoad[] {
  const open = PUBLIC_SCREENS.find((s) => matchesPattern(s.path, pathname));
  if (open) return [open.load];
  // The guard sends a visitor without a session to /login.
  if (!signedIn) return [PUBLIC_SCREENS[0]!.load];
  const screen = signedInScreens().find((s) => matchesPattern(s.path, pathname));
  return screen ? [loadMainLayout, screen.load] : [loadMainLayout];
}

/**
 * Starts downloading the first screen's code at boot, in parallel with the
 * app's own, instead of after the app has loaded and the router has run. The
 * router's `lazy` then gets the same module, already loaded or in flight.
 */
export function preloadFirstScreen(pathname: string) {
  for (const load of firstScreenLoads(pathname, hasSession())) {
    // A failure here is left to the router, which retries and shows its error page.
    load().catch(() => {});
  }
}
