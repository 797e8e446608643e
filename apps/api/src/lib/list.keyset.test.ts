import { sql } from 'drizzle-orm';
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { type SortKey, sortKeyset } from './list.ts';
import { keysetRows } from './xlsx/export.ts';

/**
 * A list's download pages by key in the list's own order (sortKeyset): on a
 * real database, with ties, NULLs and timestamps finer than a JS Date, the
 * pages walked up and down give exactly the rows of one ORDER BY, each once.
 */
const probe = pgTable('keyset_probe', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  name: text('name'),
  at: timestamp('at', { withTimezone: true }),
});
const SORT = { name: probe.name, at: probe.at };

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(
    sql`create table keyset_probe (id bigint primary key, name text, at timestamptz)`,
  );
  // 40 rows: names in 4 ties and NULLs, instants that differ in microseconds only.
  await database.db.execute(sql`
    insert into keyset_probe
    select i, case when i % 5 = 0 then null else 'n' || (i % 4) end,
           case when i % 7 = 0 then null
                else '2026-01-01 00:00:00+00'::timestamptz + (i % 3) * interval '1 microsecond' end
    from generate_series(1, 40) i`);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

/** The ids `keysetRows` walks in pages of 3 for this order. */
async function walk(keyset: ReturnType<typeof sortKeyset>, maxRows?: number) {
  const page = async (after: SortKey | null, limit: number) =>
    (
      await database.db
        .select({ id: probe.id, key: keyset.key })
        .from(probe)
        .where(after ? keyset.after(after) : undefined)
        .orderBy(...keyset.orderBy)
        .limit(limit)
    ).map((r) => ({ id: r.id, key: { value: r.key, id: r.id } }));
  const walked: number[] = [];
  for await (const row of keysetRows(page, (r) => r.key, { pageSize: 3, maxRows })) {
    walked.push(row.id);
  }
  return walked;
}

describe('sortKeyset', () => {
  for (const sort of ['name', 'at'] as const) {
    for (const order of ['asc', 'desc'] as const) {
      it(`walks ${sort} ${order} in pages of 3 as one ORDER BY`, async () => {
        const keyset = sortKeyset({ sort, order }, SORT, 'name', probe.id);
        const walked = await walk(keyset);
        const all = await database.db
          .select({ id: probe.id })
          .from(probe)
          .orderBy(...keyset.orderBy);
        expect(walked).toEqual(all.map((r) => r.id));
        expect(walked).toHaveLength(40);
      });
    }
  }

  it('stops at maxRows', async () => {
    const keyset = sortKeyset({ order: 'asc' }, SORT, 'name', probe.id);
    expect(await walk(keyset, 10)).toHaveLength(10);
  });
});
