import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { shot } from '../support/screenshot.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('command palette', () => {
  it('Ctrl+K opens it, an ISBN finds the book, Enter opens it; "/" opens it; "?" lists the shortcuts', async () => {
    const page = await browser.newPage();
    await signIn(page, server, server.admin, '/');
    const book = await apiOk(page, server, '/book/createbookcontent', {
      isbn: '9780306406157',
      title: 'Numbers Everywhere',
    });
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    // Ctrl+K from the home screen: the search field has the focus.
    await page.keyboard.press('Control+k');
    const search = page.getByTestId('palette-search');
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    // One letter asks the server nothing; the screens still match.
    let asked = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/search/palette')) asked++;
    });
    await search.fill('b');
    const results = page.getByTestId('palette-results');
    await results.getByRole('button', { name: /^Books/ }).waitFor();
    expect(asked).toBe(0);

    await search.fill('978-0-306-40615');
    const hit = results.getByRole('button', { name: /Numbers Everywhere/ });
    await hit.waitFor();
    await expect.poll(() => hit.getAttribute('data-selected')).toBe('true');
    await expectAccessible(page, 'command palette with results');
    await shot(page, 'palette-open', { fullPage: false });
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/books/${book.id}$`));
    await page.getByRole('heading', { name: 'Numbers Everywhere' }).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // "/" opens it from a screen (focus not in a field), the field focused.
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('numbers');
    await hit.waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // "?" lists the shortcuts.
    await page.keyboard.press('Shift+?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog
      .getByRole('cell', {
        name: 'Open the search, from anywhere (in a rich-text editor: edit a link)',
      })
      .waitFor();
    await expectAccessible(page, 'keyboard shortcuts dialog');
    await shot(page, 'palette-shortcuts', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // In a text field "/" and "?" are characters, not shortcuts.
    await page.goto(`${server.url}/books`);
    const filter = page.getByLabel('Search books');
    await filter.click();
    await page.keyboard.type('/?');
    expect(await filter.inputValue()).toContain('/?');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.close();
  });
});
