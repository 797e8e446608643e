import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The rows of the question bank's list. */
export const questionRows = (page: Page) => page.locator('[data-testid^="question-row-"]');

/** The list shows exactly `n` rows (polled: the page may still be loading on a busy machine). */
export const expectQuestionRows = (page: Page, n: number) =>
  expect.poll(() => questionRows(page).count(), { timeout: 15_000 }).toBe(n);
