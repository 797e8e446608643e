import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessments } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { activationProblems } from '../assessments/assessments.checklist.ts';
import { readDetail } from '../assessments/assessments.queries.ts';
import { seedDemo } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('demo assessments', () => {
  it('adds one active assessment of each kind that passes its own checklist, once', async () => {
    const deps = { db: t.app.deps.db, storage: t.app.deps.storage };
    await seedDemo(deps, { books: 2 });
    const rows = await t.app.deps.db.select().from(assessments);
    expect(rows.map((r) => r.kind).sort()).toEqual([
      'diagnostic',
      'mock_test',
      'practice',
      'video_quiz',
    ]);
    for (const row of rows) {
      const detail = await t.app.deps.db.transaction(async (tx) => {
        const d = await readDetail(tx, row.kind, row.id);
        return { d, problems: await activationProblems(tx, d) };
      });
      expect(detail.problems, `${row.kind} "${row.name}"`).toEqual([]);
      expect(detail.d.totals.questions).toBeGreaterThan(0);
    }
    await seedDemo(deps, { books: 2 });
    expect(await t.app.deps.db.$count(assessments)).toBe(4);
  });
});
