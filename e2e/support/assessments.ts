import type { Page } from 'playwright-core';
import { apiOk } from './api.ts';
import type { RunningServer } from './server.ts';

/** A single-choice question in the bank (B is right), active unless told. */
export const choiceQuestion = (stem: string, status: 'active' | 'draft' = 'active') => ({
  type: 'single_choice',
  stem: `<p>${stem}</p>`,
  options: [
    { id: 'A', html: '<p>Wrong</p>', correct: false },
    { id: 'B', html: '<p>Right</p>', correct: true },
  ],
  explanation: `<p>Because of ${stem}.</p>`,
  marks: 2,
  negativeMarks: 0,
  status,
});

/** Adds questions to the bank through the API; answers their ids in order. */
export async function seedBankQuestions(
  page: Page,
  server: RunningServer,
  questions: unknown[],
): Promise<number[]> {
  const added = await apiOk(page, server, '/questions/addquestions', { questions });
  return (added.items as { id: number }[]).map((q) => q.id);
}

/** The builder's item rows, top to bottom, as their data-testid. */
export const itemOrder = (page: Page) =>
  page
    .locator('[data-testid^="item-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
