import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { LoaderFunction, Params } from 'react-router';
import { hasSession } from './token-store.ts';

/**
 * A signed-in screen's first reads start before the screen renders, so a
 * cold start does not wait for the app's code, then the admin's round trip,
 * then the screen's code before its own read (docs/performance-log.md, "The
 * assessment builder"):
 * - on the first screen, at boot (`prefetchEarly`, from app/first-screen.ts's
 *   preloadFirstScreen), before the query client even exists: the reads
 *   are kept as promises and handed to the client when it is made;
 * - on later navigations, from the route's loader (`prefetchLoader`), which
 *   the router runs beside the screen's download.
 * The screen's `useQuery` then finds the read in flight or fresh (the query
 * client's default staleTime) and asks nothing twice. A page declares its
 * reads in its area (`prefetch` in features/<f>/area.ts); the guard asks for the admin.
 */
// biome-ignore lint/suspicious/noExplicitAny: any query's options
export type Prefetch = (options: FetchQueryOptions<any, any, any, any>) => void;
/** Starts a screen's first reads from its path's parameters and its query string (a list's filters). */
export type ScreenPrefetch = (prefetch: Prefetch, params: Params, search: URLSearchParams) => void;

let client: QueryClient | null = null;
/** Reads started at boot, by query key, until the client takes them. */
const early = new Map<string, { queryKey: QueryKey; promise: Promise<unknown> }>();

/** The app's query client, registered once at start (app.tsx): it takes the reads started at boot. */
export function setPrefetchClient(queryClient: QueryClient) {
  client = queryClient;
  for (const { queryKey, promise } of early.values())
    void queryClient.prefetchQuery({ queryKey, queryFn: () => promise });
  early.clear();
}

const withClient: Prefetch = (options) => void client?.prefetchQuery(options);

/** Starts a read at boot, before the query client exists (or through it once it does). */
export const prefetchEarly: Prefetch = (options) => {
  if (!hasSession()) return;
  if (client) return withClient(options);
  const key = JSON.stringify(options.queryKey);
  if (early.has(key) || typeof options.queryFn !== 'function') return;
  const promise = Promise.resolve(
    options.queryFn({
      queryKey: options.queryKey,
      signal: new AbortController().signal,
      meta: undefined,
    } as never),
  );
  // A failure is the query's to show once the client takes it, not an unhandled rejection now.
  promise.catch(() => {});
  early.set(key, { queryKey: options.queryKey, promise });
};

/** A route loader that starts `prefetch` and lets the navigation go on at once. */
export const prefetchLoader =
  (prefetch: ScreenPrefetch): LoaderFunction =>
  ({ params, request }) => {
    // Without a session the guard sends the visitor to /login: nothing to read.
    if (client && hasSession()) prefetch(withClient, params, new URL(request.url).searchParams);
    return null;
  };
