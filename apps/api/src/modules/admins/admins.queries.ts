import type { Admin, adminListQuery } from '@bo/contract';
import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { admins } from '../../db/schema/index.ts';
import { listPage, sortOrder, textSearch } from '../../lib/list.ts';
import { effectiveModules } from '../../plugins/auth-guard.ts';

export type AdminRow = typeof admins.$inferSelect;

/** The public face of an admin row: never the hash or the lockout counters. */
export function toAdmin(row: AdminRow): Admin {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    role: row.role,
    status: row.status,
    modules: effectiveModules(row.role, row.modules),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const SORT = {
  name: admins.name,
  email: admins.email,
  createdAt: admins.createdAt,
  lastLoginAt: admins.lastLoginAt,
} as const;

export function listAdmins(db: Db, q: z.infer<typeof adminListQuery>) {
  const where = and(
    textSearch(q.q, [admins.name, admins.email]),
    q.status ? eq(admins.status, q.status) : undefined,
    q.role ? eq(admins.role, q.role) : undefined,
  );
  return listPage(
    q,
    db.select().from(admins).where(where).$dynamic(),
    sortOrder(q, SORT, 'name', admins.id),
    db.select({ n: count() }).from(admins).where(where),
    toAdmin,
  );
}

export const findAdmin = async (db: Db | Tx, id: number) =>
  (await db.select().from(admins).where(eq(admins.id, id)).for('update'))[0];

export const emailTaken = async (db: Db | Tx, email: string) =>
  (await db.select({ id: admins.id }).from(admins).where(sql`lower(${admins.email}) = ${email}`))
    .length > 0;

/** Active super admins other than `exceptId`: the last one may not go. */
export async function otherActiveSuperAdmins(db: Db | Tx, exceptId: number) {
  const conditions: SQL[] = [
    eq(admins.role, 'super_admin'),
    eq(admins.status, 'active'),
    ne(admins.id, exceptId),
  ];
  const [row] = await db
    .select({ n: count() })
    .from(admins)
    .where(and(...conditions));
  return row?.n ?? 0;
}

/**
 * Serialises the changes that may take away a super admin (delete, disable,
 * demote): each checks the other active super admins and then acts, so two
 * super admins removing each other at once would otherwise both succeed.
 */
export async function lockSuperAdminChanges(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SUPER_ADMIN_LOCK_KEY})`);
}

const SUPER_ADMIN_LOCK_KEY = 7_310_001;
