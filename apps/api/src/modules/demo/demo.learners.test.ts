import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  assessmentAttempts,
  contactMessages,
  contentViews,
  deviceBindings,
  feedback,
  learnerSessions,
  learners,
  qrCodes,
  qrScans,
  redemptions,
} from '../../db/schema/index.ts';
import { localStorage } from '../../lib/storage/local-storage.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { seedDemo } from './seed.ts';

let database: Database;
let dir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'bo-seed-learners-'));
});
afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('demo learners', () => {
  it('makes learners and months of activity of every kind, once', async () => {
    const storage = localStorage(dir);
    const t0 = performance.now();
    const r = await seedDemo({ db: database.db, storage }, { books: 5, learners: 200, months: 3 });
    expect(r.learners).toBe(200);
    const n = async (t: typeof learners) =>
      (await database.db.select({ n: count() }).from(t))[0]!.n;
    expect(await n(learners)).toBe(200);
    for (const table of [
      deviceBindings,
      learnerSessions,
      contentViews,
      redemptions,
      feedback,
      assessmentAttempts,
      contactMessages,
      qrCodes,
      qrScans,
    ]) {
      expect(await n(table as never), String(table)).toBeGreaterThan(0);
    }
    // Hindi comments among the feedback; both statuses among the messages.
    const hindi = await database.db.execute(
      sql`select count(*)::int as n from learner_feedback where comment ~ '[\u0900-\u097F]'`,
    );
    expect((hindi as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
    const statuses = await database.db
      .selectDistinct({ s: contactMessages.status })
      .from(contactMessages);
    expect(statuses.map((s) => s.s).sort()).toEqual(['new', 'resolved']);
    expect(performance.now() - t0).toBeLessThan(120_000);
    // A code is redeemed while its learner uses the app, never before nor in the future.
    const stray = await database.db.execute(
      sql`select count(*)::int as n from learner_redemptions r
          where r.at > now() or not exists (
            select 1 from learner_sessions s
            where s.learner_id = r.learner_id and r.at between s.started_at and s.ended_at)`,
    );
    expect((stray as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    // Every attempt answers its assessment's active questions, and its score is the marks it got.
    const attempts = await database.db.execute(
      sql`select count(*)::int as n,
            count(*) filter (where jsonb_array_length(a.answers) = (select count(*) from assessment_items i
              where i.assessment_id = a.assessment_id and i.kind = 'question' and i.active))::int as whole,
            count(*) filter (where a.score = (select coalesce(sum((e->>'marks')::numeric), 0)
              from jsonb_array_elements(a.answers) e))::int as scored
          from assessment_attempts a`,
    );
    const tally = (attempts as unknown as { rows: { n: number; whole: number; scored: number }[] })
      .rows[0]!;
    expect(tally.whole).toBe(tally.n);
    expect(tally.scored).toBe(tally.n);

    // Codes per TOC node, spare codes without content and video codes; scans only of codes with a target.
    const codes = await database.db.execute(
      sql`select count(*) filter (where target_kind = 'toc_node')::int as nodes,
            count(*) filter (where target_kind is null)::int as spare,
            count(*) filter (where target_kind = 'video')::int as videos,
            count(distinct code)::int as distinct_codes, count(*)::int as n,
            (select count(*)::int from qr_scans s join qr_codes c on c.id = s.code_id
              where c.target_kind is null or s.scanned_at > now()) as stray
          from qr_codes`,
    );
    const c = (codes as unknown as { rows: Record<string, number>[] }).rows[0]!;
    expect(c.nodes).toBeGreaterThan(0);
    expect(c.spare).toBe(10);
    expect(c.videos).toBeGreaterThan(0);
    expect(c.distinct_codes).toBe(c.n);
    expect(c.stray).toBe(0);
    expect(r.qrCodes).toBe(c.n);

    const again = await seedDemo(
      { db: database.db, storage },
      { books: 5, learners: 200, months: 3 },
    );
    expect(again.learners).toBe(0);
    expect(again.qrCodes).toBe(0);
    expect(await n(learners)).toBe(200);
  }, 180_000);
});
