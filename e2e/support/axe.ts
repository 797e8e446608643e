import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

/** Impacts that fail a test; "moderate" and "minor" findings are left to review. */
const FAILING = new Set(['critical', 'serious']);

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

/**
 * Waits for running CSS transitions and animations (a modal fading in, a
 * drawer sliding) so colour contrast is measured on the settled screen, not
 * on a half-transparent frame. Endless ones (loaders) are not waited for.
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.race([
      Promise.allSettled(finite.map((a) => a.finished)),
      new Promise((r) => setTimeout(r, 2000)),
    ]);
  });
}

/** One violation as a few readable lines: rule, impact, what to fix, where. */
export function describeViolation(v: AxeViolation): string {
  const where = v.nodes
    .slice(0, 5)
    .map((n) => {
      const summary = (n.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
      return `    at ${n.target.join(' ')}\n       ${n.html.slice(0, 160)}${summary ? `\n       ${summary}` : ''}`;
    })
    .join('\n');
  const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
  return `  ${v.id} (${v.impact}): ${v.help}\n${where}${more}`;
}

/**
 * Runs axe-core on the page as it is now (the whole document, open dialogs
 * included) and fails on any critical or serious violation, listing each with
 * its elements. `label` names the screen or dialog in the failure message.
 */
export async function expectAccessible(
  page: Page,
  label: string,
  /** `pointer: 'keep'` checks the hover look the test put the pointer on. */
  opts: { pointer?: 'keep' } = {},
) {
  // The resting look is checked unless asked: a control left under the
  // pointer by the last click would be measured in its hover colours.
  if (opts.pointer !== 'keep') await page.mouse.move(0, 0);
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) {
    // Evaluated, not added as a <script>: the app's Content-Security-Policy
    // (script-src 'self') refuses inline scripts, and the test must not weaken it.
    axeSource ??= readFileSync(axePath, 'utf8');
    await page.evaluate(axeSource);
  }
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  });
  const failing = violations.filter((v) => FAILING.has(v.impact ?? ''));
  expect(
    failing.length,
    `${label}: ${failing.length} accessibility violation(s)\n${failing.map(describeViolation).join('\n')}`,
  ).toBe(0);
}

/** Opens a dialog with `open`, checks it, and closes it with Escape. */
export async function checkDialog(page: Page, label: string, open: () => Promise<void>) {
  const dialog = page.getByRole('dialog');
  await open();
  await dialog.first().waitFor();
  await expectAccessible(page, label);
  await page.keyboard.press('Escape');
  await dialog.first().waitFor({ state: 'detached' });
  // Focus goes back to the page (what opened the dialog), never to <body>.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.tagName ?? 'none'), {
      message: `${label}: focus after closing`,
    })
    .not.toMatch(/^(BODY|none)$/);
}
