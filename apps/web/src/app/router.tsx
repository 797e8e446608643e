import type { Access } from '@bo/contract';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { AppErrorPage } from './routes/app-error.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { ServerErrorPage } from './routes/server-error.tsx';
import { loadSignedInRoutes, PUBLIC_SCREENS } from './screens.ts';

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

const ROOT_ID = 'root';

type PatchArgs = Parameters<
  NonNullable<NonNullable<Parameters<typeof createBrowserRouter>[1]>['patchRoutesOnNavigation']>
>[0];

export function createAppRouter() {
  /**
   * The guarded main layout and every screen in it arrive on the first
   * navigation the public routes do not match (React Router's route
   * discovery), so the public screens never load the areas' table
   * (signed-in-routes.tsx). A failed download is retried on the next
   * navigation.
   */
  let signedInAdded = false;
  async function addSignedInRoutes({ patch, signal }: PatchArgs) {
    if (signedInAdded) return;
    const { signedInRoute } = await loadSignedInRoutes();
    // A navigation interrupted by another one drops its patch: only a patch
    // that took effect counts, or the next navigation would find nothing.
    if (signedInAdded || signal.aborted) return;
    patch(ROOT_ID, [signedInRoute()]);
    signedInAdded = true;
  }

  return createBrowserRouter(
    [
      {
        id: ROOT_ID,
        ErrorBoundary: AppErrorPage,
        // Shown while the first screen's code and guard load.
        HydrateFallback: PageLoader,
        children: PUBLIC_ROUTES,
      },
    ],
    { patchRoutesOnNavigation: addSignedInRoutes },
  );
}
