import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learners } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { event, ingest, makeAppKey, registered } from './learners.testing.ts';

/**
 * Batches sent at the same time about the same learners (the app's backend
 * flushing several queues at once). Each batch touches every learner's row
 * (last activity, profile, registration) in its own random order: on
 * PostgreSQL that deadlocked a third of them before the learners' rows were
 * taken in one fixed order.
 */

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createAdmin({ role: 'super_admin' });
  key = await makeAppKey(t, (await t.signIn(admin.email)).accessToken);
}, 60_000);
afterAll(() => t?.close());

const shuffled = <T>(list: T[]) =>
  list
    .map((v) => ({ v, k: Math.random() }))
    .sort((a, b) => a.k - b.k)
    .map(({ v }) => v);

describe('concurrent batches about the same learners', () => {
  it('60 batches about the same 50 learners at once: none fails, every event is kept once', async () => {
    const known = Array.from({ length: 50 }, () => registered());
    const first = await ingest(t, key, known);
    expect(first.json()).toMatchObject({ accepted: 50, rejected: [] });
    // Ten learners that every batch registers, in its own order.
    const fresh = Array.from({ length: 10 }, () => registered());
    // After the registrations (older profile changes are ignored), within the future slack.
    const base = Date.now() + 1_000;
    const batches = Array.from({ length: 60 }, (_, b) => {
      const at = (i: number) => new Date(base + b * 100 + i).toISOString();
      return shuffled([
        ...known.flatMap((l, i) => [
          event('session_started', l.learnerId, {
            at: at(i),
            sessionId: randomUUID(),
            platform: 'android',
          }),
          event('learner_updated', l.learnerId, { at: at(i), city: `City ${b}` }),
        ]),
        ...fresh.map((l) => ({ ...l, id: randomUUID() })),
      ]);
    });
    const answers = await Promise.all(batches.map((events) => ingest(t, key, events)));
    const failed = answers.filter((r) => r.statusCode !== 200).map((r) => r.body.slice(0, 200));
    expect(failed).toEqual([]);
    for (const r of answers) expect(r.json().rejected).toEqual([]);
    // Each fresh learner registered once; the other 59 registrations are duplicates.
    const duplicates = answers.reduce((n, r) => n + r.json().duplicates, 0);
    expect(duplicates).toBe(10 * 59);
    const rows = await t.app.deps.db
      .select({ city: learners.city, lastActiveAt: learners.lastActiveAt })
      .from(learners)
      .where(
        inArray(
          learners.uid,
          known.map((l) => l.learnerId),
        ),
      );
    // The newest batch's profile and activity won for every learner.
    expect(new Set(rows.map((r) => r.city))).toEqual(new Set(['City 59']));
    for (const r of rows) expect(r.lastActiveAt!.getTime()).toBeGreaterThanOrEqual(base + 59 * 100);
  }, 120_000);
});
