import type {
  authRoutes,
  RouteAddress,
  RouteBodyInput,
  RouteDef,
  RouteQueryInput,
  RouteResponse,
} from '@bo/contract';
import { authAddresses } from '@bo/contract/auth-addresses';
import { API_PREFIX } from '@bo/contract/route';
import {
  ApiError,
  ClientErrorCode,
  errorFromResponse,
  isTokenExpired,
  NETWORK_ERROR_MESSAGE,
  timedOut,
} from './api-error.ts';
import { holdWhenFailed } from './held-requests.ts';
import { canSignInAgain, sessionWorked } from './session-recovery.ts';
import { clearToken, readToken, saveToken } from './token-store.ts';

export interface CallInput<R extends RouteDef> {
  query?: RouteQueryInput<R>;
  body?: RouteBodyInput<R>;
  signal?: AbortSignal;
  /** How long to wait for the whole answer; REQUEST_TIMEOUT_MS unless told. */
  timeoutMs?: number;
}

/**
 * No request may spin for good: one that has had no whole answer after this
 * long fails with a message saying so, and the screen offers to try again.
 * A minute is far above any answer this API gives (long work runs as jobs).
 */
export const REQUEST_TIMEOUT_MS = 60_000;

/**
 * Told when a refresh is refused and the session has been cleared. The app
 * registers navigation and the toast here, so this module stays free of UI.
 */
let sessionEndedHandler: () => void = () => {};
export function onSessionEnded(handler: () => void): void {
  sessionEndedHandler = handler;
}

/** Where a request goes: all the client reads of a route. */
type Target = Pick<RouteDef, 'method' | 'path'>;

/**
 * Calls a contract route and answers its typed JSON (undefined for an empty
 * body). The route, or its address (`RouteAddress`: method and path, typed
 * as the route, for screens that must not bundle zod).
 */
export function apiCall<R extends RouteDef>(
  route: R,
  input?: CallInput<R>,
): Promise<RouteResponse<R>>;
export function apiCall<R extends RouteDef>(
  route: RouteAddress<R>,
  input?: CallInput<R>,
): Promise<RouteResponse<R>>;
export async function apiCall<R extends RouteDef>(
  route: Target,
  input: CallInput<R> = {},
): Promise<RouteResponse<R>> {
  const response = await sendWithRefresh(route, input);
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The time-out also covers a body that stops arriving halfway.
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw timedOut(input.timeoutMs ?? REQUEST_TIMEOUT_MS);
    }
    throw error;
  }
  return (text ? JSON.parse(text) : undefined) as RouteResponse<R>;
}

/** A fetcher for a POST route that takes only a body: what most mutations need. */
export function postCall<R extends RouteDef>(
  route: R | RouteAddress<R>,
): (body: RouteBodyInput<R>) => Promise<RouteResponse<R>> {
  return (body) => apiCall<R>(route as RouteAddress<R>, { body });
}

export function buildUrl(route: Target, query?: unknown): string {
  const url = `${API_PREFIX}${route.path}`;
  if (route.method !== 'GET' || !query || typeof query !== 'object') return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

const isRefresh = (route: Target) =>
  route.method === authAddresses.refresh.method && route.path === authAddresses.refresh.path;

/** One HTTP exchange; throws ApiError for anything outside 200-299, or when it takes too long. */
async function send(
  route: Target,
  input: { query?: unknown; body?: unknown; signal?: AbortSignal; timeoutMs?: number },
  access: string,
): Promise<Response> {
  const timeoutMs = input.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const timer = AbortSignal.timeout(timeoutMs);
  const signal = input.signal ? AbortSignal.any([input.signal, timer]) : timer;
  const headers = new Headers({ Accept: 'application/json' });
  // The refresh call carries neither header: it proves itself with the refresh token alone.
  if (!isRefresh(route)) {
    headers.set('Authorization', `Bearer ${access}`);
    headers.set('cookies', document.cookie);
  }
  const hasBody = route.method === 'POST';
  if (hasBody) headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await fetch(buildUrl(route, input.query), {
      method: route.method,
      headers,
      body: hasBody ? JSON.stringify(input.body ?? {}) : undefined,
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (timer.aborted && !input.signal?.aborted) throw timedOut(timeoutMs);
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, ClientErrorCode.network_error);
  }
  if (!response.ok) throw await errorFromResponse(response);
  if (access) sessionWorked();
  return response;
}

/**
 * Sends once; on 'Token expired' waits for the one shared refresh and retries
 * once with the new bearer. Any other error reaches the caller unchanged.
 * Exported for the download helper, which needs the raw response.
 */
export async function sendWithRefresh<R extends RouteDef>(
  route: R | RouteAddress<R>,
  input: CallInput<R>,
): Promise<Response> {
  return holdWhenFailed(route, async (used) => {
    try {
      return await send(route, input, used);
    } catch (error) {
      if (isRefresh(route) || !isTokenExpired(error)) throw error;
      return send(route, input, await freshAccess(used));
    }
  });
}

/**
 * The same token handling for requests that cannot go through fetch (an
 * upload on XMLHttpRequest, for its progress events): `attempt` runs with the
 * current bearer, and once more with a fresh one after 'Token expired'.
 */
export async function withFreshToken<T>(
  route: Target,
  attempt: (access: string) => Promise<T>,
): Promise<T> {
  return holdWhenFailed(route, async (used) => {
    try {
      return await attempt(used);
    } catch (error) {
      if (!isTokenExpired(error)) throw error;
      return attempt(await freshAccess(used));
    }
  });
}

/** The refresh in flight, shared by every request that saw 'Token expired' meanwhile. */
let pending: Promise<string> | null = null;

function freshAccess(expired: string): Promise<string> {
  // A refresh that already finished (here or in another tab) left a newer token.
  const stored = readToken().access;
  if (stored && stored !== expired) return Promise.resolve(stored);
  pending ??= acrossTabs(expired, () => refresh(expired)).finally(() => {
    pending = null;
  });
  return pending;
}

/**
 * Two tabs refreshing with the same refresh token would look like token reuse
 * to the server (which then revokes the session), so where the Web Locks API
 * exists the refresh is serialised across tabs. A tab that had to wait for
 * the lock waits a moment more for the other tab's new pair to reach its own
 * localStorage (Chromium syncs it between tabs asynchronously), and then
 * `refresh` picks that pair up instead of refreshing again.
 */
const LOCK = 'bo-token-refresh';
const CROSS_TAB_WAIT_MS = 1500;

async function acrossTabs<T>(expired: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return work();
  const immediate = await locks.request(LOCK, { ifAvailable: true }, async (lock) =>
    lock ? { value: await work() } : null,
  );
  if (immediate) return immediate.value;
  return locks.request(LOCK, async () => {
    await tokenChangeFrom(expired, CROSS_TAB_WAIT_MS);
    return work();
  });
}

function tokenChangeFrom(expired: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('storage', check);
      clearTimeout(timer);
      resolve();
    };
    const check = () => {
      if (readToken().access !== expired) done();
    };
    const timer = setTimeout(done, timeoutMs);
    window.addEventListener('storage', check);
    check();
  });
}

async function refresh(expired: string): Promise<string> {
  const current = readToken();
  if (current.access && current.access !== expired) return current.access;
  try {
    if (!current.refresh)
      throw new ApiError(401, 'Your session has ended.', ClientErrorCode.session_ended);
    const response = await send(
      authAddresses.refresh,
      { body: { refreshToken: current.refresh } },
      '',
    );
    const pair = (await response.json()) as RouteResponse<typeof authRoutes.refresh>;
    saveToken({ access: pair.accessToken, refresh: pair.refreshToken });
    return pair.accessToken;
  } catch (error) {
    // A network failure says nothing about the session, so it is kept; a refusal ends it.
    const refused = !(error instanceof ApiError) || error.status !== 0;
    const hadSession = current.access !== '' || current.refresh !== '';
    // A page that was working keeps its screen: the admin signs in again over it.
    if (refused && hadSession && canSignInAgain()) {
      throw new ApiError(401, 'Your session has ended.', ClientErrorCode.session_ended);
    }
    if (refused && hadSession) {
      clearToken();
      sessionEndedHandler();
    }
    throw error;
  }
}
