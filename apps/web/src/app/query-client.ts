import { ErrorCode } from '@bo/contract/error-codes';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { type AnyErrorCode, ApiError } from '../lib/api-error.ts';

/** A 4xx will answer the same on a second try; only network trouble and 5xx are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** The guard's codes for a bearer that no longer works (a wrong password is not one of them). */
const LOST_SESSION_CODES = new Set<AnyErrorCode>([
  ErrorCode.unauthenticated,
  ErrorCode.invalid_token,
  ErrorCode.token_expired,
]);

export function isLostSession(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && LOST_SESSION_CODES.has(error.code);
}

/**
 * `onLostSession` runs when a call still answers 401 after the client's own
 * refresh (a revoked session, a disabled admin): the app then ends the session.
 */
export function createQueryClient(onLostSession: () => void): QueryClient {
  const check = (error: unknown) => {
    if (isLostSession(error)) onLostSession();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: check }),
    mutationCache: new MutationCache({ onError: check }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
