import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { loginPathFor } from '../lib/next-path.ts';
import { prefetchLoader } from '../lib/screen-prefetch.ts';
import { meQuery } from '../lib/session.ts';
import { hasSession } from '../lib/token-store.ts';
import { AREAS } from './areas.ts';
import type { RouteHandle } from './router.tsx';
import { AppErrorPage } from './routes/app-error.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { loadMainLayout, matchesPattern, PROFILE_SCREEN, type Screen } from './screens.ts';

// Everything behind the sign-in: the areas' table (with its icons and every
// screen's loader) is a chunk of its own that the router asks for on the first
// signed-in navigation, so /login and the other public screens never download
// it, however many areas the product grows. The router adds it
// (router.tsx) the first time a path is not a public one.

/** Every signed-in screen by absolute path: the areas, their pages, the profile. */
export function signedInScreens(): Screen[] {
  return [
    ...AREAS.flatMap((area) => [
      { path: area.path, load: area.load },
      ...(area.pages ?? []).map((page) => ({
        path: `${area.path}/${page.path}`,
        load: page.load,
        prefetch: page.prefetch,
      })),
    ]),
    PROFILE_SCREEN,
  ];
}

/** The screen the router will show at `pathname`, if any (else the not-found page). */
export const signedInScreenAt = (pathname: string) =>
  signedInScreens().find((s) => matchesPattern(s.path, pathname));

function areaRoute(area: (typeof AREAS)[number]): RouteObject {
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
        // Defined here, not by the lazy module: the router runs it at once, beside the download.
        ...(page.prefetch && { loader: prefetchLoader(page.prefetch) }),
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
    lazy: loadMainLayout,
    children: [
      // Inside the layout, so a failing screen keeps the header and sidebar.
      { ErrorBoundary: AppErrorPage, children: signedInRoutes() },
    ],
  };
}

/** The routes inside the main layout: the areas, the profile and the not-found page. */
export function signedInRoutes(): RouteObject[] {
  return [
    ...AREAS.map(areaRoute),
    {
      path: PROFILE_SCREEN.path.slice(1),
      handle: { crumb: 'Profile' } satisfies RouteHandle,
      lazy: PROFILE_SCREEN.load,
    },
    { path: '*', handle: { crumb: 'Not found' } satisfies RouteHandle, Component: NotFoundPage },
  ];
}
