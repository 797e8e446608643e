import { type ErrorCode, SERVICE_REFUSALS, type ServiceRefusal } from '@bo/contract';

/**
 * Services throw AppError with a status and a stable code, one of the
 * contract's ERROR_CODES; the one error handler (plugins/errors.ts) turns it
 * into `{ message, code, details? }`.
 */
export interface ErrorDetail {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * A body the contract's schema refused, checked by hand (a multipart form's
 * fields, a webhook's signed body): the same details as the error handler
 * gives for a route's own schema, `body.<field>` and its words.
 */
export const issueDetails = (issues: { path: PropertyKey[]; message: string }[]): ErrorDetail[] =>
  issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message }));

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new AppError(400, 'bad_request', message, details);
export const unauthorized = (message = 'Invalid token', code: ErrorCode = 'invalid_token') =>
  new AppError(401, code, message);
export const forbidden = (message: string, code: ErrorCode = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (message: string, details?: ErrorDetail[]) =>
  new AppError(409, 'conflict', message, details);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new AppError(
    429,
    'too_many_requests',
    message,
    undefined,
    retryAfterSeconds ? { 'retry-after': String(Math.ceil(retryAfterSeconds)) } : undefined,
  );

/**
 * A refusal of one service (`question_changed`), with the status the contract
 * gives it; each route that can answer it names it in its `refuses`.
 */
export const refusal = (code: ServiceRefusal, message: string, details?: ErrorDetail[]) =>
  new AppError(SERVICE_REFUSALS[code].status, code, message, details);
