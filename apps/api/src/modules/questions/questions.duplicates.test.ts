import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nearDuplicates } from './questions.duplicates.ts';
import { choice, type QuestionsWorld, questionsWorld, uniqueWords } from './questions.testing.ts';

/**
 * Exact duplicates refused (409 with the existing question's id) at add,
 * within one batch, at edit; near duplicates answered as warnings (at most
 * 5, by trigram similarity over the configured threshold); checkduplicates
 * answers both as the editor types.
 */

let w: QuestionsWorld;
beforeAll(async () => {
  w = await questionsWorld();
});
afterAll(() => w?.t.close());

const add = (...questions: object[]) => w.post('/questions/addquestions', { questions });

describe('exact duplicates', () => {
  it('refuses the same stem, options and key (case, spacing, markup, marks and tags aside) with the id', async () => {
    const words = uniqueWords();
    const { items } = await w.add(choice(`What is ${words}?`));
    const again = await add(
      choice(`  <strong>WHAT</strong>   is ${words.toUpperCase()}? `, { marks: 3, tags: ['x'] }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'question_duplicate',
      message: `The same question is already in the bank (question ${items[0]!.id})`,
      details: [{ path: 'body.questions.0' }],
    });
    // Another key is another question.
    const otherKey = await add(
      choice(`What is ${words}?`, {
        options: [
          { id: 'A', html: 'one', correct: true },
          { id: 'B', html: 'two', correct: false },
        ],
      }),
    );
    expect(otherKey.statusCode).toBe(200);
  });

  it('refuses a batch that repeats a question, naming both', async () => {
    const stem = uniqueWords();
    const res = await add(choice(uniqueWords()), choice(stem), choice(stem));
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toEqual([
      { path: 'body.questions.2', message: 'This is the same question as number 2 of this batch' },
    ]);
  });

  it('refuses an edit that makes a question the duplicate of another', async () => {
    const a = uniqueWords();
    const { items } = await w.add(choice(a), choice(uniqueWords()));
    const b = (await w.get(`/questions/getquestionbyid?id=${items[1]!.id}`)).json();
    const { id, revision, type, options, blanks, numeric, marks } = b;
    const res = await w.post('/questions/editquestion', {
      id,
      revision,
      type,
      options,
      blanks,
      numeric,
      marks,
      stem: `<p>${a}</p>`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`question ${items[0]!.id}`);
  });
});

describe('near duplicates', () => {
  const stem = (w1: string) =>
    `Photosynthesis in ${w1} converts light energy into chemical energy stored in glucose molecules`;

  it('warns (never refuses) at add and edit, most similar first, at most 5, not the question itself', async () => {
    const marker = uniqueWords();
    const { items: originals } = await w.add(
      ...Array.from({ length: 7 }, (_, i) => choice(`${stem(marker)} variant ${i}`)),
    );
    const res = await add(choice(`${stem(marker)} variant X`));
    expect(res.statusCode).toBe(200);
    const warned = res.json().nearDuplicates[0] as {
      id: number;
      text: string;
      similarity: number;
    }[];
    expect(warned).toHaveLength(5);
    const ids = originals.map((q) => q.id);
    for (const n of warned) {
      expect(ids).toContain(n.id);
      expect(n.similarity).toBeGreaterThanOrEqual(0.6);
      expect(n.text).toMatch(/^Photosynthesis in/);
    }
    expect(warned.map((n) => n.similarity)).toEqual(
      [...warned.map((n) => n.similarity)].sort((a, b) => b - a),
    );

    const q = res.json().items[0];
    const { id, revision, type, options } = q;
    const edited = await w.post('/questions/editquestion', {
      id,
      revision,
      type,
      options,
      stem: `${q.stem} again`,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().nearDuplicates.map((n: { id: number }) => n.id)).not.toContain(id);
    expect(edited.json().nearDuplicates.length).toBeGreaterThan(0);
  });

  it('a different question gets no warning; the threshold decides', async () => {
    const res = await add(choice(`${uniqueWords()} the boiling point of ethanol at sea level`));
    expect(res.json().nearDuplicates).toEqual([[]]);
    const marker = uniqueWords();
    await w.add(choice(stem(marker)));
    const text = `${stem(marker)} | one | two`.toLowerCase();
    const db = w.t.app.deps.db;
    const loose = await nearDuplicates(db, 0.3, `${text} and sunlight in leaves`);
    const strict = await nearDuplicates(db, 0.99, `${text} and sunlight in leaves`);
    expect(loose.length).toBeGreaterThan(0);
    expect(strict).toEqual([]);
  });

  it('checkduplicates answers the exact and near ones as the editor types, leaving out the question edited', async () => {
    const marker = uniqueWords();
    const { items } = await w.add(choice(stem(marker)));
    const check = (question: object, exceptId?: number) =>
      w.post('/questions/checkduplicates', { question, ...(exceptId ? { exceptId } : {}) });
    const exact = await check(choice(stem(marker)));
    expect(exact.statusCode).toBe(200);
    expect(exact.json().exact).toEqual({ id: items[0]!.id });
    expect(exact.json().near[0]).toMatchObject({ id: items[0]!.id, similarity: 1 });
    const self = await check(choice(stem(marker)), items[0]!.id);
    expect(self.json().exact).toBeNull();
    expect(self.json().near.map((n: { id: number }) => n.id)).not.toContain(items[0]!.id);
    // Half typed: no options yet, no correct key; still answered.
    const typing = await check({
      type: 'single_choice',
      stem: `<p>${stem(marker)} and`,
      options: [],
    });
    expect(typing.statusCode).toBe(200);
    expect(typing.json().exact).toBeNull();
    expect(typing.json().near.length).toBeGreaterThan(0);
    const empty = await check({ type: 'single_choice', stem: '<p></p>' });
    expect(empty.json()).toEqual({ exact: null, near: [] });
  });
});
