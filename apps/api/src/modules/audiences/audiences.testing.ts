import { randomUUID } from 'node:crypto';
import { grades, learners, redemptions } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';
import { book } from '../../test/write-samples/books.ts';

const DAY = 86_400_000;

/**
 * Four learners written straight into the tables (what ingest would make),
 * one per shape an audience tells apart, relative to the test clock:
 * - asha: first grade, Maharashtra/Pune, registered 2026-01-10, active 2 days ago, redeemed book one
 * - bilal: second grade, Uttar Pradesh/Lucknow, registered 2026-02-15, active 40 days ago, redeemed book two
 * - chitra: first grade, Maharashtra/Mumbai, registered 2026-03-20, never active
 * - dev: blocked (never in an audience), first grade, Pune, redeemed book one
 */
export async function audienceWorld(t: TestApp, token: string) {
  const db = t.app.deps.db;
  const [g1, g2] = await db.select().from(grades).orderBy(grades.position).limit(2);
  const w = { t, token };
  const [bookOne, bookTwo] = [(await book(w)).id, (await book(w)).id];
  const now = t.clock().getTime();
  const tag = randomUUID().slice(0, 6);
  const person = (
    name: string,
    extra: Partial<typeof learners.$inferInsert>,
  ): typeof learners.$inferInsert => ({
    uid: randomUUID(),
    name: `${name} ${tag}`,
    email: `${name}.${tag}@example.test`,
    profileAt: new Date(now),
    registeredAt: new Date(now),
    ...extra,
  });
  const rows = await db
    .insert(learners)
    .values([
      person('asha', {
        gradeId: g1!.id,
        state: 'Maharashtra',
        city: 'Pune',
        registeredAt: new Date('2026-01-10T10:00:00Z'),
        lastActiveAt: new Date(now - 2 * DAY),
      }),
      person('bilal', {
        gradeId: g2!.id,
        state: 'Uttar Pradesh',
        city: 'Lucknow',
        registeredAt: new Date('2026-02-15T10:00:00Z'),
        lastActiveAt: new Date(now - 40 * DAY),
      }),
      person('chitra', {
        gradeId: g1!.id,
        state: 'Maharashtra',
        city: 'Mumbai',
        registeredAt: new Date('2026-03-20T23:30:00Z'),
      }),
      person('dev', { gradeId: g1!.id, state: 'Maharashtra', city: 'Pune', status: 'blocked' }),
    ])
    .returning();
  const [asha, bilal, chitra, dev] = rows as [
    (typeof rows)[0],
    (typeof rows)[0],
    (typeof rows)[0],
    (typeof rows)[0],
  ];
  const redeem = (learnerId: number, bookId: number) => ({
    eventId: randomUUID(),
    learnerId,
    bookId,
    code: randomUUID().slice(0, 8),
    at: new Date(now - DAY),
  });
  await db
    .insert(redemptions)
    .values([redeem(asha.id, bookOne), redeem(bilal.id, bookTwo), redeem(dev.id, bookOne)]);
  return { asha, bilal, chitra, dev, grades: [g1!.id, g2!.id], books: [bookOne, bookTwo], tag };
}
export type AudienceWorld = Awaited<ReturnType<typeof audienceWorld>>;
