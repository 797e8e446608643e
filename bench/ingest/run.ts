// The learner app's ingest (POST /api/ingest/events) at its batch size, one
// JSON: BENCH_LEARNERS learners (2,000) registered first, then BENCH_BATCHES
// (30) batches of 1,000 mixed events (sessions started and ended, content
// views, redemptions, feedback, attempts, device bindings, contact
// messages, a few profile updates), each sent through app.inject with a
// learner-app key, as the app sends them: parsing, per-event checks and the
// bulk writes all count. Then one batch sent again (all duplicates).
// In-memory PGlite by default; with DATABASE_URL, a fresh database there.
// Target: 5,000 events/s on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { LEARNER_APP_KEY_HEADER } from '@bo/contract';
import { sql } from 'drizzle-orm';
import { openBench, seconds } from '../books/setup.ts';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 2000);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 30);
const BATCH = 1000;

const bench = await openBench();
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

try {
  const { key } = (
    await bench.inject({
      method: 'POST',
      url: '/api/learnerapp/createkey',
      payload: { name: 'Bench' },
    })
  ).json() as { key: string };
  const send = async (events: object[]) => {
    const res = await bench.app.inject({
      method: 'POST',
      url: '/api/ingest/events',
      headers: { [LEARNER_APP_KEY_HEADER]: key },
      payload: { events },
    });
    if (res.statusCode !== 200) throw new Error(`ingest: ${res.statusCode} ${res.body}`);
    return res.json() as { accepted: number; duplicates: number; rejected: unknown[] };
  };
  const bookIds = rows<{ id: string }>(
    await bench.db.execute(sql`insert into books (isbn, title, language, status)
      select '97800000' || lpad(g::text, 5, '0'), 'Bench book ' || g, 'English', 'active'
      from generate_series(1, 20) g returning id`),
  ).map((r) => Number(r.id));
  const [assessment] = rows<{ id: string }>(
    await bench.db.execute(sql`insert into assessments (kind, name, status, book_id)
      values ('practice', 'Bench practice', 'active', ${bookIds[0]}) returning id`),
  );
  const at = () => new Date(Date.now() - Math.floor(Math.random() * 30 * 86_400_000)).toISOString();
  const learners = Array.from({ length: LEARNERS }, () => randomUUID());
  for (let i = 0; i < LEARNERS; i += BATCH) {
    await send(
      learners.slice(i, i + BATCH).map((learnerId, j) => ({
        id: randomUUID(),
        type: 'learner_registered',
        at: at(),
        learnerId,
        name: `Bench learner ${i + j}`,
        email: `learner${i + j}@example.test`,
        city: 'Pune',
        state: 'Maharashtra',
      })),
    );
  }
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const open: { sessionId: string; learnerId: string }[] = [];
  /** One event of the app's usual mix: mostly views and sessions. */
  const oneEvent = (): object => {
    const learnerId = pick(learners);
    const base = { id: randomUUID(), at: at(), learnerId };
    const r = Math.random();
    if (r < 0.45)
      return {
        ...base,
        type: 'content_view',
        bookId: pick(bookIds),
        contentKind: 'pdf',
        contentId: 1 + Math.floor(Math.random() * 500),
        seconds: Math.floor(Math.random() * 900),
      };
    if (r < 0.6) {
      const sessionId = randomUUID();
      open.push({ sessionId, learnerId });
      return { ...base, type: 'session_started', sessionId, platform: 'android' };
    }
    if (r < 0.72 && open.length) {
      const s = open.shift()!;
      return { ...base, learnerId: s.learnerId, type: 'session_ended', sessionId: s.sessionId };
    }
    if (r < 0.8)
      return {
        ...base,
        type: 'redemption',
        bookId: pick(bookIds),
        code: `C-${base.id.slice(0, 8)}`,
      };
    if (r < 0.88)
      return {
        ...base,
        type: 'feedback',
        bookId: pick(bookIds),
        rating: 1 + Math.floor(Math.random() * 5),
        comment: 'Useful chapter',
      };
    if (r < 0.95)
      return {
        ...base,
        type: 'attempt_submitted',
        assessmentId: Number(assessment!.id),
        score: 7,
        maxScore: 10,
        answers: Array.from({ length: 10 }, (_, k) => ({
          itemId: k + 1,
          answer: 'A',
          marks: k % 3 ? 1 : 0,
        })),
        timeTakenSeconds: 300,
      };
    if (r < 0.97)
      return { ...base, type: 'device_bound', deviceId: randomUUID(), platform: 'android' };
    if (r < 0.99) return { ...base, type: 'learner_updated', city: 'Nashik' };
    return {
      ...base,
      type: 'contact_message',
      name: 'Bench',
      subject: 'Question',
      message: 'Hello',
    };
  };
  const batches = Array.from({ length: BATCHES + 2 }, () =>
    Array.from({ length: BATCH }, oneEvent),
  );
  // Two warm-up batches, untimed.
  await send(batches[0]!);
  await send(batches[1]!);
  const ms: number[] = [];
  let accepted = 0;
  let rejected = 0;
  const start = performance.now();
  for (const batch of batches.slice(2)) {
    const t0 = performance.now();
    const out = await send(batch);
    ms.push(performance.now() - t0);
    accepted += out.accepted + out.duplicates;
    rejected += out.rejected.length;
  }
  const total = seconds(start);
  const t0 = performance.now();
  const resent = await send(batches[2]!);
  const resentMs = performance.now() - t0;
  ms.sort((a, b) => a - b);
  const q = (p: number) =>
    Number(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(1));
  console.log(
    JSON.stringify(
      {
        bench: 'ingest',
        database: bench.kind,
        learners: LEARNERS,
        batches: BATCHES,
        batchSize: BATCH,
        target: '≥ 5000 events/s on PostgreSQL',
        eventsPerSecond: Math.round((BATCHES * BATCH) / total),
        batchMs: { p50: q(0.5), p95: q(0.95), max: q(1) },
        accepted,
        /** Device bindings past the limit (one device per learner by default). */
        rejected,
        resentBatch: { ms: Number(resentMs.toFixed(1)), duplicates: resent.duplicates },
      },
      null,
      2,
    ),
  );
} finally {
  await bench.close();
}
