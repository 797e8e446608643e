import type { ErrorCode } from '@bo/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { lingerBeforeClose } from '../lib/storage/linger.ts';

/**
 * The one place errors become answers: `{ message, code, details? }` with the
 * right status. 5xx never show internals; they carry the request id that is
 * in the log line instead. Faults of what the server stands on (the
 * database away, a disk full) are told from bugs in lib/faults.ts.
 */
export function registerErrorHandler(app: FastifyInstance) {
  // A change that went through shows the database has room again (a full
  // database is known only from the writes it refused: lib/faults.ts).
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 300)
      app.deps.faults.noteWritten('database');
  });
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send({
        message: error.message,
        code: error.code,
        ...(error.details ? { details: error.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const details = error.validation.map((v) => ({
        path: [where, ...pathOf(v.instancePath)].join('.'),
        message: v.message ?? 'Invalid value',
      }));
      const first = details[0];
      return reply.status(400).send({
        message: first ? `Invalid request: ${first.path}: ${first.message}` : 'Invalid request',
        code: 'validation_failed',
        details,
      });
    }
    // The database away or a disk full: an answer an operator can act on, not a 500.
    const fault = app.deps.faults.answerFor(error);
    if (fault) {
      req.log.warn({ err: error, code: fault.code }, fault.message);
      if (fault.headers) reply.headers(fault.headers);
      // An upload refused mid-body (its disk full): the client may still be
      // sending, and must be able to read this answer (see linger.ts).
      if (!req.raw.complete) {
        lingerBeforeClose(req.raw.socket);
        reply.header('connection', 'close');
      }
      return reply.status(fault.status).send({ message: fault.message, code: fault.code });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, too large).
      return reply.status(status).send({ message: error.message, code: fastifyErrorCode(status) });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      message: `Something went wrong on our side. Quote request id ${req.id} when reporting it.`,
      code: 'internal',
      requestId: req.id,
    });
  });
}

/**
 * Fastify's own client errors (bad JSON, wrong content type, too large) in
 * the contract's codes: its `FST_ERR_…` names are no part of the API.
 */
function fastifyErrorCode(status: number): ErrorCode {
  if (status === 413) return 'body_too_large';
  if (status === 415) return 'unsupported_media_type';
  return 'malformed_request';
}

function pathOf(instancePath: string | undefined): string[] {
  return (instancePath ?? '').split('/').filter(Boolean);
}
