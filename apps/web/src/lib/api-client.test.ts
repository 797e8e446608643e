import { routes } from '@bo/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCall, buildUrl, onSessionEnded } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { readToken, saveToken } from './token-store.ts';

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const expired = () => json(401, { message: 'Token expired', code: 'token_expired' });

/** A stand-in for the API: `handle` answers each request, every request is recorded. */
function fakeFetch(handle: (req: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req: Seen = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    seen.push(req);
    return handle(req);
  });
  vi.stubGlobal('fetch', fn);
  return seen;
}

const me = { id: 1, email: 'a@b.c', name: 'Ada', role: 'super_admin', modules: [] };
const isRefreshCall = (r: Seen) => r.url === '/api/auth/refresh';

beforeEach(() => {
  saveToken({ access: 'old-access', refresh: 'old-refresh' });
  // biome-ignore lint/suspicious/noDocumentCookie: a cookie the client must forward in its cookies header
  document.cookie = 'pref=1';
});
afterEach(() => {
  vi.unstubAllGlobals();
  onSessionEnded(() => {});
});

describe('apiCall', () => {
  it('sends the bearer and cookies headers, and the query without undefined values', async () => {
    const seen = fakeFetch(() => json(200, { items: [], total: 0, page: 1, pageSize: 20 }));
    await apiCall(routes.listAdmins, { query: { page: 2, q: undefined, status: 'active' } });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/api/user/listofadmin?page=2&status=active');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer old-access');
    expect(seen[0]?.headers.get('cookies')).toBe('pref=1');
  });

  it('posts JSON bodies', async () => {
    const seen = fakeFetch(() => json(200, { ok: true }));
    await expect(apiCall(routes.resetLink, { body: { email: 'x@y.z' } })).resolves.toEqual({
      ok: true,
    });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(seen[0]?.body).toEqual({ email: 'x@y.z' });
  });

  it('refreshes once for concurrent "Token expired" answers and retries each request once', async () => {
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const seen = fakeFetch(async (req) => {
      if (isRefreshCall(req)) {
        await refreshGate;
        return json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' });
      }
      return req.headers.get('authorization') === 'Bearer new-access' ? json(200, me) : expired();
    });

    const calls = [apiCall(routes.me), apiCall(routes.me), apiCall(routes.me)];
    await vi.waitFor(() => expect(seen.filter(isRefreshCall)).toHaveLength(1));
    releaseRefresh();
    await expect(Promise.all(calls)).resolves.toEqual([me, me, me]);

    const refreshes = seen.filter(isRefreshCall);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refreshToken: 'old-refresh' });
    const meCalls = seen.filter((r) => r.url === '/api/auth/me');
    expect(meCalls.map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer old-access',
      'Bearer old-access',
      'Bearer old-access',
      'Bearer new-access',
      'Bearer new-access',
      'Bearer new-access',
    ]);
    expect(readToken()).toEqual({ access: 'new-access', refresh: 'new-refresh' });
  });

  it('sends the refresh call without Authorization or cookies headers', async () => {
    const seen = fakeFetch((req) =>
      isRefreshCall(req)
        ? json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' })
        : req.headers.get('authorization') === 'Bearer new-access'
          ? json(200, me)
          : expired(),
    );
    await apiCall(routes.me);
    const refresh = seen.find(isRefreshCall);
    expect(refresh?.headers.has('authorization')).toBe(false);
    expect(refresh?.headers.has('cookies')).toBe(false);
  });

  it('passes other errors to the caller unchanged, without refreshing', async () => {
    const seen = fakeFetch(() =>
      json(403, { message: 'You do not have access to Admins', code: 'forbidden' }),
    );
    const error = await apiCall(routes.listAdmins, { query: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'You do not have access to Admins',
    });
    expect(seen).toHaveLength(1);
    expect(readToken().access).toBe('old-access');
  });

  it('carries validation details on the error', async () => {
    fakeFetch(() =>
      json(400, {
        message: 'Invalid request: body.email: Invalid email',
        code: 'validation_failed',
        details: [{ path: 'body.email', message: 'Invalid email' }],
      }),
    );
    const error = await apiCall(routes.resetLink, { body: { email: 'x' } }).catch((e) => e);
    expect(error).toMatchObject({ status: 400, details: [{ path: 'body.email' }] });
  });

  it('retries only once: a second "Token expired" reaches the caller', async () => {
    const seen = fakeFetch((req) =>
      isRefreshCall(req)
        ? json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' })
        : expired(),
    );
    await expect(apiCall(routes.me)).rejects.toMatchObject({ message: 'Token expired' });
    expect(seen.filter(isRefreshCall)).toHaveLength(1);
    expect(seen).toHaveLength(3);
  });

  it('clears the session and reports it when the refresh is refused', async () => {
    const ended = vi.fn();
    onSessionEnded(ended);
    const seen = fakeFetch((req) =>
      isRefreshCall(req)
        ? json(401, { message: 'Invalid refresh token', code: 'invalid_token' })
        : expired(),
    );
    const results = await Promise.allSettled([apiCall(routes.me), apiCall(routes.me)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(seen.filter(isRefreshCall)).toHaveLength(1);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBe(JSON.stringify({ access: '', refresh: '' }));
  });

  it('never refreshes because of an error of the refresh call itself', async () => {
    const seen = fakeFetch(() => expired());
    await expect(
      apiCall(routes.refresh, { body: { refreshToken: 'old-refresh' } }),
    ).rejects.toMatchObject({ message: 'Token expired' });
    expect(seen).toHaveLength(1);
  });

  it('uses a token another tab already refreshed instead of refreshing again', async () => {
    const seen = fakeFetch((req) => {
      if (req.headers.get('authorization') === 'Bearer other-tab-access') return json(200, me);
      // The other tab rotates the pair while this request is on the wire.
      saveToken({ access: 'other-tab-access', refresh: 'other-tab-refresh' });
      return expired();
    });
    await expect(apiCall(routes.me)).resolves.toEqual(me);
    expect(seen.filter(isRefreshCall)).toHaveLength(0);
    expect(seen).toHaveLength(2);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiCall(routes.me)).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});

describe('buildUrl', () => {
  it('ignores the query of POST routes', () => {
    expect(buildUrl(routes.logout, { a: 1 })).toBe('/api/auth/logout');
  });
});
