import type { Audience, AudienceFilters } from '@bo/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachAudienceChunk, resolveAudience } from '../../lib/audience.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type AudienceWorld, audienceWorld } from './audiences.testing.ts';

let t: TestApp;
let token: string;
let w: AudienceWorld;

const count = (audience: unknown, as = token) =>
  t.as(as, { method: 'POST', url: '/api/mail/getusersbycategory', payload: { audience } });

/** The first names of the audience's learners (the sample holds them all here). */
async function who(audience: Audience) {
  const res = await count(audience);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.sample).toHaveLength(body.count);
  return (body.sample as { name: string }[]).map((s) => s.name.split(' ')[0]).sort();
}
const filter = (filters: AudienceFilters) => who({ kind: 'filter', filters });

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createAdmin({ role: 'super_admin' });
  token = (await t.signIn(admin.email)).accessToken;
  w = await audienceWorld(t, token);
}, 60_000);
afterAll(() => t?.close());

describe('an audience', () => {
  it('all learners, never the blocked one', async () => {
    expect(await who({ kind: 'all' })).toEqual(['asha', 'bilal', 'chitra']);
  });

  it('each criterion on its own', async () => {
    expect(await filter({ gradeIds: [w.grades[0]!] })).toEqual(['asha', 'chitra']);
    expect(await filter({ gradeIds: w.grades })).toEqual(['asha', 'bilal', 'chitra']);
    expect(await filter({ bookIds: [w.books[0]!] })).toEqual(['asha']);
    expect(await filter({ bookIds: w.books })).toEqual(['asha', 'bilal']);
    expect(await filter({ states: ['Maharashtra'] })).toEqual(['asha', 'chitra']);
    expect(await filter({ cities: ['Lucknow', 'Mumbai'] })).toEqual(['bilal', 'chitra']);
    // Whole days: chitra registered late on the 20th.
    expect(await filter({ registeredFrom: '2026-02-15' })).toEqual(['bilal', 'chitra']);
    expect(await filter({ registeredTo: '2026-03-20' })).toEqual(['asha', 'bilal', 'chitra']);
    expect(await filter({ registeredTo: '2026-03-19' })).toEqual(['asha', 'bilal']);
    expect(await filter({ activeWithinDays: 7 })).toEqual(['asha']);
    expect(await filter({ activeWithinDays: 60 })).toEqual(['asha', 'bilal']);
    // Never active counts as inactive.
    expect(await filter({ inactiveForDays: 30 })).toEqual(['bilal', 'chitra']);
    expect(await filter({ inactiveForDays: 1 })).toEqual(['asha', 'bilal', 'chitra']);
  });

  it('criteria combined: every one must hold', async () => {
    expect(await filter({ states: ['Maharashtra'], gradeIds: [w.grades[0]!] })).toEqual([
      'asha',
      'chitra',
    ]);
    expect(
      await filter({ gradeIds: [w.grades[0]!], bookIds: w.books, activeWithinDays: 7 }),
    ).toEqual(['asha']);
    expect(
      await filter({
        registeredFrom: '2026-01-01',
        registeredTo: '2026-02-28',
        inactiveForDays: 30,
        states: ['Uttar Pradesh'],
      }),
    ).toEqual(['bilal']);
    expect(await filter({ cities: ['Pune'], inactiveForDays: 30 })).toEqual([]);
  });

  it('a pasted list: ids, app ids and e-mails (any case); unknown entries reported', async () => {
    const entries = [
      String(w.asha.id),
      w.bilal.uid.toUpperCase(),
      w.chitra.email!.toUpperCase(),
      w.dev.email!,
      'nobody@example.test',
      '999999999',
    ];
    const res = await count({ kind: 'list', entries });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(3);
    expect(res.json().unknown).toEqual([w.dev.email, 'nobody@example.test', '999999999']);
  });

  it('a pasted entry of no known form is refused, named', async () => {
    const res = await count({ kind: 'list', entries: ['asha@example.test', 'not an address'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('"not an address"');
  });

  it('refuses bad shapes with 400 and words', async () => {
    expect((await count({ kind: 'some' })).statusCode).toBe(400);
    expect((await count({ kind: 'list', entries: [] })).statusCode).toBe(400);
    const backwards = await count({
      kind: 'filter',
      filters: { registeredFrom: '2026-03-01', registeredTo: '2026-02-01' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('must not be after');
  });

  it('is open to the mail, notifications and pop-ups modules only', async () => {
    for (const [modules, status] of [
      [['notifications'], 200],
      [['popups'], 200],
      [['mail'], 200],
      [['learners'], 403],
    ] as const) {
      const a = await t.createAdmin({ modules: [...modules] });
      const as = (await t.signIn(a.email)).accessToken;
      expect((await count({ kind: 'all' }, as)).statusCode, modules[0]).toBe(status);
    }
  });
});

describe('writing recipients in chunks', () => {
  it('writes each learner once, in chunks, and nothing again on a second run', async () => {
    const db = t.app.deps.db;
    await db.execute(sql`create table audience_chunk_probe (learner_id bigint primary key)`);
    const { audience } = await resolveAudience(db, { kind: 'all' });
    const chunks: number[] = [];
    const write = () =>
      forEachAudienceChunk(db, audience, t.clock(), 2, async (chunk) => {
        const r = await db.execute(sql`insert into audience_chunk_probe (learner_id)
          ${chunk} on conflict do nothing`);
        const n = (r as unknown as { rowCount?: number; affectedRows?: number }).rowCount;
        const written = n ?? (r as unknown as { affectedRows: number }).affectedRows;
        chunks.push(written);
        return written;
      });
    expect(await write()).toBe(3);
    expect(chunks).toEqual([2, 1]);
    expect(await write()).toBe(0);
    const rows = await db.execute(sql`select count(*)::int as n from audience_chunk_probe`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
  });
});
