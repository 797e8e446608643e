import { randomUUID } from 'node:crypto';
import type { IngestEventInput } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { book } from '../../test/write-samples/books.ts';
import { practice } from '../../test/write-samples/practices.ts';
import { ingest, makeAppKey } from '../learners/learners.testing.ts';
import { refreshReports } from './reports.aggregate.ts';

/**
 * A report test's world: two books, a practice, and varied learner activity
 * sent through the real ingest route, with the same activity kept here as
 * plain records so the tests count it themselves.
 */

export const RANGE = { from: '2026-03-01', to: '2026-03-10' };
export const PREVIOUS = { from: '2026-02-19', to: '2026-02-28' };
const FIRST_MS = Date.parse('2026-02-15T00:00:00Z');
const SPAN_MS = Date.parse('2026-03-11T00:00:00Z') - FIRST_MS;

export interface Activity {
  learners: { uid: string; id?: number; city: string; at: string }[];
  sessions: {
    uid: string;
    learner: string;
    platform: string;
    at: string;
    seconds: number | null;
  }[];
  redemptions: { learner: string; bookId: number; at: string }[];
  views: { learner: string; bookId: number; at: string; seconds: number }[];
  feedback: { learner: string; bookId: number | null; at: string; rating: number }[];
  attempts: {
    learner: string;
    at: string;
    pct: number;
    correct: Record<number, boolean>;
    answered: Record<number, boolean>;
  }[];
}

export interface ReportWorld {
  t: TestApp;
  token: string;
  books: number[];
  practiceId: number;
  practiceBookId: number | null;
  activity: Activity;
  get(url: string): Promise<LightMyRequestResponse>;
}

/** A small deterministic generator: the same activity on every run. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

export function useReportWorld(): ReportWorld {
  const w = { activity: {} } as ReportWorld;
  beforeAll(async () => {
    w.t = await createTestApp();
    const admin = await w.t.createAdmin({ role: 'super_admin' });
    w.token = (await w.t.signIn(admin.email)).accessToken;
    w.get = (url) => w.t.as(w.token, { method: 'GET', url: `/api${url}` });
    const world = { t: w.t, token: w.token };
    w.books = [(await book(world)).id as number, (await book(world)).id as number];
    w.practiceId = (await practice(world)).id;
    const [owner] = (
      await w.t.app.deps.db.execute<{ bookId: number | null }>(
        sql`select book_id::int as "bookId" from assessments where id = ${w.practiceId}`,
      )
    ).rows;
    w.practiceBookId = owner?.bookId ?? null;
    const key = await makeAppKey(w.t, w.token);
    const { events, activity } = makeActivity(w.books, w.practiceId);
    w.activity = activity;
    for (let i = 0; i < events.length; i += 1000) {
      const res = await ingest(w.t, key, events.slice(i, i + 1000));
      expect(res.json().rejected, res.body).toEqual([]);
    }
    // The reports read the aggregates: the refresh the job runs recomputes the marked days.
    await refreshReports(w.t.app.deps.db);
    const ids = (
      await w.t.app.deps.db.execute<{ id: number; uid: string }>(
        // The back-office ids of the learners, for the rows the reports list.
        sql`select id::int as id, uid::text as uid from learners`,
      )
    ).rows;
    const byUid = new Map(ids.map((r) => [r.uid, r.id]));
    for (const l of activity.learners) l.id = byUid.get(l.uid);
  }, 120_000);
  afterAll(() => w.t?.close());
  return w;
}

function makeActivity(books: number[], practiceId: number) {
  const rnd = seeded(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
  const instant = (after = FIRST_MS) =>
    new Date(after + Math.floor(rnd() * (FIRST_MS + SPAN_MS - after))).toISOString();
  const events: IngestEventInput[] = [];
  const activity: Activity = {
    learners: [],
    sessions: [],
    redemptions: [],
    views: [],
    feedback: [],
    attempts: [],
  };
  const base = (type: string, learner: string, at: string, extra: object) =>
    events.push({ id: randomUUID(), type, learnerId: learner, at, ...extra } as IngestEventInput);
  for (let i = 0; i < 14; i++) {
    const uid = randomUUID();
    const city = pick(['Pune', 'Delhi']);
    const at = instant();
    base('learner_registered', uid, at, { name: `Learner ${i}`, city, state: 'S' });
    activity.learners.push({ uid, city, at });
    const later = () => instant(Date.parse(at));
    for (let s = 0; s < 3; s++) {
      const sessionId = randomUUID();
      const start = later();
      const platform = pick(['android', 'ios', 'web'] as const);
      base('session_started', uid, start, { sessionId, platform });
      const seconds = s === 2 ? null : Math.floor(rnd() * 4000) + 5;
      if (seconds !== null) {
        const end = new Date(Date.parse(start) + seconds * 1000).toISOString();
        base('session_ended', uid, end, { sessionId });
      }
      activity.sessions.push({ uid: sessionId, learner: uid, platform, at: start, seconds });
    }
    for (let r = 0; r < 2; r++) {
      const bookId = pick(books);
      const at2 = later();
      base('redemption', uid, at2, { bookId, code: `CODE-${i}-${r}` });
      activity.redemptions.push({ learner: uid, bookId, at: at2 });
    }
    for (let v = 0; v < 3; v++) {
      const bookId = pick(books);
      const at2 = later();
      const seconds = Math.floor(rnd() * 600);
      base('content_view', uid, at2, { bookId, contentKind: 'video', contentId: 1, seconds });
      activity.views.push({ learner: uid, bookId, at: at2, seconds });
    }
    const rating = 1 + Math.floor(rnd() * 5);
    const fbBook = rnd() < 0.3 ? null : pick(books);
    const at3 = later();
    base('feedback', uid, at3, { bookId: fbBook, rating, comment: `Said "${i}", fine` });
    activity.feedback.push({ learner: uid, bookId: fbBook, at: at3, rating });
    // Item 103 is left unanswered one time in five (answer null): not counted as answered.
    const skipped = rnd() < 0.2;
    const correct = { 101: rnd() < 0.7, 102: rnd() < 0.5, 103: !skipped && rnd() < 0.3 };
    const answered = { 101: true, 102: true, 103: !skipped };
    const score = Object.values(correct).filter(Boolean).length;
    const at4 = later();
    base('attempt_submitted', uid, at4, {
      assessmentId: practiceId,
      score,
      maxScore: 3,
      answers: Object.entries(correct).map(([item, ok]) => ({
        itemId: Number(item),
        answer: skipped && item === '103' ? null : 'A',
        marks: ok ? 1 : 0,
        correct: skipped && item === '103' ? null : ok,
      })),
      timeTakenSeconds: 60,
    });
    activity.attempts.push({ learner: uid, at: at4, pct: score / 3, correct, answered });
  }
  // Sorted by time, so a session's end never comes before its start.
  events.sort((a, b) => a.at.localeCompare(b.at));
  return { events, activity };
}

const end = (to: string) => new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString();
/** `at` within the range (days included). */
export const inRange = (at: string, r: { from: string; to: string }) =>
  at >= `${r.from}T00:00:00.000Z` && at < end(r.to);
export const dayOf = (at: string) => at.slice(0, 10);

export function countBy<T>(list: T[], key: (x: T) => string | number) {
  const m = new Map<string | number, number>();
  for (const x of list) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return m;
}
