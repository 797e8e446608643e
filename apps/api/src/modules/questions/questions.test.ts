import { type QuestionInput, questionSchema } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  choice,
  curriculum,
  type QuestionsWorld,
  questionsWorld,
  uniqueWords,
} from './questions.testing.ts';

/**
 * Adding and reading questions: each type's rules (valid, and every invalid
 * case answered 400 with its field's path), the curriculum, a batch that is
 * all or none, and getquestionbyid's full answer.
 */

let w: QuestionsWorld;
let cur: Awaited<ReturnType<typeof curriculum>>;

beforeAll(async () => {
  w = await questionsWorld();
  cur = await curriculum(w.t);
});
afterAll(() => w?.t.close());

const add = (...questions: object[]) => w.post('/questions/addquestions', { questions });

/** Expects a 400 whose details name `path` (under body.questions.0). */
async function refused(q: object, path: string, message?: RegExp) {
  const res = await add(q);
  expect(res.statusCode, res.body).toBe(400);
  const details = res.json().details as { path: string; message: string }[];
  const hit = details.find((d) => d.path === `body.questions.0.${path}`.replace(/\.$/, ''));
  expect(hit, `${path} in ${res.body}`).toBeTruthy();
  if (message) expect(hit!.message).toMatch(message);
  expect(res.json().message).not.toMatch(/zod|invalid_type|ZodError/i);
}

const valid: Record<string, () => QuestionInput> = {
  single_choice: () => choice(uniqueWords()),
  multiple_choice: () => ({
    type: 'multiple_choice',
    stem: `<p>${uniqueWords()} pick primes</p>`,
    options: [
      { id: 'A', html: '2', correct: true },
      { id: 'B', html: '3', correct: true },
      { id: 'C', html: '4', correct: false },
    ],
  }),
  true_false: () => ({
    type: 'true_false',
    stem: `<p>${uniqueWords()} water boils at 100 °C</p>`,
    options: [
      { id: 'A', html: 'True', correct: true },
      { id: 'B', html: 'False', correct: false },
    ],
  }),
  fill_blank: () => ({
    type: 'fill_blank',
    stem: `<p>${uniqueWords()}: the capital of France is ___ and of Italy ___.</p>`,
    blanks: [{ answers: ['Paris'] }, { answers: ['Rome', 'Roma'], caseSensitive: true }],
  }),
  numeric: () => ({
    type: 'numeric',
    stem: `<p>${uniqueWords()}: \\(\\frac{3}{4} \\times 8\\) = ?</p>`,
    numeric: { value: 6, tolerance: 0.01, unit: null },
  }),
  subjective: () => ({
    type: 'subjective',
    stem: `<p>${uniqueWords()}: explain photosynthesis.</p>`,
    modelAnswer: '<p>Plants make food from light, \\(CO_2\\) and water.</p>',
  }),
};

describe('each type', () => {
  for (const [type, make] of Object.entries(valid)) {
    it(`adds a valid ${type} question and reads it back`, async () => {
      const input = make();
      const { items } = await w.add(input);
      const q = items[0]!;
      expect(questionSchema.parse(q).type).toBe(type);
      expect(q.revision).toBe(1);
      const read = await w.get(`/questions/getquestionbyid?id=${q.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(q);
    });
  }

  it('refuses each broken rule with its field', async () => {
    const sc = valid.single_choice!;
    await refused(
      { ...sc(), options: [{ id: 'A', html: 'x', correct: true }] },
      'options',
      /at least 2/,
    );
    await refused(
      {
        ...sc(),
        options: [
          { id: 'A', html: 'x', correct: true },
          { id: 'B', html: 'y', correct: true },
        ],
      },
      'options',
      /exactly one/,
    );
    await refused(
      {
        ...sc(),
        options: [
          { id: 'A', html: 'x', correct: false },
          { id: 'B', html: 'y', correct: false },
        ],
      },
      'options',
      /Mark the correct/,
    );
    await refused(
      {
        ...sc(),
        options: [
          { id: 'A', html: 'x', correct: true },
          { id: 'C', html: 'y', correct: false },
        ],
      },
      'options',
      /A, B, C/,
    );
    await refused(
      {
        ...sc(),
        options: [
          { id: 'A', html: '<p></p>', correct: true },
          { id: 'B', html: 'y', correct: false },
        ],
      },
      'options.0.html',
      /Option A is empty/,
    );
    const seven = ['A', 'B', 'C', 'D', 'E', 'F', 'F'].map((id, i) => ({
      id,
      html: `o${i}`,
      correct: i === 0,
    }));
    await refused({ ...sc(), options: seven }, 'options');
    await refused({ ...sc(), marks: 0 }, 'marks', /more than 0/);
    await refused({ ...sc(), marks: 1.3 }, 'marks', /0.25/);
    await refused({ ...sc(), marks: 2, negativeMarks: 3 }, 'negativeMarks');
    await refused({ ...sc(), negativeMarks: -1 }, 'negativeMarks');
    await refused({ ...sc(), stem: '' }, 'stem');
    await refused({ ...sc(), stem: '<p> </p>' }, 'stem', /Write the question/);
    await refused({ ...sc(), difficulty: 'impossible' }, 'difficulty');
    await refused({ ...sc(), type: 'essay' }, 'type');
    await refused({ ...sc(), blanks: [{ answers: ['x'] }] }, 'blanks');
    await refused({ ...sc(), numeric: { value: 1 } }, 'numeric');
    await refused(
      {
        ...valid.multiple_choice!(),
        options: [
          { id: 'A', html: 'x', correct: false },
          { id: 'B', html: 'y', correct: false },
        ],
      },
      'options',
      /at least one correct/,
    );
    await refused(
      {
        ...valid.true_false!(),
        options: [
          { id: 'A', html: 'Yes', correct: true },
          { id: 'B', html: 'No', correct: false },
        ],
      },
      'options',
      /True and False/,
    );
    await refused(
      {
        ...valid.true_false!(),
        options: [
          { id: 'A', html: 'True', correct: true },
          { id: 'B', html: 'False', correct: true },
        ],
      },
      'options',
      /either True or False/,
    );
    await refused(
      { ...valid.fill_blank!(), blanks: [{ answers: ['Paris'] }] },
      'blanks',
      /2 blanks but 1 answer/,
    );
    await refused({ ...valid.fill_blank!(), stem: '<p>No blank here</p>' }, 'stem', /___/);
    await refused(
      { ...valid.fill_blank!(), blanks: [{ answers: [] }, { answers: ['x'] }] },
      'blanks.0.answers',
    );
    await refused(
      { ...valid.fill_blank!(), options: [{ id: 'A', html: 'x', correct: true }] },
      'options',
      /no options/,
    );
    await refused({ ...valid.numeric!(), numeric: null }, 'numeric', /numeric answer/);
    await refused(
      { ...valid.numeric!(), numeric: { value: 1, tolerance: -1 } },
      'numeric.tolerance',
    );
    // Only a draft may wait for its model answer (an imported essay, formats/essay.ts).
    await refused(
      { ...valid.subjective!(), modelAnswer: null, status: 'active' },
      'modelAnswer',
      /model answer/,
    );
    await refused({ ...sc(), topicId: cur.topic.id }, 'chapterId', /chapter/);
    await refused({ ...sc(), tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags');
    await refused({ ...sc(), language: 'Klingon' }, 'language');
    await refused({ ...sc(), gradeId: '1' }, 'gradeId');
  });
});

describe('curriculum and presenting', () => {
  it('answers the full question with curriculum and admin names; a chapter brings its subject and grade', async () => {
    const { items } = await w.add(
      choice(uniqueWords(), {
        chapterId: cur.chapter.id,
        topicId: cur.topic.id,
        tags: ['Fractions', 'fractions', 'class-6'],
        language: 'Hindi',
        difficulty: 'hard',
        marks: 2.5,
        negativeMarks: 0.75,
        explanation: '<p>Because.</p>',
      }),
    );
    const q = (await w.get(`/questions/getquestionbyid?id=${items[0]!.id}`)).json();
    expect(q).toMatchObject({
      gradeId: cur.grade.id,
      gradeName: cur.grade.name,
      subjectId: cur.subject.id,
      subjectName: 'Mathematics',
      chapterName: 'Fractions',
      topicName: 'Adding fractions',
      tags: ['fractions', 'class-6'],
      language: 'Hindi',
      marks: 2.5,
      negativeMarks: 0.75,
      source: 'manual',
      sourceLabel: null,
      status: 'draft',
      createdByName: w.adminName,
      updatedByName: w.adminName,
    });
  });

  it('refuses an unknown or mismatched curriculum with the field', async () => {
    await refused(choice(uniqueWords(), { gradeId: 999_999 }), 'gradeId', /No such grade/);
    await refused(
      choice(uniqueWords(), { subjectId: cur.otherSubject.id, gradeId: cur.grade.id }),
      'subjectId',
      /does not belong/,
    );
    await refused(
      choice(uniqueWords(), { chapterId: cur.chapter.id, subjectId: cur.otherSubject.id }),
      'chapterId',
      /does not belong/,
    );
  });

  it('404 for an unknown question, 403 without the questions module', async () => {
    expect((await w.get('/questions/getquestionbyid?id=999999')).statusCode).toBe(404);
    const other = await w.t.createAdmin({ modules: ['books'] });
    const tk = (await w.t.signIn(other.email)).accessToken;
    expect((await w.get('/questions/getquestionbyid?id=1', tk)).statusCode).toBe(403);
  });
});

describe('a batch', () => {
  it('adds all or none: one bad question refuses the batch, naming its index', async () => {
    const good = choice(uniqueWords());
    const res = await add(good, { ...choice(uniqueWords()), marks: -1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toMatch(/^body\.questions\.1\./);
    // The good one was not kept: adding it now works.
    const { items } = await w.add(good);
    expect(items).toHaveLength(1);
  });

  it('adds several in order', async () => {
    const inputs = [choice(uniqueWords()), valid.numeric!(), valid.fill_blank!()];
    const { items, nearDuplicates } = await w.add(...inputs);
    expect(items.map((q) => q.stem)).toEqual(inputs.map((q) => q.stem));
    expect(nearDuplicates).toHaveLength(3);
  });
});
