import { ApiError, ClientErrorCode } from './api-error.ts';
import { readToken, saveToken, TOKEN_KEY } from './token-store.ts';

/**
 * Signing in again in place, for every screen at once. When a request of a
 * page that was working meets an ended session (revoked, signed out
 * everywhere, refresh refused), the API client does not clear the session or
 * leave the screen: it asks here, and the request waits. The app shows a
 * sign-in dialog over the screen (nothing typed is touched); once the same
 * admin has signed in, every waiting request is sent again with the new
 * token. Signed in as someone else, or the dialog closed, the waiting
 * requests fail with a message that says nothing was sent, and the screen
 * keeps its values.
 */

/** What the dialog needs to know: whose session ended. */
export interface EndedSession {
  adminId: number | null;
}

/** What `POST /auth/confirmotp` answers, as far as this module reads it. */
export interface NewSession {
  accessToken: string;
  refreshToken: string;
  admin: { id: number; name: string; email: string };
}

/** Said by every request that waited when the dialog was closed without signing in. */
export const NOT_SIGNED_IN_AGAIN =
  'Nothing was sent: your session has ended. Sign in again, then send it again; what you typed is still here.';

/** The waiting requests' refusal after someone else signed in. */
export function signedInAsOther(admin: NewSession['admin']): ApiError {
  return new ApiError(
    409,
    `Nothing was sent: you are now signed in as ${admin.name} (${admin.email}), not as the admin who typed this. What was typed is still on the screen; save it again to save it as ${admin.name}.`,
    ClientErrorCode.signed_in_as_other,
  );
}

/** The admin id an access token speaks for (its `sub`), read without checking: only for comparing. */
export function adminIdOf(access: string): number | null {
  try {
    const payload = access.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const id = Number((JSON.parse(json) as { sub?: unknown }).sub);
    return Number.isSafeInteger(id) ? id : null;
  } catch {
    return null;
  }
}

let proven = false;
/** A request with this page's session worked: from now on an ended session is recovered in place. */
export function sessionWorked(): void {
  proven = true;
}

interface Recovery {
  ended: EndedSession;
  dead: string;
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

let current: Recovery | null = null;
let asking: ((ended: EndedSession | null) => void) | null = null;

/**
 * The app's sign-in dialog registers here (`null` closes it). Without a
 * dialog, or on a page that never worked with its session (it opened on a
 * dead one: nothing typed yet), the client ends the session as before.
 */
export function onSignInAgain(show: ((ended: EndedSession | null) => void) | null): void {
  asking = show;
}

export function canSignInAgain(): boolean {
  return proven && asking !== null;
}

/** Resolves once the admin whose token was `dead` has signed in again (here or in another tab). */
export function signInAgain(dead: string): Promise<void> {
  const now = readToken().access;
  // Someone signed in again since this request was sent: try with that token.
  if (now && now !== dead && adminIdOf(now) === adminIdOf(dead)) return Promise.resolve();
  if (current) return current.promise;
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  current = { ended: { adminId: adminIdOf(dead) }, dead, promise, resolve, reject };
  asking?.(current.ended);
  return promise;
}

function settle(outcome: (r: Recovery) => void) {
  const done = current;
  current = null;
  asking?.(null);
  if (done) outcome(done);
}

/**
 * The dialog's sign-in succeeded: the new pair is kept either way (that admin
 * did sign in), but only the same admin's waiting requests are sent.
 */
export function signedInAgain(session: NewSession): 'same' | 'other' {
  const same = current?.ended.adminId === session.admin.id;
  saveToken({ access: session.accessToken, refresh: session.refreshToken });
  settle((r) => (same ? r.resolve() : r.reject(signedInAsOther(session.admin))));
  return same ? 'same' : 'other';
}

/** The dialog was closed without signing in, or the session was left on purpose. */
export function giveUpSignInAgain(): void {
  settle((r) => r.reject(new ApiError(401, NOT_SIGNED_IN_AGAIN, ClientErrorCode.session_ended)));
}

// Signed in again in another tab as the same admin: this tab's requests go on too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (!current || (event.key !== TOKEN_KEY && event.key !== null)) return;
    const now = readToken().access;
    if (now && now !== current.dead && adminIdOf(now) === current.ended.adminId) {
      settle((r) => r.resolve());
    }
  });
}
