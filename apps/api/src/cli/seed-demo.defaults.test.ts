import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { PACKAGE_ROOT } from '../lib/package-root.ts';
import { localStorage } from '../lib/storage/local-storage.ts';
import { DEMO_DEFAULTS, seedDemo } from '../modules/demo/seed.ts';
import { openTestDatabase } from '../test/test-database.ts';

/**
 * `npm run seed:demo` with its defaults, as the README tells a newcomer to
 * run it: what it makes is what the README says, a second run adds nothing
 * (it once added 73 codes), the learners' activity starts after they
 * registered, and the diagnostic test's sections hold their own chapter's
 * questions.
 */

let database: Database;
let dir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'bo-seed-defaults-'));
});
afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const one = async (query: ReturnType<typeof sql>) =>
  Number(Object.values((await rows<Record<string, unknown>>(query))[0]!)[0]);

const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, six: 6, twelve: 12 };
const number = (s: string) => (/^\d+$/.test(s) ? Number(s) : WORDS[s]);

/** The README's paragraph on the demo data, with each count it states. */
function readmeCounts() {
  const readme = readFileSync(path.resolve(PACKAGE_ROOT, '../../README.md'), 'utf8');
  const start = readme.indexOf('To see a working product');
  const text = readme.slice(start, readme.indexOf('npm run seed:demo', start)).replace(/\s+/g, ' ');
  const grab = (re: RegExp) => {
    const m = re.exec(text);
    if (!m) throw new Error(`The README no longer says ${re}: ${text}`);
    return m.slice(1).map((v) => number(v!));
  };
  const [books] = grab(/(\d+) books with TOCs/);
  const [media] = grab(/(\d+) media items/);
  const [questions] = grab(/(\d+) questions/);
  const [codedBooks, codedVideos] = grab(/printed QR codes for (\w+) books and (\w+) videos/);
  const [learners, months] = grab(/(\d+) learners with (\w+) months/);
  expect(text).toContain('a practice, a mock test, a diagnostic test and a video quiz');
  return { books, media, questions, codedBooks, codedVideos, learners, months };
}

describe('seed:demo with its defaults', () => {
  it('makes what the README says; a second run adds nothing; activity after registration; diagnostic questions in their chapter', async () => {
    const readme = readmeCounts();
    expect(readme).toMatchObject({
      books: DEMO_DEFAULTS.books,
      learners: DEMO_DEFAULTS.learners,
      months: DEMO_DEFAULTS.months,
    });
    const storage = localStorage(dir);
    const first = await seedDemo({ db: database.db, storage });
    expect(first).toMatchObject({
      books: readme.books,
      media: readme.media,
      learners: readme.learners,
    });
    expect(await one(sql`select count(*) from questions`)).toBe(readme.questions);
    expect(
      await rows<{ kind: string; n: number }>(
        sql`select kind, count(*)::int as n from assessments group by kind order by kind`,
      ),
    ).toEqual(
      ['diagnostic', 'mock_test', 'practice', 'video_quiz'].map((kind) => ({ kind, n: 1 })),
    );
    expect(await one(sql`select count(distinct book_id) from qr_codes`)).toBe(readme.codedBooks);
    expect(await one(sql`select count(*) from qr_codes where video_id is not null`)).toBe(
      readme.codedVideos,
    );
    expect(
      await one(sql`select count(*) from books b where exists
      (select 1 from toc_nodes n where n.book_id = b.id)`),
    ).toBe(readme.books);
    // Registrations spread over the months the README names.
    const span = await one(
      sql`select extract(epoch from now() - min(registered_at)) / 86400 from learners`,
    );
    expect(Math.round(span / 30)).toBe(readme.months);

    // Run again (as "safe to rerun" invites): nothing more, codes included.
    const codes = await one(sql`select count(*) from qr_codes`);
    const second = await seedDemo({ db: database.db, storage });
    expect(second).toEqual(Object.fromEntries(Object.keys(first).map((k) => [k, 0])));
    expect(await one(sql`select count(*) from qr_codes`)).toBe(codes);

    // No learner did anything before registering, nor does anything in the future.
    const activity = {
      sessions: sql`select learner_id, started_at as at from learner_sessions
        union all select learner_id, ended_at from learner_sessions`,
      views: sql`select learner_id, at from learner_content_views`,
      redemptions: sql`select learner_id, at from learner_redemptions`,
      feedback: sql`select learner_id, at from learner_feedback`,
      attempts: sql`select learner_id, submitted_at from assessment_attempts`,
      contact: sql`select learner_id, received_at from contact_messages`,
      devices: sql`select learner_id, bound_at from learner_devices
        union all select learner_id, reset_at from learner_devices where reset_at is not null`,
      lastActive: sql`select id, last_active_at from learners`,
    };
    for (const [what, events] of Object.entries(activity)) {
      const n = await one(sql`select count(*) from (${events}) e (learner_id, at)
        join learners l on l.id = e.learner_id where e.at < l.registered_at or e.at > now()`);
      expect(n, `${what} before registration or in the future`).toBe(0);
      expect(await one(sql`select count(*) from (${events}) e`), what).toBeGreaterThan(0);
    }

    // Each diagnostic section is a chapter's, and holds only that chapter's questions.
    const sections = await rows<{ chapter: number; questions: number; own: number }>(
      sql`select s.chapter_id::int as chapter, count(i.id)::int as questions,
            count(i.id) filter (where q.chapter_id = s.chapter_id)::int as own
          from assessment_sections s join assessments a on a.id = s.assessment_id
          left join assessment_items i on i.section_id = s.id and i.kind = 'question'
          left join questions q on q.id = i.question_id
          where a.kind = 'diagnostic' group by s.id`,
    );
    expect(sections.length).toBeGreaterThanOrEqual(2);
    for (const s of sections) {
      expect(s.questions).toBeGreaterThan(0);
      expect(s.own, `section of chapter ${s.chapter}`).toBe(s.questions);
    }
  }, 400_000);
});
