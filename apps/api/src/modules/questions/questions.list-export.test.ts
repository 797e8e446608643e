import type { Question } from '@bo/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions } from '../../db/schema/index.ts';
import { estimatedCount } from '../../lib/list.ts';
import { choice, insertQuestion } from './questions.fixture.testing.ts';
import { type ListWorld, listWorld } from './questions.list.fixture.testing.ts';
import { questionsMatching } from './questions.matching.ts';

/**
 * What shares the list's filters and counting: the export's batches
 * (questionsMatching), the tags route, and estimatedCount's time budget,
 * over the seven questions of listWorld.
 */

let w: ListWorld;
beforeAll(async () => {
  w = await listWorld();
});
afterAll(() => w?.t.close());

describe('questionsMatching (the export)', () => {
  const collect = async (f: Parameters<typeof questionsMatching>[1], batch: number) => {
    const batches: Question[][] = [];
    for await (const b of questionsMatching(w.t.app.deps.db, f, batch)) batches.push(b);
    return batches;
  };

  it('yields whole questions in the list order, in batches', async () => {
    const batches = await collect({ order: 'asc' }, 3);
    expect(batches.map((b) => b.length)).toEqual([3, 3, 1]);
    expect(w.keysOf({ items: batches.flat() })).toEqual(['G', 'F', 'E', 'D', 'C', 'B', 'A']);
    const a = batches.flat().find((q) => q.id === w.ids.A)!;
    expect(a).toMatchObject({
      options: [
        { id: 'A', html: 'Yes', correct: true },
        { id: 'B', html: 'No', correct: false },
      ],
      explanation: '<p>Light and \\(CO_2\\) make sugar</p>',
      topicId: w.cur.t1,
      topicName: 'Photosynthesis',
      revision: 1,
      createdAt: '2026-01-10T09:00:00.000Z',
      createdByName: expect.any(String),
    });
  });

  it('follows the filters and any sort, ties broken by id', async () => {
    const science = await collect({ order: 'asc', subjectId: w.cur.s1, q: 'photo' }, 2);
    expect(w.keysOf({ items: science.flat() })).toEqual(['A']);
    const byMarks = await collect({ sort: 'marks', order: 'asc' }, 2);
    expect(w.keysOf({ items: byMarks.flat() })).toEqual(['B', 'C', 'F', 'A', 'G', 'D', 'E']);
    const byType = await collect({ sort: 'type', order: 'desc' }, 1);
    expect(w.keysOf({ items: byType.flat() })).toEqual(['C', 'E', 'B', 'A', 'D', 'G', 'F']);
  });
});

describe('tags', () => {
  const tags = async (qs = '') => {
    const res = await w.get(w.token, `/questions/tags?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as { tag: string; count: number }[];
  };

  it('lists tags in use, most used first, by prefix', async () => {
    expect(await tags()).toEqual([
      { tag: 'biology', count: 2 },
      { tag: 'plants', count: 2 },
      { tag: 'algebra', count: 1 },
      { tag: 'geography', count: 1 },
      { tag: 'hindi', count: 1 },
    ]);
    expect(await tags('q=B')).toEqual([{ tag: 'biology', count: 2 }]);
    expect(await tags('limit=2')).toHaveLength(2);
    expect(await tags('q=%25')).toEqual([]);
    expect((await w.get(w.token, '/questions/tags?limit=500')).statusCode).toBe(400);
  });

  it('follows every insert, edit and delete of questions', async () => {
    const db = w.t.app.deps.db;
    const id = await insertQuestion(db, choice('<p>Temporary</p>', { tags: ['temp', 'biology'] }));
    expect(await tags('q=bio')).toEqual([{ tag: 'biology', count: 3 }]);
    await db
      .update(questions)
      .set({ tags: ['temp2'] })
      .where(eq(questions.id, id));
    expect(await tags('q=temp')).toEqual([{ tag: 'temp2', count: 1 }]);
    expect(await tags('q=bio')).toEqual([{ tag: 'biology', count: 2 }]);
    await db.delete(questions).where(eq(questions.id, id));
    expect(await tags('q=temp')).toEqual([]);
  });
});

describe('keyset batches keep microseconds', () => {
  it('walks questions updated within the same millisecond without losing any', async () => {
    const db = w.t.app.deps.db;
    const micro: number[] = [];
    for (const n of [1, 2, 3]) {
      const id = await insertQuestion(db, choice(`<p>Micro ${n}</p>`, { tags: ['micro'] }));
      await db.execute(
        sql`update questions set updated_at = ${`2027-01-01 00:00:00.00000${n}+00`}::timestamptz where id = ${id}`,
      );
      micro.push(id);
    }
    const batches: number[][] = [];
    for await (const b of questionsMatching(db, { order: 'asc', tag: 'micro' }, 1))
      batches.push(b.map((q) => q.id));
    expect(batches).toEqual([[micro[2]], [micro[1]], [micro[0]]]);
  });
});

describe('estimatedCount (lib/list.ts)', () => {
  it('answers the estimate when the exact count overruns its time budget (PostgreSQL)', async () => {
    const db = w.t.app.deps.db;
    // One row the planner knows is one, that takes 300 ms to produce.
    const slow = sql`select 1 as one from pg_sleep(0.3)`;
    const [count] = await estimatedCount(db, slow, 1000, 50);
    // PGlite has no timer to cancel a statement: it counts.
    expect(count).toEqual(
      w.t.app.deps.database.kind === 'postgres'
        ? { n: 1, estimate: true }
        : { n: 1, estimate: false },
    );
    expect(await estimatedCount(db, sql`select 1 as one`, 1000, 50)).toEqual([
      { n: 1, estimate: false },
    ]);
  });
});
