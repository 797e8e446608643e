import type { addTestCategoryBody, TestCategory } from '@bo/contract';
import { asc, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assessments, testCategories } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { conflict } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';

/** Test categories group mock tests: added at the end, listed in order with their mock tests. */

// The outer column written out: Drizzle leaves it unqualified, where "id" would be the inner table's.
const mockTests = sql<number>`(select count(*)::int from ${assessments} a where a.test_category_id = "test_categories"."id")`;

const toCategory = (
  row: typeof testCategories.$inferSelect & { mockTests: number },
): TestCategory => ({
  id: row.id,
  name: row.name,
  description: row.description,
  position: row.position,
  mockTests: Number(row.mockTests),
  createdAt: row.createdAt.toISOString(),
});

export async function listTestCategories(deps: Deps) {
  const rows = await deps.db
    .select({ ...testCategoryColumns(), mockTests })
    .from(testCategories)
    .orderBy(asc(testCategories.position), asc(testCategories.id));
  return { items: rows.map(toCategory) };
}

const testCategoryColumns = () => ({
  id: testCategories.id,
  name: testCategories.name,
  description: testCategories.description,
  position: testCategories.position,
  createdAt: testCategories.createdAt,
  updatedAt: testCategories.updatedAt,
  createdBy: testCategories.createdBy,
  updatedBy: testCategories.updatedBy,
});

export async function addTestCategory(
  deps: Deps,
  actor: { id: number },
  body: z.infer<typeof addTestCategoryBody>,
) {
  try {
    const [row] = await deps.db
      .insert(testCategories)
      .values({
        name: body.name,
        description: body.description,
        position: sql`(select coalesce(max(position) + 1, 0) from test_categories)`,
        createdBy: actor.id,
        updatedBy: actor.id,
      })
      .returning();
    return toCategory({ ...row!, mockTests: 0 });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict(`A test category named "${body.name}" exists already`, [
        { path: 'body.name', message: 'This name is taken' },
      ]);
    throw err;
  }
}
