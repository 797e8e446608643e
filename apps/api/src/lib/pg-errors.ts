/**
 * PostgreSQL errors by SQLSTATE, read the same way on both drivers: drizzle
 * wraps the driver's error (pg or PGlite) in `cause`, and some paths throw the
 * driver's error itself. Services name the condition, never the code.
 */
export const PG_ERROR = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  notNullViolation: '23502',
  numericOutOfRange: '22003',
  invalidTextRepresentation: '22P02',
  /** e.g. a NUL byte in text: "invalid byte sequence for encoding UTF8". */
  characterNotInRepertoire: '22021',
  untranslatableCharacter: '22P05',
  /** statement_timeout reached (or a cancel request). */
  queryCanceled: '57014',
} as const;
export type PgErrorCode = (typeof PG_ERROR)[keyof typeof PG_ERROR];

export interface PgError {
  code: string;
  /** The constraint or index that was met, when the server names one. */
  constraint?: string;
}

/** The PostgreSQL error behind `err`, if it is one (a SQLSTATE: 5 characters, never an E... errno code). */
export function pgErrorOf(err: unknown): PgError | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const { code, constraint, cause } = e as {
      code?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && /^[0-9FHPX][0-9A-Z]{4}$/.test(code))
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) };
    e = cause;
  }
  return undefined;
}

export const isPgError = (err: unknown, code: PgErrorCode) => pgErrorOf(err)?.code === code;
export const isUniqueViolation = (err: unknown) => isPgError(err, PG_ERROR.uniqueViolation);
export const isForeignKeyViolation = (err: unknown) => isPgError(err, PG_ERROR.foreignKeyViolation);
