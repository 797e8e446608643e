import { assessmentDetailSchema, assessmentSchema } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIsbn } from '../../test/write-samples/kit.ts';
import {
  choice,
  type QuestionsWorld,
  questionsWorld,
  uniqueWords,
} from '../questions/questions.testing.ts';

/**
 * Practices through their spec paths: the engine's items (map, instruction,
 * marks, active, remove, reorder), derived totals, the activation checklist
 * (every problem at once), the global instructions, and what the question
 * bank learns from the engine (notInAssessment, a used question's delete).
 */

let w: QuestionsWorld;
let nodeId: number;
let bookId: number;

beforeAll(async () => {
  w = await questionsWorld({}, ['questions', 'practices', 'books']);
  const book = await w.post('/book/createbookcontent', { isbn: freshIsbn(), title: 'Maths 6' });
  bookId = book.json().id;
  const toc = await w.post('/book/addtocnode', { bookId, title: 'Fractions', kind: 'unit' });
  nodeId = toc.json().nodes[0].id;
});
afterAll(() => w?.t.close());

const ok = async <T = Record<string, unknown>>(
  res: Awaited<ReturnType<QuestionsWorld['post']>>,
) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const create = async (name = 'Fractions practice', extra: object = {}) =>
  ok<{ id: number }>(
    await w.post('/toc/quiz/createpractice', { tocNodeId: nodeId, name, ...extra }),
  );
const detail = async (id: number) =>
  assessmentDetailSchema.parse(await ok(await w.get(`/toc/quiz/getquizbypractice?id=${id}`)));
const questionIds = async (n: number, status: 'active' | 'draft' = 'active') =>
  (
    await w.add(...Array.from({ length: n }, () => choice(uniqueWords(), { status, marks: 2 })))
  ).items.map((q) => q.id);

describe('a practice built from bank questions', () => {
  it('creates a draft on a node, of its book', async () => {
    const p = assessmentSchema.parse(await create());
    expect(p).toMatchObject({ kind: 'practice', status: 'draft', tocNodeId: nodeId, bookId });
    expect(p.totals).toEqual({ questions: 0, marks: 0, minutes: null });
    const missing = await w.post('/toc/quiz/createpractice', { tocNodeId: 999_999, name: 'X' });
    expect(missing.statusCode).toBe(404);
  });

  it('maps questions once each, with marks from the defaults, and sums totals from active items', async () => {
    const p = await create();
    const [a, b, c] = await questionIds(3);
    await ok(
      await w.post('/toc/quiz/updatepractiemark', {
        id: p.id,
        defaultMarks: 4,
        defaultNegativeMarks: 1,
      }),
    );
    const first = await ok(
      await w.post('/toc/quiz/practicequestionmapping', { id: p.id, questionIds: [a, b] }),
    );
    expect(first).toEqual({ added: 2, alreadyIn: [] });
    const again = await ok(
      await w.post('/toc/quiz/practicequestionmapping', { id: p.id, questionIds: [b, c] }),
    );
    expect(again).toEqual({ added: 1, alreadyIn: [b] });
    await ok(
      await w.post('/toc/quiz/addinstructionquestion', {
        id: p.id,
        html: '<p>Read \\(x^2\\) twice</p>',
      }),
    );

    let d = await detail(p.id);
    expect(d.items.map((i) => i.questionId)).toEqual([a, b, c, null]);
    expect(d.items[0]).toMatchObject({ marks: 4, negativeMarks: 1, active: true });
    expect(d.items[0]!.question?.stem).toContain('<p>');
    expect(d.totals).toMatchObject({ questions: 3, marks: 12 });

    const [ia, ib, ic, ii] = d.items.map((i) => i.id) as [number, number, number, number];
    await ok(
      await w.post('/toc/quiz/updatepracticequestionmarkinginone', {
        id: p.id,
        itemId: ia,
        marks: 5,
        negativeMarks: 0,
      }),
    );
    await ok(
      await w.post('/toc/quiz/updatequestionstatusinone', { id: p.id, itemId: ib, active: false }),
    );
    expect((await detail(p.id)).totals).toMatchObject({ questions: 2, marks: 9 });

    await ok(await w.post('/toc/quiz/updatemarking', { id: p.id, marks: 1, negativeMarks: 0.25 }));
    d = await detail(p.id);
    expect(d.items.filter((i) => i.kind === 'question').map((i) => i.marks)).toEqual([1, 1, 1]);

    await ok(
      await w.post('/questions/changequestionpriority', { id: p.id, itemIds: [ii, ic, ia, ib] }),
    );
    expect((await detail(p.id)).items.map((i) => i.id)).toEqual([ii, ic, ia, ib]);
    const stale = await w.post('/questions/changequestionpriority', {
      id: p.id,
      itemIds: [ic, ia, ib],
    });
    expect(stale.statusCode).toBe(409);

    expect(
      await ok(await w.post('/questions/removefrompractice', { id: p.id, itemIds: [ic] })),
    ).toEqual({ ok: true, removed: 1 });
    d = await detail(p.id);
    expect(d.items.map((i) => [i.id, i.position])).toEqual([
      [ii, 0],
      [ia, 1],
      [ib, 2],
    ]);
    // Removing every item leaves an empty practice, not an error.
    await ok(await w.post('/questions/removefrompractice', { id: p.id, itemIds: [ii, ia, ib] }));
    expect((await detail(p.id)).items).toEqual([]);
  });

  it('refuses what is not right with a 4xx naming the field', async () => {
    const p = await create();
    const [a] = await questionIds(1);
    const bad = await w.post('/toc/quiz/practicequestionmapping', {
      id: p.id,
      questionIds: [a, 987_654],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/987654/);
    expect((await detail(p.id)).items).toHaveLength(0);
    const marks = await w.post('/toc/quiz/updatepractiemark', {
      id: p.id,
      defaultMarks: 1,
      defaultNegativeMarks: 2,
    });
    expect(marks.statusCode).toBe(400);
    const tex = await w.post('/toc/quiz/addinstructionquestion', {
      id: p.id,
      html: '<p>\\(\\frac{1}\\)</p>',
    });
    expect(tex.statusCode).toBe(400);
    expect(tex.json().message).toMatch(/formula/);
    const other = await w.post('/toc/quiz/updatepracticequestionmarkinginone', {
      id: p.id,
      itemId: 999_999,
      marks: 1,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('activation', () => {
  it('lists every problem at once, then activates once they are fixed', async () => {
    const p = await create('To activate', { durationMinutes: 20 });
    const empty = await w.post('/toc/quiz/updatepracticedetails', { id: p.id, status: 'active' });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().details.map((d: { message: string }) => d.message)).toEqual([
      'Add at least one active question',
    ]);

    const [draft] = await questionIds(1, 'draft');
    const [good] = await questionIds(1);
    await ok(
      await w.post('/toc/quiz/practicequestionmapping', { id: p.id, questionIds: [draft, good] }),
    );
    const items = (await detail(p.id)).items;
    await ok(
      await w.post('/toc/quiz/updatepracticequestionmarkinginone', {
        id: p.id,
        itemId: items[1]!.id,
        marks: 0,
      }),
    );
    const refused = await w.post('/toc/quiz/updatepracticedetails', {
      id: p.id,
      status: 'active',
      name: 'Renamed',
    });
    expect(refused.statusCode).toBe(409);
    const messages = refused.json().details.map((d: { message: string }) => d.message);
    expect(messages).toEqual([
      'Item 1: the question is draft in the bank',
      'Item 2: set its marks',
    ]);
    // Refused means untouched: the name in the same change did not stick.
    expect((await detail(p.id)).name).toBe('To activate');

    await ok(await w.post('/questions/removefrompractice', { id: p.id, itemIds: [items[0]!.id] }));
    await ok(
      await w.post('/toc/quiz/updatepracticequestionmarkinginone', {
        id: p.id,
        itemId: items[1]!.id,
        marks: 1,
      }),
    );
    const active = await ok(
      await w.post('/toc/quiz/updatepracticedetails', { id: p.id, status: 'active' }),
    );
    expect(active).toMatchObject({
      status: 'active',
      totals: { questions: 1, marks: 1, minutes: 20 },
    });
  });
});

describe('activation: the node and the negative marks', () => {
  it('refuses a practice whose TOC node was deleted, and negative marks above marks', async () => {
    const toc = await w.post('/book/addtocnode', { bookId, title: 'Gone soon', kind: 'unit' });
    const node = (toc.json().nodes as { id: number; title: string }[]).find(
      (n) => n.title === 'Gone soon',
    )!;
    const p = await ok<{ id: number }>(
      await w.post('/toc/quiz/createpractice', { tocNodeId: node.id, name: 'Orphan' }),
    );
    // Only the negative marks have a default: a 2-mark question then loses 3.
    await ok(
      await w.post('/toc/quiz/updatepracticedetails', { id: p.id, defaultNegativeMarks: 3 }),
    );
    const [q] = await questionIds(1);
    await ok(await w.post('/toc/quiz/practicequestionmapping', { id: p.id, questionIds: [q] }));
    // The delete says what it leaves behind.
    expect(await ok(await w.get(`/book/tocnodeimpact?id=${node.id}`))).toMatchObject({
      practices: 1,
    });
    await ok(await w.post('/book/deletetocnode', { id: node.id }));
    expect((await detail(p.id)).tocNodeId).toBeNull();
    const refused = await w.post('/toc/quiz/updatepracticedetails', { id: p.id, status: 'active' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details.map((d: { message: string }) => d.message)).toEqual([
      'Item 1: negative marks are more than its marks',
      'The table of contents node of this practice was deleted: choose another',
    ]);
  });
});

describe('what the question bank learns from the engine', () => {
  it('keeps a practice’s questions out of notInAssessment, and refuses to delete a used question', async () => {
    const p = await create('Uses questions');
    const [a, b] = await questionIds(2);
    await ok(await w.post('/toc/quiz/practicequestionmapping', { id: p.id, questionIds: [a] }));
    const page = await ok<{ items: { id: number }[] }>(
      await w.get(`/questions/fileteredquestion?pageSize=100&notInAssessment=${p.id}`),
    );
    const shown = page.items.map((q) => q.id);
    expect(shown).toContain(b);
    expect(shown).not.toContain(a);
    // An id no assessment has keeps every question, as an unknown grade answers an empty list.
    const unknown = await ok<{ items: { id: number }[] }>(
      await w.get('/questions/fileteredquestion?pageSize=100&notInAssessment=987654'),
    );
    expect(unknown.items.map((q) => q.id)).toEqual(expect.arrayContaining([a, b]));
    const del = await w.post('/questions/deletequestions', { ids: [a] });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(
      /1 practice uses this question \(Practice "Uses questions"\)/,
    );
  });
});

describe('general instructions', () => {
  it('are one sanitised default for every practice', async () => {
    expect(await ok(await w.get('/toc/quiz/getgeneralinstructions'))).toEqual({ html: '' });
    const saved = await ok(
      await w.post('/toc/quiz/updategetgeninstructions', {
        html: '<p onclick="x()">Be calm<script>1</script></p>',
      }),
    );
    expect(saved).toEqual({ html: '<p>Be calm</p>' });
    expect(await ok(await w.get('/toc/quiz/getgeneralinstructions'))).toEqual(saved);
  });
});
