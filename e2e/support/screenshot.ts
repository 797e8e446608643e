import type { Page } from 'playwright-core';

/**
 * Saves the screen as `<name>.png` in the directory E2E_SCREENSHOTS names, to
 * be looked at by a person; without it, nothing (a test run leaves no files).
 */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: opts.fullPage ?? true });
}
