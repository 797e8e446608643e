import { matchRoutes, type RouteObject } from 'react-router';
import type { RouteHandle } from '../lib/area.ts';
import { prefetchEarly } from '../lib/screen-prefetch.ts';
import { meQuery } from '../lib/session.ts';
import { hasSession } from '../lib/token-store.ts';
import { PUBLIC_ROUTES } from './public-routes.ts';

/**
 * The screen React Router will show at `pathname` among `routes` (its own
 * matching, so boot and router agree): the deepest match's code loader,
 * first reads and path parameters. Null when nothing matches; `load` is
 * absent for a route that renders at once (the error pages).
 */
export function screenAt(routes: RouteObject[], pathname: string) {
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  if (!leaf) return null;
  const { lazy, handle } = leaf.route;
  return {
    load: typeof lazy === 'function' ? lazy : undefined,
    prefetch: (handle as RouteHandle | undefined)?.prefetch,
    params: leaf.params,
  };
}

/**
 * Starts downloading the first screen's code at boot, in parallel with the
 * app's own, instead of after the app has loaded and the router has run. The
 * router's `lazy` then gets the same module, already loaded or in flight. A
 * signed-in screen is found in the signed-in routes' table, which the router
 * needs first anyway.
 */
export function preloadFirstScreen(
  pathname: string,
  signedIn = hasSession(),
  search = globalThis.location?.search ?? '',
) {
  // A failure here is left to the router, which retries and shows its error page.
  const ignore = () => {};
  const open = screenAt(PUBLIC_ROUTES, pathname);
  if (open) return open.load?.().catch(ignore);
  // The guard sends a visitor without a session to /login.
  if (!signedIn) return screenAt(PUBLIC_ROUTES, '/login')?.load?.().catch(ignore);
  // The routes' table first: the router needs it before anything else
  // (then the admin and the screen's own reads start), and the browser
  // fetches six files at a time in the order asked.
  const screen = import('./signed-in-routes.tsx')
    .then((routes) => {
      const at = screenAt([routes.signedInRoute()], pathname);
      at?.prefetch?.(prefetchEarly, at.params, new URLSearchParams(search));
      return at?.load?.();
    })
    .catch(ignore);
  // The layout waits for the admin: asked for now, while the code downloads.
  prefetchEarly(meQuery());
  return screen;
}
