import type { auditListQuery } from '@bo/contract';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
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

export async function listAudit(db: Db, q: z.infer<typeof auditListQuery>) {
  const filters: (SQL | undefined)[] = [
    q.actorId ? eq(auditLog.actorId, q.actorId) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.entity ? eq(auditLog.entity, q.entity) : undefined,
    q.from ? gte(auditLog.at, new Date(q.from)) : undefined,
    // Times are answered to the millisecond but stored to the microsecond: a
    // row's own `at` used as `to` must still include that row.
    q.to ? lt(auditLog.at, new Date(Date.parse(q.to) + 1)) : undefined,
    q.q
      ? or(ilike(auditLog.actorEmail, `%${escapeLike(q.q)}%`), eq(auditLog.entityId, q.q))
      : undefined,
  ];
  const where = and(...filters);
  // Newest first unless the caller asks for ascending time explicitly.
  const oldestFirst = q.sort === 'at' && q.order === 'asc';
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(
        ...(oldestFirst ? [auditLog.at, auditLog.id] : [desc(auditLog.at), desc(auditLog.id)]),
      )
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
