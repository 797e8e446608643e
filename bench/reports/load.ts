// The bench's history, written in SQL (generate_series) on a fresh database:
// books, learners and EVENTS activity rows spread over DAYS days up to now,
// in the mix of a busy learner app. Learner ids of a fresh database run 1..N.
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';

export interface Sizes {
  learners: number;
  events: number;
  books: number;
  days: number;
}

/** Shares of the events by kind. */
export const MIX = {
  sessions: 0.3,
  views: 0.35,
  redemptions: 0.1,
  scans: 0.15,
  feedback: 0.05,
  attempts: 0.05,
} as const;

export async function loadHistory(db: Db, s: Sizes, log: (m: string) => void) {
  const n = (share: number) => Math.round(s.events * share);
  const when = sql.raw(`now() - random() * interval '${s.days} days'`);
  const learner = sql.raw(`1 + (random() * ${s.learners - 1})::int8`);
  const book = sql.raw(`1 + (random() * ${s.books - 1})::int8`);
  const step = async (what: string, q: ReturnType<typeof sql>) => {
    const t0 = performance.now();
    await db.execute(q);
    log(`${what}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  await step(
    'books',
    sql`insert into books (isbn, title, language, status)
    select '979' || lpad(g::text, 10, '0'), 'Report bench book ' || g, 'English', 'active'
    from generate_series(1, ${s.books}) g`,
  );
  await step(
    'learners',
    sql`insert into learners (uid, name, email, city, state, status, registered_at, profile_at)
    select gen_random_uuid(), 'Learner ' || g, 'learner' || g || '@example.test',
      (array['Pune', 'Delhi', 'Lucknow', 'Chennai'])[1 + g % 4], 'State ' || (g % 20),
      'active', t, t
    from (select g, now() - random() * interval '${sql.raw(String(s.days))} days' as t
      from generate_series(1, ${s.learners}) g) x`,
  );
  await step(
    'assessment, QR codes',
    sql`
    with a as (insert into assessments (kind, name, status, book_id) values ('practice', 'Bench practice', 'active', 1)),
    b as (insert into qr_batches (book_id, kind, count) values (1, 'nodes', 0) returning id)
    insert into qr_codes (code, batch_id, book_id, target_kind)
    select 'RB' || lpad(g::text, 8, '0'), (select id from b), 1 + g % ${s.books}, 'book'
    from generate_series(0, ${s.books * 10 - 1}) g`,
  );
  await step(
    'sessions',
    sql`insert into learner_sessions (event_id, session_uid, learner_id, platform, started_at, ended_at)
    select gen_random_uuid(), gen_random_uuid(), ${learner}, (array['android', 'ios', 'web'])[1 + g % 3], t,
      case when g % 10 = 0 then null else t + random() * interval '1 hour' end
    from (select g, ${when} as t from generate_series(1, ${n(MIX.sessions)}) g) x`,
  );
  await step(
    'content views',
    sql`insert into learner_content_views (event_id, learner_id, book_id, content_kind, content_id, seconds, at)
    select gen_random_uuid(), ${learner}, ${book}, 'pdf', 1 + g % 500, (random() * 900)::int, ${when}
    from generate_series(1, ${n(MIX.views)}) g`,
  );
  await step(
    'redemptions',
    sql`insert into learner_redemptions (event_id, learner_id, book_id, code, at)
    select gen_random_uuid(), ${learner}, ${book}, 'C' || g, ${when}
    from generate_series(1, ${n(MIX.redemptions)}) g`,
  );
  await step(
    'scans',
    sql`insert into qr_scans (code_id, scanned_at, ip_hash)
    select 1 + (random() * ${s.books * 10 - 1})::int8, ${when}, 'h' || (g % 1000)
    from generate_series(1, ${n(MIX.scans)}) g`,
  );
  await step(
    'feedback',
    sql`insert into learner_feedback (event_id, learner_id, book_id, rating, comment, at)
    select gen_random_uuid(), ${learner}, ${book}, 1 + g % 5, 'Fine', ${when}
    from generate_series(1, ${n(MIX.feedback)}) g`,
  );
  await step(
    'attempts',
    sql`insert into assessment_attempts
      (event_id, assessment_id, learner_id, book_id, score, max_score, answers, time_taken_seconds, submitted_at)
    select gen_random_uuid(), 1, ${learner}, 1, g % 11, 10,
      jsonb_build_array(jsonb_build_object('itemId', 1, 'answer', 'A', 'marks', g % 2, 'correct', g % 2 = 0)),
      300, ${when}
    from generate_series(1, ${n(MIX.attempts)}) g`,
  );
  await step('vacuum analyze', sql`vacuum analyze`);
}
