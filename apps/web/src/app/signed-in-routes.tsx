import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { type Area, type RouteHandle, screen } from '../lib/area.ts';
import { loginPathFor } from '../lib/next-path.ts';
import { prefetchLoader, type ScreenPrefetch } from '../lib/screen-prefetch.ts';
import { meQuery } from '../lib/session.ts';
import { hasSession } from '../lib/token-store.ts';
import { AREAS } from './areas.ts';
import { HOME_AREA } from './home-area.ts';
import { MainLayout } from './layout/main-layout.tsx';
import { AppErrorPage } from './routes/app-error.tsx';
import { NotFoundPage } from './routes/not-found.tsx';

// Everything behind the sign-in: the areas' table (with its icons and every
// screen's loader) and the main layout are a chunk of their own that the
// router asks for on the first signed-in navigation, so /login and the other
// public screens never download it, however many areas the product grows. The
// router adds it (router.tsx) the first time a path is not a public one. The
// layout is in the table's chunk, not one of its own: every signed-in screen
// needs both, and apart they were two downloads sharing the areas' icons.

/** The profile: a signed-in screen outside the sidebar's areas. */
export const loadProfile = screen(() =>
  import('../features/profile/routes/profile-page.tsx').then((m) => m.ProfilePage),
);

/** A screen's route: its code, and its first reads started beside the download. */
const screenRoute = (load: Area['load'], prefetch: ScreenPrefetch | undefined) => ({
  lazy: load,
  // Defined here, not by the lazy module: the router runs it at once, beside the download.
  ...(prefetch && { loader: prefetchLoader(prefetch) }),
});

function areaRoute(area: Area): RouteObject {
  const handle: RouteHandle = {
    crumb: area.path === '/' ? undefined : area.label,
    access: area.access,
    // The prefetch is in the handle too, for the first screen (first-screen.ts).
    prefetch: area.prefetch,
  };
  const main = screenRoute(area.load, area.prefetch);
  if (area.path === '/') return { index: true, handle, ...main };
  if (!area.pages) return { path: area.path.slice(1), handle, ...main };
  return {
    path: area.path.slice(1),
    handle: { ...handle, prefetch: undefined },
    children: [
      { index: true, handle: { prefetch: area.prefetch } satisfies RouteHandle, ...main },
      ...area.pages.map((page) => ({
        path: page.path,
        // The prefetch is in the handle too, for the first screen (first-screen.ts).
        handle: { crumb: page.crumb, prefetch: page.prefetch } satisfies RouteHandle,
        ...screenRoute(page.load, page.prefetch),
      })),
    ],
  };
}

/**
 * The guard: without an access token, go to /login and come back after. With
 * one, the admin (which the layout waits for, to check the screen's access)
 * is asked for at once, alongside the screen's code and its own reads.
 */
const askForAdmin = prefetchLoader((prefetch) => prefetch(meQuery()));
export function requireSession(args: LoaderFunctionArgs) {
  if (hasSession()) return askForAdmin(args);
  const url = new URL(args.request.url);
  throw redirect(loginPathFor(url.pathname + url.search));
}

/** The guarded main layout (header, sidebar, breadcrumb) with every signed-in screen. */
export function signedInRoute(): RouteObject {
  return {
    id: 'main',
    loader: requireSession,
    Component: MainLayout,
    children: [
      // Inside the layout, so a failing screen keeps the header and sidebar.
      { ErrorBoundary: AppErrorPage, children: signedInRoutes() },
    ],
  };
}

/** The routes inside the main layout: the areas, the profile and the not-found page. */
export function signedInRoutes(): RouteObject[] {
  return [
    ...[HOME_AREA, ...AREAS].map(areaRoute),
    { path: 'profile', handle: { crumb: 'Profile' } satisfies RouteHandle, lazy: loadProfile },
    { path: '*', handle: { crumb: 'Not found' } satisfies RouteHandle, Component: NotFoundPage },
  ];
}
