import type { auditListQuery } from '@bo/contract';
import { and, count, eq, gte, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { listPage, sortOrder, textSearch } from '../../lib/list.ts';
import type { RequestContext } from '../../lib/request-context.ts';

export interface AuditInput {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** For events before anyone is signed in (login attempts): who it is about. */
  actor?: { id: number | null; email: string | null };
}

/** Write one audit row, inside the caller's transaction when given one. */
export async function recordAudit(db: Db | Tx, ctx: RequestContext, input: AuditInput) {
  await db.insert(auditLog).values({
    actorId: input.actor ? input.actor.id : ctx.adminId,
    actorEmail: input.actor ? input.actor.email : ctx.adminEmail,
    action: input.action,
    entity: input.entity,
    entityId: input.entityId == null ? null : String(input.entityId),
    before: input.before ?? null,
    after: input.after ?? null,
    ip: ctx.ip,
    requestId: ctx.requestId,
  });
}

export function listAudit(db: Db, q: z.infer<typeof auditListQuery>) {
  const where = and(
    q.actorId ? eq(auditLog.actorId, q.actorId) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.entity ? eq(auditLog.entity, q.entity) : undefined,
    q.from ? gte(auditLog.at, new Date(q.from)) : undefined,
    // Times are answered to the millisecond but stored to the microsecond: a
    // row's own `at` used as `to` must still include that row.
    q.to ? lt(auditLog.at, new Date(Date.parse(q.to) + 1)) : undefined,
    q.q ? or(textSearch(q.q, [auditLog.actorEmail]), eq(auditLog.entityId, q.q)) : undefined,
  );
  return listPage(
    q,
    db.select().from(auditLog).where(where).$dynamic(),
    // Newest first unless the caller asks for ascending time explicitly.
    sortOrder(q, { at: auditLog.at }, 'at', auditLog.id, 'desc'),
    db.select({ n: count() }).from(auditLog).where(where),
    (r) => ({ ...r, at: r.at.toISOString() }),
  );
}
