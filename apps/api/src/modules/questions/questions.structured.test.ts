import {
  assessmentDetailSchema,
  type QuestionInput,
  questionSchema,
  scoreAttempt,
} from '@bo/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIsbn } from '../../test/write-samples/kit.ts';
import { type QuestionsWorld, questionsWorld, uniqueWords } from './questions.testing.ts';

/**
 * Matching, ordering and cloze questions through the API: add, read, edit
 * (with its revision), the refusals naming the pair, item or gap, the
 * duplicate key, search over their texts, and an assessment carrying them
 * to scoring.
 */

let w: QuestionsWorld;
beforeAll(async () => {
  w = await questionsWorld({}, ['questions', 'practices', 'books']);
});
afterAll(() => w?.t.close());

const matching = (words = uniqueWords()): QuestionInput => ({
  type: 'matching',
  stem: `<p>${words}: match each element to its symbol</p>`,
  matching: {
    pairs: [
      { left: '<p>Hydrogen</p>', right: '<p>H</p>' },
      { left: '<p>Oxygen <script>x</script></p>', right: '<p>O</p>' },
      { left: '<p>Water \\(H_2O\\)</p>', right: '<p>molecule</p>' },
    ],
    distractors: ['<p>He</p>'],
  },
  status: 'active',
});
const ordering = (words = uniqueWords()): QuestionInput => ({
  type: 'ordering',
  stem: `<p>${words}: put the planets in order from the Sun</p>`,
  ordering: { items: ['Mercury', 'Venus', 'Earth', 'Mars'] },
  status: 'active',
});
const cloze = (words = uniqueWords()): QuestionInput => ({
  type: 'cloze',
  stem: `<p>${words}: ___ is the capital of ___.</p>`,
  cloze: {
    gaps: [
      { kind: 'text', answers: ['Paris'], caseSensitive: false },
      {
        kind: 'choice',
        choices: [
          { text: 'Spain', correct: false },
          { text: 'France', correct: true },
        ],
      },
    ],
  },
  status: 'active',
});

const details = (res: Awaited<ReturnType<QuestionsWorld['post']>>) =>
  (res.json().details as { path: string; message: string }[]).map((d) => `${d.path}: ${d.message}`);

describe('structured questions', () => {
  it('adds each type, stores its parts sanitised, and reads them back', async () => {
    const { items } = await w.add(matching(), ordering(), cloze());
    for (const [i, type] of ['matching', 'ordering', 'cloze'].entries()) {
      const read = await w.get(`/questions/getquestionbyid?id=${items[i]!.id}`);
      expect(read.statusCode).toBe(200);
      const q = questionSchema.parse(read.json());
      expect(q.type).toBe(type);
    }
    const m = questionSchema.parse(
      (await w.get(`/questions/getquestionbyid?id=${items[0]!.id}`)).json(),
    );
    expect(m.matching!.pairs[1]!.left).toBe('<p>Oxygen </p>');
    expect(m.matching!.distractors).toEqual(['<p>He</p>']);
    expect(m.options).toEqual([]);
    const c = questionSchema.parse(
      (await w.get(`/questions/getquestionbyid?id=${items[2]!.id}`)).json(),
    );
    expect(c.cloze!.gaps[1]).toEqual({
      kind: 'choice',
      choices: [
        { text: 'Spain', correct: false },
        { text: 'France', correct: true },
      ],
    });
  });

  it('refuses with the pair, item or gap named', async () => {
    const res = await w.post('/questions/addquestions', {
      questions: [
        { ...ordering(), ordering: { items: ['a'] } },
        { ...cloze(), cloze: { gaps: [{ kind: 'text', answers: [] }, cloze().cloze!.gaps[1]] } },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(details(res)).toEqual([
      'body.questions.0.ordering.items: Give at least 2 items to put in order',
      'body.questions.1.cloze.gaps.0.answers: Gap 1 has no accepted answer',
    ]);
    // What the sanitiser leaves empty and a formula KaTeX refuses, once the shapes are right.
    const q = matching();
    q.matching!.pairs[1]!.right = '<p><script>only</script></p>';
    const after = await w.post('/questions/addquestions', {
      questions: [q, { ...ordering(), ordering: { items: ['\\(\\frac{1}\\)', 'b'] } }],
    });
    expect(after.statusCode, after.body).toBe(400);
    expect(details(after)).toEqual([
      'body.questions.0.matching.pairs.1.right: Pair 2 has no right-hand side',
      expect.stringMatching(/^body\.questions\.1\.ordering\.items\.0: Item 1: the formula/),
    ]);
  });

  it('refuses an exact duplicate (a matching question with its pairs in another order too)', async () => {
    const words = uniqueWords();
    const { items } = await w.add(matching(words));
    const again = matching(words);
    again.matching!.pairs.reverse();
    const res = await w.post('/questions/addquestions', { questions: [again] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain(`question ${items[0]!.id}`);
    // Another order of items is another ordering question.
    const o = ordering(words);
    const swapped = ordering(words);
    swapped.ordering!.items.reverse();
    expect((await w.add(o, swapped)).items).toHaveLength(2);
  });

  it('edits with a revision naming the changed parts, and finds them by their texts', async () => {
    const { items } = await w.add(ordering());
    const q = questionSchema.parse(
      (await w.get(`/questions/getquestionbyid?id=${items[0]!.id}`)).json(),
    );
    const { id, revision, type, stem, marks, negativeMarks, status } = q;
    const edited = await w.post('/questions/editquestion', {
      id,
      revision,
      type,
      stem,
      marks,
      negativeMarks,
      status,
      ordering: { items: ['Mercury', 'Venus', 'Earth', 'Mars', 'Jupiterzz'] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const revs = await w.get(`/questions/revisions?id=${id}`);
    expect(revs.statusCode).toBe(200);
    const [latest] = revs.json().items ?? revs.json();
    expect(latest.changed).toEqual(['ordering']);
    expect(latest.question.ordering.items).toHaveLength(5);
    const found = await w.get('/questions/listofquestions?q=jupiterzz&type=ordering');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().items.map((r: { id: number }) => r.id)).toEqual([id]);
  });

  it('an assessment carries them to the builder and to scoring', async () => {
    const book = await w.post('/book/createbookcontent', { isbn: freshIsbn(), title: 'Science 6' });
    const toc = await w.post('/book/addtocnode', {
      bookId: book.json().id,
      title: 'Matter',
      kind: 'unit',
    });
    const p = await w.post('/toc/quiz/createpractice', {
      tocNodeId: toc.json().nodes[0].id,
      name: 'Mixed',
    });
    const { items } = await w.add(matching(), ordering(), cloze());
    const mapped = await w.post('/toc/quiz/practicequestionmapping', {
      id: p.json().id,
      questionIds: items.map((q) => q.id),
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const d = assessmentDetailSchema.parse(
      (await w.get(`/toc/quiz/getquizbypractice?id=${p.json().id}`)).json(),
    );
    expect(d.items.map((i) => i.question?.type)).toEqual(['matching', 'ordering', 'cloze']);
    const [m, o, c] = d.items;
    const s = scoreAttempt(d, {
      [m!.id]: { matches: [0, 1, 2] },
      [o!.id]: { order: [0, 1, 2, 3] },
      [c!.id]: { blanks: ['paris', 'France'] },
    });
    expect(s).toMatchObject({ correct: 3, wrong: 0 });
  });

  it('answers and restores a revision saved before the three fields existed', async () => {
    const { items } = await w.add({
      type: 'single_choice',
      stem: `<p>${uniqueWords()} old</p>`,
      options: [
        { id: 'A', html: 'a', correct: true },
        { id: 'B', html: 'b', correct: false },
      ],
    });
    const id = items[0]!.id;
    // As migration 0039 left the revisions written before it.
    await w.t.app.deps.db.execute(
      sql`update question_revisions set fields = fields - 'matching' - 'ordering' - 'cloze' where question_id = ${id}`,
    );
    const revs = await w.get(`/questions/revisions?id=${id}`);
    expect(revs.statusCode, revs.body).toBe(200);
    const [first] = revs.json().items ?? revs.json();
    expect(first.question).toMatchObject({ matching: null, ordering: null, cloze: null });
    // Its fields are the question's as they are: nothing to save, the question answered.
    const restored = await w.post('/questions/restorerevision', {
      id,
      revision: 1,
      currentRevision: 1,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().question).toMatchObject({ revision: 1, matching: null });
  });
});
