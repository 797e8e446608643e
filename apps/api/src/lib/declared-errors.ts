import { type ErrorCode, errorAnswers, type RouteDef } from '@bo/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The test-only faults of strict mode itself (an audit gap): never an answer in production. */
const STRICT_FAULTS = new Set<string>(['audit_missing', 'audit_undeclared'] satisfies ErrorCode[]);

const answersOf = new WeakMap<RouteDef, ReturnType<typeof errorAnswers>>();

/**
 * Tests (`strictErrors`): an error answer whose status and code are not among
 * the route's declared answers (the contract's errorAnswers, which the
 * OpenAPI document shows) becomes a 500 `error_undeclared` naming them, so
 * the test that met it fails and the document cannot fall behind the code.
 * A new refusal is declared in the route's `refuses`.
 */
export async function refuseUndeclaredError(
  def: RouteDef,
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const status = reply.statusCode;
  if (status < 400 || typeof payload !== 'string') return payload;
  const code = codeOf(payload);
  if (!code || STRICT_FAULTS.has(code)) return payload;
  const answers = answersOf.get(def) ?? errorAnswers(def);
  answersOf.set(def, answers);
  if (answers[status]?.codes.some((c) => c === code)) return payload;
  const message = `${def.method} ${def.path} answered ${status} ${code}, which its route does not declare (contract: refuses, or error-answers.ts)`;
  req.log.error({ status, code }, message);
  reply.code(500);
  return JSON.stringify({ message, code: 'error_undeclared' satisfies ErrorCode });
}

function codeOf(payload: string): string | undefined {
  try {
    const body = JSON.parse(payload) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}
