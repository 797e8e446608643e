import { type Answer, type AssessmentItem, type QuestionFields, scoreAttempt } from '@bo/contract';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { qumlQuestionSet } from '../../apps/api/src/modules/questions/formats/quml/export.ts';
import { QUESTION_BASE } from '../support/question-fields.ts';
import { QUML_ORIGIN, useQumlPlayer } from '../support/quml-player.ts';

/**
 * The QuML export rendered by Sunbird's own player
 * (@project-sunbird/sunbird-quml-player-web-component), served from
 * node_modules to a local page with jQuery (which the player needs and its
 * demo loads from a CDN): nothing is fetched from the network. A player
 * fetches questions it lacks from a Sunbird question-list API
 * (`window.questionListUrl`): that address is local and answered from the
 * export, and the test checks it was not needed (the export carries the
 * questions whole).
 *
 * Every type the export carries is shown by the player's own component for
 * it, and each scored type is answered as a learner would (options
 * clicked, right-hand sides and items dragged, gaps typed); the score the
 * player reports (its ASSESS event) is the bank's for the same answer with
 * per-option partial credit (scoreAttempt), the rule the export writes.
 */

type Question = QuestionFields & { id: number };
// The player has no negative marks: none here, so its score and the bank's compare.
const base = { ...QUESTION_BASE, difficulty: 'easy', negativeMarks: 0 } as const;
const options = (html: string[], right: number[]) =>
  html.map((h, i) => ({
    id: 'ABCD'[i] as 'A',
    html: `<p>${h}</p>`,
    correct: right.includes(i),
  }));

const QUESTIONS: Question[] = [
  {
    ...base,
    id: 1,
    type: 'single_choice',
    stem: '<p>What is 2 + 2?</p>',
    options: options(['3', '4'], [1]),
    explanation: '<p>Two and two make four.</p>',
    marks: 1,
  },
  {
    ...base,
    id: 2,
    type: 'multiple_choice',
    stem: '<p>Which are prime?</p>',
    options: options(['2', '4', '7'], [0, 2]),
  },
  {
    ...base,
    id: 3,
    type: 'matching',
    stem: '<p>Match each element to its symbol</p>',
    matching: {
      pairs: [
        { left: 'Hydrogen', right: 'H' },
        { left: 'Oxygen', right: 'O' },
      ],
      distractors: ['He'],
    },
  },
  {
    ...base,
    id: 4,
    type: 'ordering',
    stem: '<p>Put them in order from the Sun</p>',
    ordering: { items: ['Mercury', 'Venus', 'Earth'] },
  },
  {
    ...base,
    id: 5,
    type: 'cloze',
    stem: '<p>___ is the capital of ___.</p>',
    cloze: {
      gaps: [
        { kind: 'text', answers: ['Paris'], caseSensitive: false },
        { kind: 'text', answers: ['France'], caseSensitive: false },
      ],
    },
  },
  {
    ...base,
    id: 6,
    type: 'fill_blank',
    stem: '<p>Water boils at ___ degrees.</p>',
    blanks: [{ answers: ['100', 'a hundred'], caseSensitive: false }],
  },
  {
    ...base,
    id: 7,
    type: 'numeric',
    stem: '<p>Gravity at the surface, in m/s²?</p>',
    numeric: { value: 9.8, tolerance: 0.1, unit: 'm/s²' },
  },
  {
    ...base,
    id: 8,
    type: 'subjective',
    stem: '<p>Explain photosynthesis.</p>',
    modelAnswer: '<p>Plants make food from light.</p>',
  },
];

const set = qumlQuestionSet(
  {
    title: 'Arithmetic',
    sections: [{ title: 'Section 1', instructions: null, questions: QUESTIONS }],
  },
  QUML_ORIGIN,
) as { children: { children: { identifier: string }[] }[] };
const questions = set.children.flatMap((s) => s.children);

/** The bank's score of `answer` to question `q`, with per-option partial credit. */
function bankScore(q: Question, answer: Answer): number {
  const item = {
    id: q.id,
    kind: 'question',
    active: true,
    marks: q.marks,
    negativeMarks: q.negativeMarks,
    question: q,
  } as unknown as AssessmentItem;
  return scoreAttempt(
    { partialCredit: 'per_option', unansweredMarks: 0, items: [item] },
    {
      [q.id]: answer,
    },
  ).score;
}

const { page, listed, errors, scoreOf, drag } = useQumlPlayer(set, questions);

const player = () => page().locator('sunbird-quml-player');
/** The slide shown: the carousel keeps its neighbours in the page too. */
const slide = () => page().locator('.carousel-item.active');
const next = () => page().locator('[aria-label="next slide"]').first().click();
/** The slide of question `n` (1-based), as the player counts it ("3/8"). */
const onQuestion = (n: number) =>
  expect
    .poll(async () => player().innerText(), { timeout: 30_000 })
    .toContain(`${n}/${QUESTIONS.length}`);
/**
 * Drags the cards of `list` (matched by text) into `order`, top first. The
 * player counts only an order the learner made: one shuffled into place
 * already is first dragged out of it.
 */
async function arrange(list: Locator, order: string[]) {
  const shown = (await list.allInnerTexts()).map((t) => t.trim());
  if (order.every((text, i) => shown[i] === text)) {
    await drag(list.nth(0), list.nth(shown.length - 1));
    await expect.poll(async () => (await list.nth(0).innerText()).trim()).not.toBe(shown[0]);
  }
  for (const [i, text] of order.entries()) {
    const card = list.filter({ hasText: new RegExp(`^\\s*${text}\\s*$`) });
    if ((await list.nth(i).innerText()).trim() === text) continue;
    await drag(card, list.nth(i));
    await expect.poll(async () => (await list.nth(i).innerText()).trim()).toBe(text);
  }
}

describe('the QuML export in the Sunbird QuML player', () => {
  it('shows every type with its own component, and scores each answer as the bank does', async () => {
    await page().goto(`${QUML_ORIGIN}/`);
    await expect
      .poll(async () => player().innerText(), { timeout: 30_000 })
      .toContain('Arithmetic');
    // The set's page, then the section's page (its name), then its first question.
    await next();
    await expect.poll(async () => player().innerText()).toContain('Section 1');
    await next();

    // Single choice, answered wrongly.
    await onQuestion(1);
    await expect.poll(async () => player().innerText()).toContain('What is 2 + 2?');
    await slide().locator('.quml-option-card', { hasText: /^3$/ }).click();
    await next();
    expect(await scoreOf(1)).toBe(bankScore(QUESTIONS[0]!, { optionIds: ['A'] }));
    // A wrong answer's feedback stays (Try again, View solution) until the learner moves on.
    await page().getByText('Try Again').waitFor();
    await next();

    // Multiple choice: both primes.
    await onQuestion(2);
    await slide().locator('.quml-option-card', { hasText: /^2$/ }).click();
    await slide().locator('.quml-option-card', { hasText: /^7$/ }).click();
    await next();
    expect(await scoreOf(2)).toBe(bankScore(QUESTIONS[1]!, { optionIds: ['A', 'C'] }));
    expect(await scoreOf(2)).toBe(2);

    // Matching: the right-hand sides dragged so that only Hydrogen is matched right.
    await onQuestion(3);
    const rights = slide().locator('quml-mtf .right-pill');
    await expect(rights.allInnerTexts()).resolves.toHaveLength(3);
    expect(
      (await slide().locator('quml-mtf .left-pill').allInnerTexts()).map((t) => t.trim()),
    ).toEqual(['Hydrogen', 'Oxygen']);
    await arrange(rights, ['H', 'He']);
    await next();
    expect(await scoreOf(3)).toBe(bankScore(QUESTIONS[2]!, { matches: [0, 2] }));
    expect(await scoreOf(3)).toBe(1);

    // Ordering: the items dragged into their right order.
    await onQuestion(4);
    const cards = slide().locator('quml-ordered .seq-card');
    await arrange(cards, ['Mercury', 'Venus', 'Earth']);
    await next();
    expect(await scoreOf(4)).toBe(bankScore(QUESTIONS[3]!, { order: [0, 1, 2] }));
    expect(await scoreOf(4)).toBe(2);

    // Cloze, typed gaps: one right (another case), one wrong.
    await onQuestion(5);
    const gaps = slide().locator('quml-ftb input.ftb-inline-input');
    await expect.poll(() => gaps.count()).toBe(2);
    await gaps.nth(0).fill('paris');
    await gaps.nth(1).fill('Germany');
    await next();
    expect(await scoreOf(5)).toBe(bankScore(QUESTIONS[4]!, { blanks: ['paris', 'Germany'] }));
    expect(await scoreOf(5)).toBe(1);

    // Fill in the blank: another accepted answer.
    await onQuestion(6);
    await slide().locator('quml-ftb input.ftb-inline-input').fill('a hundred');
    await next();
    expect(await scoreOf(6)).toBe(bankScore(QUESTIONS[5]!, { blanks: ['a hundred'] }));
    expect(await scoreOf(6)).toBe(2);

    // Numeric and subjective: shown (a subjective answer); the player scores neither.
    await onQuestion(7);
    await expect.poll(async () => player().innerText()).toContain('Gravity at the surface');
    await expect(slide().locator('quml-sa').count()).resolves.toBe(1);
    await expect.poll(async () => player().innerText()).toContain('9.8 (± 0.1) m/s²');
    // Unanswered, a subjective answer's slide may take a second "next" (the first counts it seen).
    await expect
      .poll(
        async () => {
          if (!(await player().innerText()).includes(`8/${QUESTIONS.length}`)) await next();
          return player().innerText();
        },
        { interval: 2000 },
      )
      .toContain(`8/${QUESTIONS.length}`);
    await expect.poll(async () => player().innerText()).toContain('Explain photosynthesis');

    // The export carries the questions' bodies: the player needs no question-list call.
    expect(listed).toEqual([]);
    expect(errors).toEqual([]);
  });
});
