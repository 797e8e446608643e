import { createBrowserRouter, type DataRouter } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { PUBLIC_ROUTES } from './public-routes.ts';
import { AppErrorPage } from './routes/app-error.tsx';

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
    const { signedInRoute } = await import('./signed-in-routes.tsx');
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

/** Resolves once `router` has loaded the screen of its first location (its `lazy` and guard). */
export function routerReady(router: DataRouter) {
  return new Promise<void>((ready) => {
    if (router.state.initialized) return ready();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      ready();
    });
  });
}
