import {
  type Answer,
  type AssessmentItem,
  type PartialCredit,
  type QuestionFields,
  scoreAttempt,
} from '@bo/contract';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { QUESTION_BASE as base, useQtiPlayer } from '../support/qti-player.ts';

/**
 * Matching, ordering and cloze items as the export writes them, answered
 * in a real QTI 3 player (support/qti-player.ts) through its own controls:
 * its drag and drop by keyboard (Space picks a choice up, the arrow keys
 * walk the places it may go, Space puts it down), its drop-down and text
 * boxes. The SCORE the item's response processing sets is the bank's own
 * scoring (scoreAttempt) of the same answer: a fully right answer, and a
 * partly right one with the assessment's two markings (per-option credit:
 * part marks; all or nothing: wrong, minus the negative marks).
 */

const player = useQtiPlayer();

/** Our score of `answer` to `q` as one item of an assessment marked `partialCredit`. */
function ours(q: QuestionFields, answer: Answer, partialCredit: PartialCredit): number {
  const item = {
    id: 1,
    kind: 'question',
    sectionId: null,
    position: 1,
    questionId: 7,
    instruction: null,
    marks: q.marks,
    negativeMarks: q.negativeMarks,
    active: true,
    atSeconds: null,
    question: { ...q, id: 7 },
  } as AssessmentItem;
  return scoreAttempt({ partialCredit, unansweredMarks: 0, items: [item] }, { 1: answer }).score;
}

/** Keyboard drag and drop: `choice` put on the `place`-th place it may go (from 0). */
async function dropByKeyboard(choice: Locator, place: number) {
  await choice.focus();
  await player.page.keyboard.press('Space');
  for (let i = 0; i < place; i++) await player.page.keyboard.press('ArrowDown');
  await player.page.keyboard.press('Space');
}

/** Answers `q` in the player with `give`, then checks the player's SCORE against ours and `expected`. */
async function scoresAsWeDo(
  q: QuestionFields,
  give: () => Promise<void>,
  answer: Answer,
  expected: Record<PartialCredit, number>,
) {
  for (const partialCredit of ['per_option', 'all_or_nothing'] as const) {
    await player.open({ ...q, partialCredit });
    await give();
    const score = await player.score();
    expect(score, partialCredit).toBe(ours(q, answer, partialCredit));
    expect(score, partialCredit).toBe(expected[partialCredit]);
  }
}

describe('exported matching, ordering and cloze items in @citolab/qti-components', () => {
  const matching: QuestionFields = {
    ...base,
    type: 'matching',
    stem: '<p>Match each element to its symbol</p>',
    matching: {
      pairs: [
        { left: 'Hydrogen', right: 'H' },
        { left: 'Oxygen', right: 'O' },
        { left: 'Carbon', right: 'C' },
      ],
      distractors: ['He', 'Ne'],
    },
  };
  /** Each left-hand text (L1…) dropped on a right-hand one (R1…: the pairs', then the extra ones). */
  const match = (pairs: [number, number][]) => async () => {
    const rights = player.page.locator(
      'qti-simple-match-set:last-of-type > qti-simple-associable-choice',
    );
    const shown = await rights.evaluateAll((els) => els.map((e) => e.getAttribute('identifier')));
    for (const [left, right] of pairs)
      await dropByKeyboard(
        player.page.locator(`qti-simple-associable-choice[identifier="L${left + 1}"]`),
        shown.indexOf(`R${right + 1}`),
      );
  };

  it('a matching item scores every pair right, and a part of them', async () => {
    const right: [number, number][] = [
      [0, 0],
      [1, 1],
      [2, 2],
    ];
    await scoresAsWeDo(
      matching,
      match(right),
      { matches: [0, 1, 2] },
      { per_option: 2, all_or_nothing: 2 },
    );
    // Hydrogen right, Oxygen on C, Carbon on the extra He: 1 of 3 pairs, 2 × 1/3 to the quarter.
    const partly: [number, number][] = [
      [0, 0],
      [1, 2],
      [2, 3],
    ];
    await scoresAsWeDo(
      matching,
      match(partly),
      { matches: [0, 2, 3] },
      { per_option: 0.75, all_or_nothing: -0.5 },
    );
  });

  const ordering: QuestionFields = {
    ...base,
    type: 'ordering',
    stem: '<p>From the Sun</p>',
    ordering: { items: ['Mercury', 'Venus', 'Earth', 'Mars'] },
  };
  /** The items (by their right place, from 0) put in the player's places in this order. */
  const put = (order: number[]) => async () => {
    for (const [place, item] of order.entries())
      await dropByKeyboard(
        player.page.locator(`qti-simple-choice[identifier="I${item + 1}"]`),
        place,
      );
  };

  it('an ordering item scores the right order, and a part of the places', async () => {
    await scoresAsWeDo(
      ordering,
      put([0, 1, 2, 3]),
      { order: [0, 1, 2, 3] },
      { per_option: 2, all_or_nothing: 2 },
    );
    // Earth and Mars swapped: 2 of 4 places right.
    await scoresAsWeDo(
      ordering,
      put([0, 1, 3, 2]),
      { order: [0, 1, 3, 2] },
      { per_option: 1, all_or_nothing: -0.5 },
    );
  });

  const cloze: QuestionFields = {
    ...base,
    type: 'cloze',
    stem: '<p>___ is the capital of ___, and ___ the capital of Italy.</p>',
    cloze: {
      gaps: [
        { kind: 'text', answers: ['Paris', 'Paname'], caseSensitive: false },
        {
          kind: 'choice',
          choices: [
            { text: 'Spain', correct: false },
            { text: 'France', correct: true },
          ],
        },
        {
          kind: 'choice',
          choices: [
            { text: 'Rome', correct: true },
            { text: 'Milan', correct: false },
          ],
        },
      ],
    },
  };
  /** Types `typed` in the text gap, picks the choices of the two drop-downs. */
  const fill = (typed: string, picks: string[]) => async () => {
    const box = player.page.locator('qti-text-entry-interaction input');
    await box.fill(typed);
    await box.press('Tab');
    for (const [i, pick] of picks.entries()) {
      await player.page.locator('qti-inline-choice-interaction').nth(i).click();
      await player.page.locator('qti-inline-choice', { hasText: pick }).click();
    }
  };

  it('a cloze item scores every gap right, and a part of them', async () => {
    await scoresAsWeDo(
      cloze,
      fill('PARIS', ['France', 'Rome']),
      { blanks: ['PARIS', 'France', 'Rome'] },
      { per_option: 2, all_or_nothing: 2 },
    );
    // Right text, wrong country, right city: 2 of 3 gaps, 2 × 2/3 to the quarter.
    await scoresAsWeDo(
      cloze,
      fill('paname', ['Spain', 'Rome']),
      { blanks: ['paname', 'Spain', 'Rome'] },
      { per_option: 1.25, all_or_nothing: -0.5 },
    );
  });
});
