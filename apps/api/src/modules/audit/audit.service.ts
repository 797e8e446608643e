import type { auditListQuery } from '@bo/contract';
import { and, count, eq, gte, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { listPage, sortOrder, textSearch } from '../../lib/list.ts';
import { targetsOf } from './audit.targets.ts';

export async function listAudit(db: Db, q: z.infer<typeof auditListQuery>) {
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
  const page = await listPage(
    q,
    db.select().from(auditLog).where(where).$dynamic(),
    // Newest first unless the caller asks for ascending time explicitly.
    sortOrder(q, { at: auditLog.at }, 'at', auditLog.id, 'desc'),
    db.select({ n: count() }).from(auditLog).where(where),
    (r) => ({ ...r, at: r.at.toISOString() }),
  );
  const targets = await targetsOf(db, page.items);
  return { ...page, items: page.items.map((r, i) => ({ ...r, target: targets[i] ?? null })) };
}
