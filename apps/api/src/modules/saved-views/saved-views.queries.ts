import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { admins, savedViews } from '../../db/schema/index.ts';

const columns = {
  id: savedViews.id,
  ownerId: savedViews.ownerId,
  ownerName: admins.name,
  list: savedViews.list,
  name: savedViews.name,
  query: savedViews.query,
  shared: savedViews.shared,
  createdAt: savedViews.createdAt,
  updatedAt: savedViews.updatedAt,
};
export type SavedViewRow = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['data'];
};

const selectViews = (db: Db | Tx) =>
  db.select(columns).from(savedViews).innerJoin(admins, eq(admins.id, savedViews.ownerId));

/** One list's views this admin sees: their own, then the team's shared ones; each by name. */
export const viewsOfList = (db: Db, list: string, adminId: number) =>
  selectViews(db)
    .where(
      and(
        eq(savedViews.list, list),
        or(eq(savedViews.ownerId, adminId), eq(savedViews.shared, true)),
      ),
    )
    .orderBy(
      sql`${savedViews.ownerId} <> ${adminId}`,
      asc(sql`lower(${savedViews.name})`),
      asc(savedViews.id),
    );

export async function findView(db: Db | Tx, id: number, lock = false) {
  const query = selectViews(db).where(eq(savedViews.id, id));
  const [row] = lock ? await query.for('update', { of: savedViews }) : await query;
  return row ?? null;
}

export async function countOwnViews(db: Db | Tx, list: string, ownerId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(savedViews)
    .where(and(eq(savedViews.list, list), eq(savedViews.ownerId, ownerId)));
  return Number(row?.n ?? 0);
}

export async function insertView(
  db: Db | Tx,
  values: { ownerId: number; list: string; name: string; query: string; shared: boolean },
) {
  const [row] = await db.insert(savedViews).values(values).returning({ id: savedViews.id });
  return row!.id;
}

export async function updateView(
  db: Db | Tx,
  id: number,
  values: { name?: string; query?: string; shared?: boolean },
) {
  await db
    .update(savedViews)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(savedViews.id, id));
}

export const deleteView = (db: Db | Tx, id: number) =>
  db.delete(savedViews).where(eq(savedViews.id, id));
