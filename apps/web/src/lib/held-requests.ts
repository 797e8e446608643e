import type { RouteDef } from '@bo/contract';
import { ErrorCode } from '@bo/contract/error-codes';
import { type AnyErrorCode, ApiError, ClientErrorCode } from './api-error.ts';
import { canSignInAgain, signInAgain } from './session-recovery.ts';
import { readToken } from './token-store.ts';
import { askToTryAgain, canAskToTryAgain } from './try-again.ts';

/**
 * Requests that wait for the person instead of failing: after an ended
 * session (the sign-in dialog) and after a save that got no answer ("Try
 * again"). Both hold only on a working signed-in screen, whose layout
 * registered the dialog and the notices.
 */

/** Where a request goes, and its summary when the caller passed the whole route. */
type Target = Pick<RouteDef, 'method' | 'path'>;

/**
 * The guard's answers for a bearer that no longer works, and the client's own
 * for a refused refresh.
 */
const ENDED_CODES = new Set<AnyErrorCode>([
  ErrorCode.invalid_token,
  ErrorCode.unauthenticated,
  ClientErrorCode.session_ended,
]);

/** Sign-in's own steps and the sign-outs: never held (the sign-outs end the session anyway). */
const ownAuthStep = (route: Target) => route.path.startsWith('/auth/') && route.path !== '/auth/me';

function endedSession(route: Target, error: unknown, used: string): boolean {
  return (
    used !== '' &&
    error instanceof ApiError &&
    error.status === 401 &&
    ENDED_CODES.has(error.code) &&
    !ownAuthStep(route) &&
    canSignInAgain()
  );
}

/** A save (not a read, not sign-in's own steps) that got no answer at all. */
function unanswered(route: Target, error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 0 &&
    route.method !== 'GET' &&
    !ownAuthStep(route) &&
    canAskToTryAgain()
  );
}

/** What a request does, in the words of its route's summary ("Save a new template"). */
function whatItDoes(route: Target): string {
  const summary = 'summary' in route && typeof route.summary === 'string' ? route.summary : '';
  return summary.split(/[:;(]/)[0]?.trim() || 'the change';
}

/**
 * Runs `attempt` with the current bearer; after an ended session it waits for
 * the admin to sign in again in place (session-recovery.ts), and after a save
 * got no answer, for "Try again" (try-again.ts); then it runs once more. The
 * request itself is not changed: what the screen sent is what is sent again.
 */
export async function holdWhenFailed<T>(route: Target, attempt: (used: string) => Promise<T>) {
  for (;;) {
    const used = readToken().access;
    try {
      return await attempt(used);
    } catch (error) {
      if (unanswered(route, error)) await askToTryAgain(whatItDoes(route), error);
      else if (endedSession(route, error, used)) await signInAgain(used);
      else throw error;
    }
  }
}
