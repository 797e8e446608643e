import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, Params } from 'react-router';
import { hasSession } from './token-store.ts';

/**
 * A signed-in screen's first reads start from its route's loader, which the
 * router runs on navigation, while the screen's code downloads and the
 * layout waits for the signed-in admin, instead of when the screen first
 * renders after both: on a cold start the read no longer waits for the
 * admin's round trip and the screen's ~100 chunks (docs/performance.md,
 * "The assessment builder"). The screen's `useQuery` then finds the read in
 * flight or fresh (the query client's default staleTime) and asks nothing
 * twice. A page declares it in the areas' table (`prefetch`).
 */
export type ScreenPrefetch = (client: QueryClient, params: Params) => void;

let client: QueryClient | null = null;

/** The app's query client, registered once at start (app.tsx). */
export function setPrefetchClient(queryClient: QueryClient) {
  client = queryClient;
}

/** A route loader that starts `prefetch` and lets the navigation go on at once. */
export const prefetchLoader =
  (prefetch: ScreenPrefetch): LoaderFunction =>
  ({ params }) => {
    // Without a session the guard sends the visitor to /login: nothing to read.
    if (client && hasSession()) prefetch(client, params);
    return null;
  };
