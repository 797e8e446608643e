import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { pickUpByKeyboard } from '../support/keyboard-drag.ts';
import { shot } from '../support/screenshot.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';
import { createBookWithToc, dragTocHandle, nextTocMove, tocRows } from '../support/toc.ts';

let server: RunningServer;
let browser: Browser;

// One demo book: a TOC of chapters (top level) with their topics, as the seed
// builds it. The drag test makes its own small book through the API.
useServerAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  {},
  { demoBooks: 1 },
);

/** Picks a node up by its handle, presses `keys`, drops it; answers the move sent. */
async function keyboardMove(page: Page, section: Locator, title: string, keys: string[]) {
  await section.getByLabel(`Drag ${title}`, { exact: true }).focus();
  // Picked up: dnd-kit's live region at once says where it would go (its place now).
  await pickUpByKeyboard(page, `${title} would go`);
  // dnd-kit's live region says where the item would go after each key; on
  // a loaded machine a fixed pause was not always enough for the sensor to
  // act, and the drop then moved nothing. A key that changes only the depth
  // (Right) may say nothing new, hence the bounded wait.
  const live = page.locator('[id^="DndLiveRegion"]');
  for (const key of keys) {
    const before = await live.textContent();
    await page.keyboard.press(key);
    await expect
      .poll(() => live.textContent(), { timeout: 3000 })
      .not.toBe(before)
      .catch(() => {});
    await page.waitForTimeout(150);
  }
  const moved = nextTocMove(page);
  await page.keyboard.press('Space');
  return moved;
}

describe('TOC moves', () => {
  it('Up and Down keep a chapter a chapter; Right nests it; row menus are reached by keyboard', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server);
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
    const moved = nextTocMove(page);
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

  it('moves nodes by dragging their handles, with the keyboard and the mouse, and keeps the order', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server);
    const book = await createBookWithToc(page, server, '9780131103627', 'Drag book', {
      'Unit 1': ['Chapter A', 'Chapter B'],
      'Unit 2': [],
    });
    await page.goto(`${server.url}/books/${book}`);
    const section = page.getByTestId('toc-section');
    const rows = () => tocRows(section);
    await expect.poll(rows).toEqual(['0 Unit 1', '1 Chapter A', '1 Chapter B', '0 Unit 2']);
    await shot(page, 'toc-tree', { fullPage: false });

    // Keyboard: Space picks the node up, ArrowDown moves it one row, Space drops it.
    await section.getByLabel('Drag Chapter A').focus();
    await pickUpByKeyboard(page);
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(150);
    let moved = nextTocMove(page);
    await page.keyboard.press('Space');
    expect(await moved).toEqual({
      id: expect.any(Number),
      parentId: expect.any(Number),
      position: 1,
    });
    await expect.poll(rows).toEqual(['0 Unit 1', '1 Chapter B', '1 Chapter A', '0 Unit 2']);

    // Mouse: below Unit 2 and to the left: out of Unit 1, last at the top level.
    moved = nextTocMove(page);
    await dragTocHandle(page, 'Chapter B', 'Unit 2', { dy: 12, dx: -30 }, 'toc-dragging');
    expect(await moved).toEqual({ id: expect.any(Number), parentId: null, position: 2 });
    await expect.poll(rows).toEqual(['0 Unit 1', '1 Chapter A', '0 Unit 2', '0 Chapter B']);

    // Mouse: to the right in place: under the row above (Unit 2).
    moved = nextTocMove(page);
    await dragTocHandle(page, 'Chapter B', 'Chapter B', { dy: 0, dx: 30 });
    expect(await moved).toEqual({
      id: expect.any(Number),
      parentId: expect.any(Number),
      position: 0,
    });
    await expect.poll(rows).toEqual(['0 Unit 1', '1 Chapter A', '0 Unit 2', '1 Chapter B']);

    // Keyboard: ArrowLeft takes the node out one level, next to its old parent.
    await section.getByLabel('Drag Chapter A').focus();
    await pickUpByKeyboard(page);
    await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(150);
    moved = nextTocMove(page);
    await page.keyboard.press('Space');
    expect(await moved).toEqual({ id: expect.any(Number), parentId: null, position: 1 });
    await expect.poll(rows).toEqual(['0 Unit 1', '0 Chapter A', '0 Unit 2', '1 Chapter B']);

    await page.reload();
    await expect.poll(rows).toEqual(['0 Unit 1', '0 Chapter A', '0 Unit 2', '1 Chapter B']);
    await shot(page, 'toc-after', { fullPage: false });
    await page.close();
  });
});
