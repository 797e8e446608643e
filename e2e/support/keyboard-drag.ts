import type { Page } from 'playwright-core';

/**
 * Presses Space on the focused drag handle to pick its item up, then waits
 * until the sort list's keyboard sensor listens for the arrow keys.
 *
 * dnd-kit's KeyboardSensor starts the drag at once but adds its keydown
 * listener in a `setTimeout(0)`; on a loaded machine the pick-up can be
 * rendered and announced before that timer runs, and an arrow pressed then
 * is lost. A timer set after the pick-up runs after the sensor's, so
 * awaiting one makes the next key press count.
 */
export async function pickUpByKeyboard(page: Page, announced?: string) {
  await page.keyboard.press('Space');
  if (announced) await page.getByText(announced).waitFor({ state: 'attached' });
  await page.evaluate(() => new Promise((done) => setTimeout(done, 20)));
}
