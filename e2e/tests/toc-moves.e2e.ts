import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signInThroughUi } from '../support/session.ts';
import { tocRows } from '../support/toc.ts';

let server: RunningServer;
let browser: Browser;

// One demo book: a TOC of chapters (top level) with their topics, as the seed builds it.
useServerAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  {},
  { demoBooks: 1 },
);

/** The body of the next movetocnode call. */
const nextMove = (page: Page) =>
  page
    .waitForRequest((r) => r.url().endsWith('/api/book/movetocnode'))
    .then((r) => r.postDataJSON());

/** Picks a node up by its handle, presses `keys`, drops it; answers the move sent. */
async function keyboardMove(page: Page, section: Locator, title: string, keys: string[]) {
  await section.getByLabel(`Drag ${title}`, { exact: true }).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(150);
  for (const key of keys) {
    await page.keyboard.press(key);
    await page.waitForTimeout(150);
  }
  const moved = nextMove(page);
  await page.keyboard.press('Space');
  return moved;
}

describe('TOC moves', () => {
  it('Up and Down keep a chapter a chapter; Right nests it; row menus are reached by keyboard', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInThroughUi(page, server);
    const { items } = await apiOk(page, server, '/book/getisbn?pageSize=1');
    await page.goto(`${server.url}/books/${items[0].id}`);
    const section = page.getByTestId('toc-section');
    const rows = () => tocRows(section);
    await expect.poll(async () => (await rows()).length).toBeGreaterThan(6);
    const start = await rows();
    const chapters = start.filter((r) => r.startsWith('0 ')).map((r) => r.slice(2));
    const [first, second] = chapters as [string, string];
    // Every chapter is at the top level, every topic one below.
    const depthsOk = async () =>
      (await rows()).every((r) => chapters.includes(r.slice(2)) === r.startsWith('0 '));
    await expectAccessible(page, 'book page with its TOC');

    // Down over the next chapter (open, with topics): after all of its topics, still a chapter.
    expect(await keyboardMove(page, section, first, ['ArrowDown'])).toEqual({
      id: expect.any(Number),
      parentId: null,
      position: 1,
    });
    await expect.poll(async () => (await rows()).indexOf(`0 ${first}`)).toBeGreaterThan(1);
    expect((await rows())[0]).toBe(`0 ${second}`);
    expect(await depthsOk()).toBe(true);

    // Up over the topics of the chapter above: before that chapter, first again.
    expect(await keyboardMove(page, section, first, ['ArrowUp'])).toEqual({
      id: expect.any(Number),
      parentId: null,
      position: 0,
    });
    await expect.poll(rows).toEqual(start);

    // Right asks for nesting: the second chapter goes under the first, after its topics.
    const topicsOfFirst = start.indexOf(`0 ${second}`) - 1;
    const nested = await keyboardMove(page, section, second, ['ArrowRight']);
    expect(nested).toEqual({
      id: expect.any(Number),
      parentId: expect.any(Number),
      position: topicsOfFirst,
    });
    await expect.poll(rows).toContain(`1 ${second}`);

    // The row menu: Tab from the title reaches it, shown; Enter opens it; a move from it.
    const title = section
      .getByTestId('toc-node')
      .filter({ has: page.getByLabel(`Drag ${second}`, { exact: true }) })
      .getByRole('button', {
        name: new RegExp(`^${second.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      });
    await title.focus();
    await page.keyboard.press('Tab');
    const menuButton = section.getByRole('button', { name: `Actions for ${second}` });
    expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await menuButton.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Move up' }).waitFor();
    await expectAccessible(page, 'TOC row menu');
    const moved = nextMove(page);
    await page.getByRole('menuitem', { name: 'Move up' }).click();
    expect(await moved).toEqual({
      id: expect.any(Number),
      parentId: nested.parentId,
      position: topicsOfFirst - 1,
    });

    // Rows not hovered or focused keep their menus out of sight (but in the tab order).
    const other = section.getByRole('button', { name: `Actions for ${chapters[2]}` });
    await page.mouse.move(1, 1);
    await section.getByRole('button', { name: 'Download TOC (XLSX)' }).focus();
    expect(await other.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    expect(await other.getAttribute('tabindex')).not.toBe('-1');
    await page.close();
  });
});
