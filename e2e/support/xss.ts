import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The stored-XSS payloads the browser tests put into every field (docs/
 * security.md item 18). Each sets `window.__xss` if it ever runs; the tag
 * makes it unique per field.
 */
export const xssPayloads = (tag: string) => [
  `<img src=x onerror="window.__xss='${tag}'">`,
  `<svg onload="window.__xss='${tag}'"><foreignObject/></svg>`,
  `"><script>window.__xss='${tag}'</script>`,
];

/** Nothing ran, and the DOM holds no script-bearing URL or foreignObject. */
export async function expectInert(page: Page, where: string) {
  const found = await page.evaluate(() => ({
    ran: (window as unknown as { __xss?: string }).__xss ?? null,
    scriptUrls: [...document.querySelectorAll('[href],[src],[action],[formaction]')]
      .flatMap((el) => ['href', 'src', 'action', 'formaction'].map((a) => el.getAttribute(a)))
      .filter((v) => v && /^\s*(javascript|vbscript|data:text\/html)/i.test(v)),
    foreignObjects: document.getElementsByTagName('foreignObject').length,
    injectedImages: document.querySelectorAll('img[src="x"]').length,
  }));
  expect(found, where).toEqual({
    ran: null,
    scriptUrls: [],
    foreignObjects: 0,
    injectedImages: 0,
  });
}
