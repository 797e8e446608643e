import {
  type ErrorCode,
  IMPORT_REFUSALS,
  IMPORT_TOO_LARGE,
  SERVICE_REFUSALS,
} from './error-codes.ts';
import type { RouteDef } from './route.ts';

export interface ErrorAnswer {
  description: string;
  codes: ErrorCode[];
}

/**
 * The error answers a route can give, by status, each `{ message, code,
 * details? }` with one of `codes`: derived from the route's entry in the
 * table (its access, method, upload, body and the service refusals it
 * names), never listed by hand. The OpenAPI document shows them, and in
 * tests the server refuses to send an error answer that is not among them.
 */
export function errorAnswers(def: RouteDef): Record<number, ErrorAnswer> {
  const out: Record<number, ErrorAnswer> = {};
  const add = (status: number, description: string, codes: readonly ErrorCode[]) => {
    const had = out[status];
    out[status] = had
      ? { description: had.description, codes: [...new Set([...had.codes, ...codes])] }
      : { description, codes: [...codes] };
  };
  const signIn = def.access === 'public' && def.tag === 'auth' && def.method === 'POST';
  const signedLink = def.access === 'public' && def.download;
  add(400, 'Invalid request: details name each refused field (`body.title`, `querystring.id`)', [
    'validation_failed',
    'malformed_request',
    'bad_request',
  ]);
  if (def.access === 'learner_app') {
    // The app's own routes, and the ingest for a profile change, also take the learner's token.
    const learnerToken = def.path.startsWith('/app/') || def.path.startsWith('/ingest/');
    add(401, 'The learner app’s key (or learner token) is missing, wrong or expired', [
      'unauthenticated',
      'invalid_app_key',
      ...(learnerToken ? LEARNER_TOKEN_CODES : []),
    ]);
    if (learnerToken)
      add(403, 'The learner token is another learner’s', ['learner_token_mismatch']);
  } else if (def.access !== 'public')
    add(401, 'Not signed in, or the token is wrong or expired', [
      'unauthenticated',
      'invalid_token',
      'token_expired',
      'session_expired',
    ]);
  if (signIn) {
    add(401, 'The credentials or code are wrong or expired', [
      'invalid_credentials',
      'invalid_otp',
      'otp_expired',
    ]);
    add(400, 'Invalid request', ['invalid_link']);
    // A refresh is refused as the session's token is: wrong, reused or the session over.
    if (def.path === '/auth/refresh')
      add(401, 'The credentials or code are wrong or expired', [
        'invalid_token',
        'session_expired',
      ]);
    add(429, 'Too many tries: wait (Retry-After) or reset the password', [
      'too_many_requests',
      'otp_resend_limit',
    ]);
  }
  if (def.access !== 'public' && def.access !== 'session' && def.access !== 'learner_app')
    add(403, 'Signed in without access to this module', ['forbidden']);
  if (signedLink) add(403, 'The signed link is invalid or expired', ['invalid_file_link']);
  if (def.access !== 'public' || signedLink)
    add(404, 'Something the request names does not exist', ['not_found']);
  if (def.download) add(416, 'The requested range is outside the file', ['range_not_satisfiable']);
  if (def.method === 'POST') {
    add(408, 'The request body arrived too slowly', ['request_timeout']);
    if (def.access !== 'public' && def.tag !== 'auth')
      add(409, 'In conflict with the current data (taken, in use, or changed meanwhile)', [
        'conflict',
        ...(takesPrintedCodesChoice(def) ? (['printed_codes_need_a_target'] as const) : []),
      ]);
    add(413, 'The body or file is larger than allowed', ['body_too_large']);
    add(415, 'The body or file is of a type this route does not take', ['unsupported_media_type']);
    add(507, 'The storage is full: nothing was saved', ['storage_full']);
  }
  if (def.upload) {
    add(400, 'Invalid request', ['multipart_malformed', 'multipart_too_many_parts', 'not_utf8']);
    add(413, 'The body or file is larger than allowed', ['file_too_large']);
    const kinds = def.upload.kinds;
    if (kinds.includes('xlsx') || kinds.includes('zip') || kinds.includes('text')) {
      // An import: the file read, then every row checked (all or nothing).
      add(400, 'Invalid request', IMPORT_REFUSALS);
      add(413, 'The body or file is larger than allowed', IMPORT_TOO_LARGE);
      add(429, 'Too many imports run now: try again shortly', ['imports_busy']);
    }
  }
  for (const code of def.refuses ?? []) {
    const { status, says } = SERVICE_REFUSALS[code];
    add(status, says, [code]);
  }
  add(500, 'A fault on the server’s side (its request id is in the log)', ['internal']);
  add(503, 'The database cannot be reached just now; nothing was changed', [
    'database_unavailable',
  ]);
  return out;
}

const LEARNER_TOKEN_CODES: ErrorCode[] = [
  'learner_token_required',
  'invalid_learner_token',
  'learner_token_expired',
];

/**
 * A write that may orphan printed QR codes takes the choice of where they
 * point next: in its body, or in its query when the body is a file.
 */
function takesPrintedCodesChoice(def: RouteDef): boolean {
  return [def.body, def.query].some((schema) => {
    const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
    return !!shape && 'qrCodesTo' in shape;
  });
}
