import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionRevisions, questions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seedCurriculum } from './demo.curriculum.ts';
import { seedQuestions } from './demo.questions.ts';
import type { SeedReport } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('demo questions', () => {
  it('adds about 150 valid questions of every type (math, Hindi) once; a second run adds none', async () => {
    const db = t.app.deps.db;
    const report = { subjects: 0, chapters: 0, topics: 0 } as SeedReport;
    const added = await db.transaction(async (tx) =>
      seedQuestions(tx, await seedCurriculum(tx, report)),
    );
    expect(added).toBeGreaterThanOrEqual(140);
    const rows = await db
      .select({ type: questions.type, n: count() })
      .from(questions)
      .groupBy(questions.type);
    expect(rows.map((r) => r.type).sort()).toEqual([
      'fill_blank',
      'multiple_choice',
      'numeric',
      'single_choice',
      'subjective',
      'true_false',
    ]);
    const [hindi] = await db
      .select({ n: count() })
      .from(questions)
      .where(eq(questions.language, 'Hindi'));
    expect(hindi!.n).toBeGreaterThanOrEqual(5);
    const [filed] = await db
      .select({ n: count() })
      .from(questions)
      .where(isNotNull(questions.subjectId));
    expect(filed!.n).toBeGreaterThan(50);
    const [revs] = await db.select({ n: count() }).from(questionRevisions);
    expect(revs!.n).toBe(added);
    expect(
      await db.transaction(async (tx) => seedQuestions(tx, await seedCurriculum(tx, report))),
    ).toBe(0);
  });
});
