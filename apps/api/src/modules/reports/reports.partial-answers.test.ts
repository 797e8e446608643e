import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { practice } from '../../test/write-samples/practices.ts';
import { ingest, makeAppKey } from '../learners/learners.testing.ts';
import { refreshReports } from './reports.aggregate.ts';

/**
 * An item with partial credit (a matching question worth 4) in the
 * assessment results: fully right, partly right (by the app's word or by
 * marks short of the item's), wrong with negative marks, and unanswered;
 * the shares and the average marks per answer, in the JSON and the CSV.
 * The migration that added these figures recomputes stored levels with the
 * same rule as the refresh (checked by running its statements here).
 */

let t: TestApp;
let token: string;
let practiceId: number;
let itemId: number;

const AT = '2026-03-04T10:00:00Z';
const answer = (marks: number, correct?: boolean | null, given: unknown = [0, 1]) => ({
  itemId,
  answer: given,
  marks,
  ...(correct === undefined ? {} : { correct }),
});

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createAdmin({ role: 'super_admin' });
  token = (await t.signIn(admin.email)).accessToken;
  const world = { t, token };
  practiceId = (await practice(world)).id;
  const added = await t.as(token, {
    method: 'POST',
    url: '/api/questions/addquestions',
    payload: {
      questions: [
        {
          type: 'matching',
          stem: '<p>Match each element to its symbol</p>',
          marks: 4,
          matching: {
            pairs: [
              { left: 'H', right: 'Hydrogen' },
              { left: 'O', right: 'Oxygen' },
            ],
            distractors: ['Helium'],
          },
        },
      ],
    },
  });
  expect(added.statusCode, added.body).toBe(200);
  const mapped = await t.as(token, {
    method: 'POST',
    url: '/api/toc/quiz/practicequestionmapping',
    payload: { id: practiceId, questionIds: [added.json().items[0].id] },
  });
  expect(mapped.statusCode, mapped.body).toBe(200);
  const [item] = (
    await t.app.deps.db.execute<{ id: number }>(
      sql`select id::int as id from assessment_items where assessment_id = ${practiceId}`,
    )
  ).rows;
  itemId = item!.id;
  const key = await makeAppKey(t, token);
  const attempts = [
    answer(4), // full marks, no word from the app: correct
    answer(2, false), // partly right by the app's word
    answer(1), // some marks, not all: partly right
    answer(-1), // negative marks: wrong
    answer(0, null, null), // not answered: not counted
  ];
  const events = attempts.flatMap((a, i) => {
    const learnerId = randomUUID();
    return [
      { id: randomUUID(), type: 'learner_registered', learnerId, at: AT, name: `Learner ${i}` },
      {
        id: randomUUID(),
        type: 'attempt_submitted',
        learnerId,
        at: AT,
        assessmentId: practiceId,
        score: a.marks,
        maxScore: 4,
        answers: [a],
        timeTakenSeconds: 60,
      },
    ];
  });
  const res = await ingest(t, key, events);
  expect(res.json().rejected, res.body).toEqual([]);
  await refreshReports(t.app.deps.db);
}, 120_000);
afterAll(() => t?.close());

const results = async (format = 'json') => {
  const res = await t.as(token, {
    method: 'GET',
    url: `/api/reports/assessmentresults?from=2026-03-01&to=2026-03-10&assessmentId=${practiceId}&format=${format}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

const EXPECTED = {
  answered: 4,
  correctShare: 0.25,
  partlyRightShare: 0.5,
  averageMarks: 1.5,
  marks: 4,
};

describe('assessment results: partly right answers', () => {
  it('counts full, partial and wrong answers apart, with the average marks per answer', async () => {
    const body = (await results()).json();
    expect(body.attempts.value).toBe(5);
    expect(body.questions).toEqual([expect.objectContaining({ itemId, ...EXPECTED })]);
  });

  it('the CSV carries the same figures', async () => {
    const csv = (await results('csv')).body;
    expect(csv).toMatch(/Share correct,Share partly right,Average marks,Marks/);
    expect(csv).toMatch(/,4,0\.25,0\.5,1\.5,4/);
  });

  it("the migration's recompute of stored levels gives the refresh's figures", async () => {
    const file = new URL('../../../drizzle/0043_report_levels_partial.sql', import.meta.url);
    const statements = readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .filter((s) => !/ADD COLUMN/.test(s));
    expect(statements).toHaveLength(2);
    await t.app.deps.db.execute(sql`update report_assessment_levels set partial = 0, marks = 0`);
    for (const s of statements) await t.app.deps.db.execute(sql.raw(s));
    const body = (await results()).json();
    expect(body.questions).toEqual([expect.objectContaining({ itemId, ...EXPECTED })]);
  });
});
