import type { AuditAction, AuditEntity } from '@bo/contract';
import type { Db, Tx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import type { RequestContext } from './request-context.ts';

export interface AuditInput {
  /** One of the contract's labelled actions (audit-actions.ts). */
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** For events before anyone is signed in (login attempts): who it is about. */
  actor?: { id: number | null; email: string | null };
}

/**
 * Write one audit row, inside the caller's transaction when given one. The one
 * way rows are written: secrets are redacted here, so no caller has to.
 */
export async function recordAudit(db: Db | Tx, ctx: RequestContext, input: AuditInput) {
  await recordAudits(db, ctx, [input]);
}

/** Rows per insert: eleven columns each stay well under the 65,535 bound parameters a statement takes. */
const AUDIT_ROWS_PER_INSERT = 2000;

/**
 * Several audit rows at once (an import that updates 10,000 objects audits
 * each of them), in inserts of a few thousand rows.
 */
export async function recordAudits(db: Db | Tx, ctx: RequestContext, inputs: AuditInput[]) {
  const rows = inputs.map((input) => ({
    actorId: input.actor ? input.actor.id : ctx.adminId,
    actorEmail: input.actor ? input.actor.email : ctx.adminEmail,
    action: input.action,
    entity: input.entity,
    entityId: input.entityId == null ? null : String(input.entityId),
    before: redact(input.before),
    after: redact(input.after),
    ip: ctx.ip,
    requestId: ctx.requestId,
  }));
  for (let i = 0; i < rows.length; i += AUDIT_ROWS_PER_INSERT)
    await db.insert(auditLog).values(rows.slice(i, i + AUDIT_ROWS_PER_INSERT));
  if (rows.length) audited.add(ctx);
}

/**
 * Requests that wrote an audit row, so the route layer can check a
 * self-audited write without reading the row back. A row written in a
 * transaction that then rolled back belongs to a request that failed, and a
 * failed request is not checked.
 */
const audited = new WeakSet<RequestContext>();

export const wroteAudit = (ctx: RequestContext) => audited.has(ctx);

/** Keys that name a secret or its hash: `password`, `passwordHash`, `token`, `otp`, `code`… */
const SECRET_KEY = /pass|token|otp|secret|code/i;

/**
 * The value as it will be stored (JSON), with every secret-looking key's value
 * replaced at any depth.
 */
export function redact(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value !== 'object') return value;
  const json = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof json === 'function') return redact(json.call(value)); // a Date becomes its ISO text
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined) // as JSON drops them
      .map(([k, v]) => [k, SECRET_KEY.test(k) ? '[redacted]' : redact(v)]),
  );
}

const unchanged = new WeakSet<RequestContext>();

/**
 * A successful write call that changed nothing (an existing mapping reported,
 * a cover that was already gone) owes no audit row: the service says so here,
 * and the route layer's check (audit-default.ts) lets it pass.
 */
export function markUnchanged(ctx: RequestContext) {
  unchanged.add(ctx);
}

export const isUnchanged = (ctx: RequestContext) => unchanged.has(ctx);
