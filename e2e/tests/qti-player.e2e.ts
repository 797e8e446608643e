import type { QuestionFields } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { QUESTION_BASE as base, useQtiPlayer } from '../support/qti-player.ts';

/**
 * The QTI items the export writes, opened in a real QTI 3 player
 * (support/qti-player.ts): an answer is given as a learner would, the
 * item's response processing runs, and the SCORE it sets is the bank's
 * (marks when right, minus negative marks when wrong). Matching, ordering
 * and cloze: qti-player-structured.e2e.ts.
 */

const player = useQtiPlayer();
const { open, score } = player;

describe('exported QTI items in @citolab/qti-components', () => {
  const single: QuestionFields = {
    ...base,
    type: 'single_choice',
    stem: '<p>What is 2 + 2?</p>',
    options: [
      { id: 'A', html: '3', correct: false },
      { id: 'B', html: '4', correct: true },
      { id: 'C', html: '5', correct: false },
    ],
  };

  it('a single choice scores its marks when right and minus its negative marks when wrong', async () => {
    await open(single);
    await player.page.locator('qti-simple-choice[identifier="B"]').click();
    expect(await score()).toBe(2);
    await open(single);
    await player.page.locator('qti-simple-choice[identifier="A"]').click();
    expect(await score()).toBe(-0.5);
  });

  it('a multiple choice needs every right option', async () => {
    await open({
      ...base,
      type: 'multiple_choice',
      stem: 'Which are prime?',
      options: [
        { id: 'A', html: '2', correct: true },
        { id: 'B', html: '4', correct: false },
        { id: 'C', html: '7', correct: true },
      ],
    });
    await player.page.locator('qti-simple-choice[identifier="A"]').click();
    await player.page.locator('qti-simple-choice[identifier="C"]').click();
    expect(await score()).toBe(2);
  });

  it('a fill in the blank takes any accepted answer in each blank, and a blank left empty is wrong', async () => {
    const fillBlank: QuestionFields = {
      ...base,
      type: 'fill_blank',
      stem: '___ + 2 = 4, and 10 ÷ 2 = ___',
      blanks: [
        { answers: ['2', 'two'], caseSensitive: false },
        { answers: ['5', 'five'], caseSensitive: false },
      ],
    };
    await open(fillBlank);
    const boxes = player.page.locator('qti-text-entry-interaction input');
    await boxes.nth(0).fill('Two');
    await boxes.nth(1).fill('5');
    await boxes.nth(1).press('Tab');
    expect(await score()).toBe(2);
    // The first blank never touched: its response stays null (the player once failed on it).
    await open(fillBlank);
    await boxes.nth(1).fill('5');
    await boxes.nth(1).press('Tab');
    expect(await score()).toBe(-0.5);
  });

  it('a numeric answer is right within its tolerance, wrong outside it', async () => {
    const numeric: QuestionFields = {
      ...base,
      type: 'numeric',
      stem: 'Acceleration due to gravity?',
      numeric: { value: 9.8, tolerance: 0.1, unit: 'm/s²' },
    };
    for (const [typed, marks] of [
      ['9.85', 2],
      ['9.95', -0.5],
    ] as const) {
      await open(numeric);
      const box = player.page.locator('qti-text-entry-interaction input');
      await box.fill(typed);
      await box.press('Tab');
      expect(await score()).toBe(marks);
    }
  });
});
