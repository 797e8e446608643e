import { routes } from '@bo/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCall } from './api-client.ts';
import { ApiError } from './api-error.ts';
import {
  type EndedSession,
  giveUpSignInAgain,
  onSignInAgain,
  sessionWorked,
  signedInAgain,
} from './session-recovery.ts';
import { readToken, saveToken } from './token-store.ts';

/** A JWT-shaped access token for admin `sub` (only its payload is read here). */
const tokenFor = (sub: number, n: string) =>
  `h.${btoa(JSON.stringify({ sub: String(sub), n })).replace(/=+$/, '')}.s`;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const admin = (id: number) => ({ id, name: `Admin ${id}`, email: `a${id}@example.test` });
const NEW_ACCESS = tokenFor(1, 'new');

/** The API: 401 'Invalid token' for the dead bearer, 200 for any other; each POST recorded. */
function api() {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const bearer = new Headers(init.headers).get('authorization') ?? '';
      sent.push(bearer);
      return bearer.includes(readDead())
        ? json(401, { message: 'Invalid token', code: 'invalid_token' })
        : json(200, { ok: true });
    }),
  );
  return sent;
}
let dead = '';
const readDead = () => dead;

let asked: (EndedSession | null)[] = [];
beforeEach(() => {
  dead = tokenFor(1, 'old');
  saveToken({ access: dead, refresh: 'r' });
  sessionWorked();
  asked = [];
  onSignInAgain((e) => asked.push(e));
});
afterEach(() => {
  onSignInAgain(null);
  vi.unstubAllGlobals();
});

const save = () => apiCall(routes.editAdmin, {});

describe('signing in again over a working screen', () => {
  it('keeps the request waiting, asks once, and sends it again when the same admin signs in', async () => {
    const sent = api();
    const a = save();
    const b = save();
    await vi.waitFor(() => expect(asked).toEqual([{ adminId: 1 }]));
    expect(readToken().access).toBe(dead);
    expect(signedInAgain({ accessToken: NEW_ACCESS, refreshToken: 'r2', admin: admin(1) })).toBe(
      'same',
    );
    await expect(Promise.all([a, b])).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(sent.filter((s) => s === `Bearer ${NEW_ACCESS}`)).toHaveLength(2);
    expect(asked.at(-1)).toBe(null);
  });

  it('sends nothing when someone else signs in, and says so', async () => {
    const sent = api();
    const a = save();
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    signedInAgain({ accessToken: tokenFor(2, 'x'), refreshToken: 'r2', admin: admin(2) });
    const error = await a.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('signed_in_as_other');
    expect((error as ApiError).message).toMatch(
      /^Nothing was sent: you are now signed in as Admin 2/,
    );
    expect(sent).toHaveLength(1);
    // The other admin is now the session.
    expect(readToken().access).toBe(tokenFor(2, 'x'));
  });

  it('fails the waiting request with "Nothing was sent" when the dialog is closed', async () => {
    api();
    const a = save();
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    giveUpSignInAgain();
    await expect(a).rejects.toMatchObject({ code: 'session_ended', status: 401 });
    // The session is not cleared: the next save asks again.
    expect(readToken().access).toBe(dead);
  });

  it('without a dialog to ask, an ended session reaches the caller as before', async () => {
    onSignInAgain(null);
    api();
    await expect(save()).rejects.toMatchObject({ code: 'invalid_token' });
  });
});

describe('time-outs', () => {
  it('a request with no answer in time fails with a message that says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
          ),
      ),
    );
    await expect(apiCall(routes.me, { timeoutMs: 50 })).rejects.toMatchObject({
      status: 0,
      code: 'timeout',
      message: 'The server did not answer within 1 second. Try again.',
    });
  });
});
