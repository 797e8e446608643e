/** An import's file refused as it is read (400), before any row is checked. */
export const IMPORT_REFUSALS = [
  'import_invalid',
  'xlsx_corrupt',
  'xlsx_empty',
  'zip_needs_one_sheet',
  'unknown_format',
  'wrong_format',
  'xml_malformed',
  'xml_doctype_refused',
  'xml_not_moodle',
  'xml_not_qti',
  'xml_too_deep',
] as const;

/** An import's file larger than allowed once unpacked or counted (413). */
export const IMPORT_TOO_LARGE = [
  'xlsx_too_large',
  'xlsx_too_many_rows',
  'too_many_questions',
] as const;

/**
 * Refusals that a service gives on some routes only, with the status they
 * come with: a route that can answer one names it in its `refuses`, and the
 * OpenAPI document lists it among that route's answers (error-answers.ts).
 */
export const SERVICE_REFUSALS = {
  unknown_learner: { status: 404, says: 'No learner has this app id' },
  question_changed: { status: 409, says: 'Someone else saved the question since it was opened' },
  question_duplicate: { status: 409, says: 'The bank already holds this question' },
  question_in_use: { status: 409, says: 'The question is in an assessment' },
  question_incomplete: { status: 409, says: 'Only a complete question can leave draft' },
  qr_address_not_public: {
    status: 409,
    says: 'Codes would encode an address learners cannot reach (PUBLIC_BASE_URL)',
  },
  unknown_variables: { status: 400, says: 'The template names variables no learner has' },
  bulk_edit_not_undoable: {
    status: 409,
    says: 'The bulk edit cannot be undone (not finished, undone already, or more than a day ago)',
  },
  too_many_rows: { status: 422, says: 'More rows than an Excel sheet holds: download CSV' },
  list_not_allowed: { status: 403, says: 'The admin may not open the list this view is of' },
  report_not_allowed: {
    status: 403,
    says: 'The admin may not open the report of this subscription',
  },
  view_not_yours: { status: 403, says: 'Only the admin who saved a view changes or deletes it' },
  questions_not_carried: {
    status: 422,
    says: 'Some chosen questions are of a kind the export format does not carry: export again leaving them out (leaveOut=uncarried)',
  },
} as const satisfies Record<string, { status: number; says: string }>;
export type ServiceRefusal = keyof typeof SERVICE_REFUSALS;

/**
 * Every code an error answer `{ message, code, details? }` carries: the
 * server's AppError takes only these, and the web compares with them
 * (`error.code === ErrorCode.question_changed`), never with a literal. No
 * zod here, so the web's first screens can import it at no cost.
 */
export const ERROR_CODES = [
  // The request itself
  'bad_request',
  'validation_failed',
  'malformed_request',
  'method_not_allowed',
  'request_timeout',
  'body_too_large',
  'unsupported_media_type',
  'range_not_satisfiable',
  'not_utf8',
  // Signing in, sessions and keys
  'unauthenticated',
  'invalid_token',
  'token_expired',
  'session_expired',
  'invalid_credentials',
  'invalid_otp',
  'otp_expired',
  'otp_resend_limit',
  'invalid_link',
  'invalid_file_link',
  'invalid_app_key',
  'learner_token_required',
  'invalid_learner_token',
  'learner_token_expired',
  'learner_token_mismatch',
  // A signed webhook call (the mail provider's bounces and complaints)
  'invalid_signature',
  'signature_expired',
  'signature_reused',
  'too_many_requests',
  'forbidden',
  // The data
  'not_found',
  'conflict',
  'printed_codes_need_a_target',
  ...(Object.keys(SERVICE_REFUSALS) as ServiceRefusal[]),
  // A bulk edit whose rows were refused (the job's error; every row named in details)
  'bulk_edit_refused',
  // Uploads and imports
  'file_too_large',
  'multipart_malformed',
  'multipart_too_many_parts',
  'imports_busy',
  ...IMPORT_REFUSALS,
  ...IMPORT_TOO_LARGE,
  // The server and what it stands on
  'job_failed',
  'audit_missing',
  'audit_undeclared',
  'error_undeclared',
  'database_unavailable',
  'storage_full',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The codes by name, to compare with: `ErrorCode.validation_failed`. */
export const ErrorCode = Object.fromEntries(ERROR_CODES.map((c) => [c, c])) as {
  readonly [C in ErrorCode]: C;
};
