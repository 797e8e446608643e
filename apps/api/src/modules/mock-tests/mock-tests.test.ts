import { assessmentDetailSchema } from '@bo/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions } from '../../db/schema/index.ts';
import {
  choice,
  type QuestionsWorld,
  questionsWorld,
  uniqueWords,
} from '../questions/questions.testing.ts';

/**
 * Mock tests on the engine: categories, sections edited with the test
 * (kept, added, removed without losing items), the checklist's section
 * rules, clone (a deep copy that creates no bank question), and one kind's
 * id refused on another kind's path.
 */

let w: QuestionsWorld;
let categoryId: number;

beforeAll(async () => {
  w = await questionsWorld({}, ['questions', 'mock_tests', 'practices', 'books']);
  categoryId = (await ok(await w.post('/master/addtestcategory', { name: 'JEE Main' })))
    .id as number;
});
afterAll(() => w?.t.close());

async function ok<T = Record<string, unknown>>(res: Awaited<ReturnType<QuestionsWorld['post']>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const detail = async (id: number) =>
  assessmentDetailSchema.parse(await ok(await w.get(`/practice/getmocktestdata?id=${id}`)));
const questionIds = async (n: number) =>
  (
    await w.add(...Array.from({ length: n }, () => choice(uniqueWords(), { status: 'active' })))
  ).items.map((q) => q.id);
const addMock = async (extra: object = {}) =>
  ok<{ id: number }>(
    await w.post('/practice/addmocktest', {
      testCategoryId: categoryId,
      name: 'Full test 1',
      durationMinutes: 60,
      sections: [
        { name: 'Physics', timeLimitMinutes: 20 },
        { name: 'Chemistry', timeLimitMinutes: 20 },
      ],
      ...extra,
    }),
  );

describe('test categories', () => {
  it('adds in order, refuses a name taken in any case, counts mock tests', async () => {
    const dup = await w.post('/master/addtestcategory', { name: 'jee main' });
    expect(dup.statusCode).toBe(409);
    await ok(await w.post('/master/addtestcategory', { name: 'NEET', description: 'Medical' }));
    await addMock();
    const list = await ok<{ items: { name: string; mockTests: number; position: number }[] }>(
      await w.get('/master/getlistoftestcategory'),
    );
    expect(list.items.map((c) => [c.name, c.position])).toEqual([
      ['JEE Main', 0],
      ['NEET', 1],
    ]);
    expect(list.items.map((c) => c.mockTests)).toEqual([1, 0]);
    const unknown = await w.post('/practice/addmocktest', { testCategoryId: 987_654, name: 'X' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].path).toBe('body.testCategoryId');
  });
});

describe('a mock test with sections', () => {
  it('maps questions into sections, reads them grouped, and keeps items when a section goes', async () => {
    const m = await addMock();
    let d = await detail(m.id);
    const [physics, chemistry] = d.sections.map((s) => s.id) as [number, number];
    const [q1, q2, q3] = await questionIds(3);
    await ok(
      await w.post('/practice/mocktestquestionmapping', {
        id: m.id,
        questionIds: [q2],
        sectionId: chemistry,
      }),
    );
    await ok(
      await w.post('/practice/mocktestquestionmapping', {
        id: m.id,
        questionIds: [q1, q3],
        sectionId: physics,
      }),
    );
    d = await detail(m.id);
    expect(d.items.map((i) => [i.questionId, i.sectionId])).toEqual([
      [q1, physics],
      [q3, physics],
      [q2, chemistry],
    ]);
    expect(d.totals).toEqual({ questions: 3, marks: 3, minutes: 60 });
    // The builder's read sums totals from its items; the header's read in SQL: the same.
    const header = await ok<{ totals: unknown }>(
      await w.get(`/practice/getmocktestbyid?id=${m.id}`),
    );
    expect(header.totals).toEqual(d.totals);

    // Sections swapped and Chemistry dropped: its question stays, outside any section.
    await ok(
      await w.post('/practice/editmocktest', {
        id: m.id,
        sections: [{ name: 'Maths' }, { id: physics, name: 'Physics', timeLimitMinutes: 30 }],
      }),
    );
    d = await detail(m.id);
    expect(d.sections.map((s) => [s.name, s.position])).toEqual([
      ['Maths', 0],
      ['Physics', 1],
    ]);
    expect(d.items.map((i) => [i.questionId, i.sectionId])).toEqual([
      [q2, null],
      [q1, physics],
      [q3, physics],
    ]);
    expect(d.durationMinutes).toBe(60);

    const foreign = await w.post('/practice/editmocktest', {
      id: m.id,
      sections: [{ id: 987_654, name: 'X' }],
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('refuses activation for an empty section and section times above the duration', async () => {
    const m = await addMock({ durationMinutes: 30 });
    const [q1] = await questionIds(1);
    const physics = (await detail(m.id)).sections[0]!.id;
    await ok(
      await w.post('/practice/mocktestquestionmapping', {
        id: m.id,
        questionIds: [q1],
        sectionId: physics,
      }),
    );
    const refused = await w.post('/practice/changestatusmocktest', { id: m.id, status: 'active' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details.map((d: { message: string }) => d.message)).toEqual([
      'Section "Chemistry" has no active question',
      "The sections' times (40 min) are more than the duration (30 min)",
    ]);
    expect((await detail(m.id)).status).toBe('draft');
  });

  it('clones sections and items as a draft without copying a bank question', async () => {
    const m = await addMock();
    const sections = (await detail(m.id)).sections;
    const [q1, q2] = await questionIds(2);
    await ok(
      await w.post('/practice/mocktestquestionmapping', {
        id: m.id,
        questionIds: [q1],
        sectionId: sections[0]!.id,
      }),
    );
    await ok(
      await w.post('/practice/mocktestquestionmapping', {
        id: m.id,
        questionIds: [q2],
        sectionId: sections[1]!.id,
      }),
    );
    await ok(await w.post('/practice/changestatusmocktest', { id: m.id, status: 'active' }));
    const count = async () =>
      (await w.t.app.deps.db.select({ n: sql<number>`count(*)::int` }).from(questions))[0]!.n;
    const before = await count();
    const copy = await ok<{ id: number; name: string; status: string; clonedFromId: number }>(
      await w.post('/practice/clonemocktest', { id: m.id }),
    );
    expect(copy).toMatchObject({
      name: 'Copy of Full test 1',
      status: 'draft',
      clonedFromId: m.id,
    });
    expect(await count()).toBe(before);
    const [a, b] = [await detail(m.id), await detail(copy.id)];
    expect(b.sections.map((s) => [s.name, s.timeLimitMinutes])).toEqual(
      a.sections.map((s) => [s.name, s.timeLimitMinutes]),
    );
    expect(b.sections.map((s) => s.id)).not.toEqual(a.sections.map((s) => s.id));
    expect(b.items.map((i) => i.questionId)).toEqual(a.items.map((i) => i.questionId));
    expect(b.items.map((i) => b.sections.findIndex((s) => s.id === i.sectionId))).toEqual([0, 1]);
    expect(b.totals).toEqual(a.totals);
  });

  it('answers 404 for another kind’s id', async () => {
    const book = await ok(
      await w.post('/book/createbookcontent', { isbn: '9780306406157', title: 'B' }),
    );
    const toc = await ok<{ nodes: { id: number }[] }>(
      await w.post('/book/addtocnode', { bookId: book.id, title: 'U', kind: 'unit' }),
    );
    const p = await ok<{ id: number }>(
      await w.post('/toc/quiz/createpractice', { tocNodeId: toc.nodes[0]!.id, name: 'P' }),
    );
    const res = await w.get(`/practice/getmocktestdata?id=${p.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Mock test not found');
  });
});

describe('a section filled by a rule', () => {
  it('picks active questions per difficulty not yet in the test, and says what the bank lacked', async () => {
    const m = await addMock();
    const physics = (await detail(m.id)).sections[0]!.id;
    const tag = `rule${Date.now()}`;
    const made = await w.add(
      ...['easy', 'easy', 'medium', 'hard'].map((difficulty) =>
        choice(uniqueWords(), { status: 'active', difficulty: difficulty as 'easy', tags: [tag] }),
      ),
      choice(uniqueWords(), { status: 'draft', difficulty: 'easy', tags: [tag] }),
    );
    const [easy1] = made.items.map((q) => q.id);
    await ok(await w.post('/practice/mocktestquestionmapping', { id: m.id, questionIds: [easy1] }));
    const filled = await ok(
      await w.post('/practice/fillsection', {
        id: m.id,
        sectionId: physics,
        rule: { tag, mix: { easy: 2, medium: 1, hard: 0 } },
      }),
    );
    // One easy question is in the test already and the draft one does not count.
    expect(filled).toEqual({ added: 2, short: { easy: 1, medium: 0, hard: 0 } });
    const d = await detail(m.id);
    const inPhysics = d.items.filter((i) => i.sectionId === physics);
    expect(inPhysics.map((i) => i.question?.difficulty).sort()).toEqual(['easy', 'medium']);
    expect(inPhysics.map((i) => i.questionId)).not.toContain(easy1);
    expect(d.sections[0]!.rule).toMatchObject({ tag, mix: { easy: 2, medium: 1, hard: 0 } });
  });
});
