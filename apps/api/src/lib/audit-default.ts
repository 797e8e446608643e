import { AUDIT_ACTIONS, type AuditAction, type AuditEntity, type RouteDef } from '@bo/contract';
import type { Deps } from '../deps.ts';
import { isUnchanged, recordAudit, wroteAudit } from './audit-record.ts';
import { AppError } from './errors.ts';
import type { RequestContext } from './request-context.ts';

export interface AuditedCall {
  /** The route's name in the contract. */
  name: string;
  def: RouteDef;
  ctx: RequestContext;
  query: unknown;
  body: unknown;
}

/**
 * Audit by default, after a successful write (a POST answered below 300):
 * - a route without `audit` gets a generic row: the route's name, the entity of
 *   its label (its tag if it has none yet), the body (secrets redacted by
 *   recordAudit);
 * - a route with `audit: 'self'` must have written its own row; if it wrote
 *   none, strict mode (the tests) fails the request, otherwise the gap is
 *   logged as an error and the generic row is written instead;
 * - `audit: 'none'`, a dry run (`dryRun=true`) and a call the service marked
 *   unchanged owe no row.
 */
export async function auditWrite(deps: Deps, call: AuditedCall) {
  const { def, ctx } = call;
  if (def.method !== 'POST' || def.audit === 'none' || isUnchanged(ctx) || isDryRun(call.query)) {
    return;
  }
  if (def.audit === 'self') {
    if (wroteAudit(ctx)) return;
    const message = `${call.name} succeeded without writing its audit row`;
    if (deps.strictAudit) throw new AppError(500, 'audit_missing', message);
    deps.log.error({ route: call.name, reqId: ctx.requestId }, message);
  } else if (deps.strictAudit && wroteAudit(ctx)) {
    const message = `${call.name} writes its own audit row: declare audit: 'self' on the route`;
    throw new AppError(500, 'audit_undeclared', message);
  }
  // A generic row is named after its route; the contract's label line for
  // that name says what kind of thing it is about (the route's tag until then).
  const label = (AUDIT_ACTIONS as Record<string, { entity: AuditEntity }>)[call.name];
  await recordAudit(deps.db, ctx, {
    action: call.name as AuditAction,
    entity: label?.entity ?? (def.tag as AuditEntity),
    entityId: idOf(call.body),
    after: call.body,
  });
}

const isDryRun = (query: unknown) =>
  typeof query === 'object' && query !== null && (query as { dryRun?: unknown }).dryRun === true;

function idOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'id' in body) return String((body as { id: unknown }).id);
  return null;
}
