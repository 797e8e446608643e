import type { ApiError as ApiErrorBody } from '@bo/contract';
import { ERROR_CODES, ErrorCode } from '@bo/contract/error-codes';
import { CHECK_VALUE, humanFieldMessage } from './form-messages.ts';

export type ErrorDetail = NonNullable<ApiErrorBody['details']>[number];

/**
 * The web's own codes, for failures the server did not answer (no answer,
 * too slow, a session that ended or changed hands while requests waited, a
 * request a newer one replaced).
 */
export const ClientErrorCode = {
  http_error: 'http_error',
  network_error: 'network_error',
  timeout: 'timeout',
  session_ended: 'session_ended',
  signed_in_as_other: 'signed_in_as_other',
  /** A newer request replaced this one (a job the screen no longer follows). */
  stale: 'stale',
} as const;

/** A failed call's code: the server's (the contract's ErrorCode) or the web's own. */
export type AnyErrorCode = ErrorCode | (typeof ClientErrorCode)[keyof typeof ClientErrorCode];

const SERVER_CODES = new Set<string>(ERROR_CODES);
const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && SERVER_CODES.has(code);

/** What every failed call throws: the API's `{ message, code, details }` plus the status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly code: AnyErrorCode,
    readonly details: ErrorDetail[] = [],
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** Status 0: the request never got an HTTP answer. */
export const NETWORK_ERROR_MESSAGE =
  'Could not reach the server. Check your connection and try again.';

/** A request that had no whole answer in time (the client's time-out, not the server's). */
export function timedOut(ms: number): ApiError {
  const seconds = Math.max(1, Math.round(ms / 1000));
  return new ApiError(
    0,
    `The server did not answer within ${seconds} second${seconds === 1 ? '' : 's'}. Try again.`,
    ClientErrorCode.timeout,
  );
}

export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> = {};
  try {
    body = (await response.json()) as Partial<ApiErrorBody>;
  } catch {
    // Not JSON (a proxy's HTML page, an empty 502): fall back to the status line.
  }
  return new ApiError(
    response.status,
    typeof body.message === 'string' && body.message
      ? body.message
      : `Request failed with status ${response.status}`,
    isErrorCode(body.code) ? body.code : ClientErrorCode.http_error,
    Array.isArray(body.details) ? body.details : [],
    typeof body.requestId === 'string' ? body.requestId : undefined,
  );
}

export function isTokenExpired(error: unknown): boolean {
  return error instanceof ApiError && error.message.includes('Token expired');
}

/** Said for a request the server's schema refused: its own text names internal paths. */
export const INVALID_REQUEST_MESSAGE = 'Some values were not accepted. Check them and try again.';

/** A body field's name in words: `negativeMarks` → "Negative marks". */
function fieldWords(path: string): string {
  const name = path
    .split('.')
    .filter((p) => !/^\d+$/.test(p) && p !== 'body' && p !== 'query')
    .pop();
  if (!name) return '';
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * What the server refused, field by field, in its own words ("Negative marks
 * cannot be more than the marks"), naming the field where its message does
 * not; a schema default reads "Marks: check this value". Used wherever a
 * refusal is shown outside a form's fields (toasts, and a form's refusal
 * about a field it does not show).
 */
export function validationMessage(details: readonly { path: string; message: string }[]) {
  const lines = new Set<string>();
  for (const d of details) {
    const field = fieldWords(d.path);
    const said = humanFieldMessage(d.message);
    const message = said === CHECK_VALUE ? 'check this value' : said;
    lines.add(
      !field || message.toLowerCase().includes(field.toLowerCase())
        ? message
        : `${field}: ${message}`,
    );
  }
  const shown = [...lines].slice(0, 3);
  return shown.length ? shown.join('. ') : INVALID_REQUEST_MESSAGE;
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === ErrorCode.validation_failed) {
    return validationMessage(error.details);
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}
