import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { admins } from '../../db/schema/index.ts';

/** An admin id no row has (ids start at 1): unknown-e-mail paths run their statements on it. */
export const NO_ADMIN = 0;

export const findAdminByEmail = async (db: Db | Tx, email: string) =>
  (await db.select().from(admins).where(sql`lower(${admins.email}) = ${email.toLowerCase()}`))[0];

export async function loadActiveAdmin(db: Db | Tx, id: number) {
  const [row] = await db.select().from(admins).where(eq(admins.id, id));
  return row && row.status === 'active' ? row : undefined;
}
