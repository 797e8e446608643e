import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { shot } from '../support/screenshot.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn, signInThroughUi } from '../support/session.ts';
import { secondAdmin } from '../support/signed-out.ts';

/**
 * Saved views, columns and density (docs/web-ux.md): the one mechanism of
 * every list table, tried on the books and the question bank. Columns hidden
 * and moved and the density are in the URL; a view saves them with the
 * filters, opens from its copied link, is shared with another admin and deleted.
 */

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const headers = (page: Page) =>
  page
    .getByTestId('list-table')
    .locator('thead th')
    .evaluateAll((cells) => cells.map((c) => c.textContent?.trim()).filter(Boolean));
const tabs = (page: Page) => page.getByRole('tablist', { name: 'Saved views' });
const density = (page: Page) => page.getByTestId('list-table').getAttribute('data-density');

async function chooseColumns(
  page: Page,
  steps: (chooser: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.getByRole('button', { name: 'Columns' }).click();
  const chooser = page.getByRole('dialog', { name: 'Columns' });
  await chooser.waitFor();
  await steps(chooser);
  await page.keyboard.press('Escape');
  await chooser.waitFor({ state: 'hidden' });
}

async function saveView(page: Page, name: string, label: string) {
  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('Name').fill(name);
  await expectAccessible(page, `save-view dialog (${label})`);
  await shot(page, `saved-views-${label}-save-dialog`, { fullPage: false });
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await dialog.waitFor({ state: 'detached' });
  const tab = tabs(page).getByRole('tab', { name });
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  await page.waitForURL(/savedView=\d+/);
}

describe('saved views, columns and density', () => {
  it('books and questions: columns, density and a view saved, opened from its link, shared and deleted', async () => {
    const context = await browser.newContext({
      permissions: ['clipboard-read', 'clipboard-write'],
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await signIn(page, server);
    const ok = (path: string, body?: unknown) => apiOk(page, server, path, body);
    await ok('/book/createbookcontent', {
      isbn: '9780306406157',
      title: 'Numbers Everywhere',
      status: 'active',
    });
    await ok('/book/createbookcontent', { isbn: '9780131101630', title: 'Letters Later' });
    await ok('/questions/addquestions', {
      questions: [
        {
          type: 'numeric',
          stem: '<p>How many sides has a hexagon?</p>',
          numeric: { value: 6, tolerance: 0, unit: null },
          difficulty: 'medium',
        },
      ],
    });

    // Books: hide Grade, move Title first, compact rows; all of it in the URL.
    await page.goto(`${server.url}/books?status=active`);
    await page
      .getByTestId(/^book-row-/)
      .first()
      .waitFor();
    expect(await headers(page)).toEqual(['ISBN', 'Title', 'Grade', 'Subject', 'Status', 'Updated']);
    await chooseColumns(page, async (chooser) => {
      await expectAccessible(page, 'column chooser (books)');
      await shot(page, 'saved-views-books-chooser', { fullPage: false });
      await chooser.getByRole('checkbox', { name: 'Grade' }).click();
      // The URL takes it (a router transition), then the box shows it.
      await expect
        .poll(() => chooser.getByRole('checkbox', { name: 'Grade' }).isChecked())
        .toBe(false);
      // The keyboard does it: focus the button, Enter.
      await chooser.getByRole('button', { name: 'Move Title up' }).focus();
      await page.keyboard.press('Enter');
    });
    await expect
      .poll(() => headers(page))
      .toEqual(['Title', 'ISBN', 'Subject', 'Status', 'Updated']);
    expect(new URL(page.url()).searchParams.get('cols')).toBe(
      'title,isbn,subjectName,status,updatedAt',
    );
    await page.getByRole('radiogroup', { name: 'Row density' }).getByText('Compact').click();
    await expect.poll(() => density(page)).toBe('compact');
    expect(new URL(page.url()).searchParams.get('density')).toBe('compact');

    await saveView(page, 'Active, title first', 'books');
    await shot(page, 'saved-views-books-saved', { fullPage: false });
    const booksView = new URL(page.url()).searchParams.get('savedView');

    // Its link, copied, opens the same list in a fresh tab.
    await page.getByRole('button', { name: 'Actions for view Active, title first' }).click();
    await page.getByRole('menuitem', { name: 'Copy link' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toContain(`savedView=${booksView}`);
    const reopened = await context.newPage();
    await reopened.goto(link);
    await reopened
      .getByTestId(/^book-row-/)
      .first()
      .waitFor();
    expect(await headers(reopened)).toEqual(['Title', 'ISBN', 'Subject', 'Status', 'Updated']);
    expect(await density(reopened)).toBe('compact');
    expect(await reopened.getByTestId(/^book-row-/).count()).toBe(1);
    await expect
      .poll(() =>
        tabs(reopened)
          .getByRole('tab', { name: 'Active, title first' })
          .getAttribute('aria-selected'),
      )
      .toBe('true');
    await reopened.close();

    // Shared with the team.
    await page.getByRole('button', { name: 'Actions for view Active, title first' }).click();
    await page.getByRole('menuitem', { name: 'Share with the team' }).click();
    await tabs(page)
      .getByRole('tab', { name: /Active, title first\s*, shared with the team/ })
      .waitFor();

    // "All" is the list as it comes.
    await tabs(page).getByRole('tab', { name: 'All' }).click();
    await expect
      .poll(() => headers(page))
      .toEqual(['ISBN', 'Title', 'Grade', 'Subject', 'Status', 'Updated']);
    expect(await density(page)).toBe('comfortable');

    // Questions: the same mechanism, a private view.
    await page.goto(`${server.url}/questions`);
    await page
      .getByTestId(/^question-row-/)
      .first()
      .waitFor();
    await chooseColumns(page, async (chooser) => {
      await expectAccessible(page, 'column chooser (questions)');
      await chooser.getByRole('checkbox', { name: 'Difficulty' }).click();
      await expect
        .poll(() => chooser.getByRole('checkbox', { name: 'Difficulty' }).isChecked())
        .toBe(false);
      await chooser.getByRole('button', { name: 'Move Status up' }).click();
    });
    await expect
      .poll(() => headers(page))
      .toEqual(['Question', 'Status', 'Type', 'Marks', 'Updated', 'Actions']);
    await page.getByRole('radiogroup', { name: 'Row density' }).getByText('Compact').click();
    await saveView(page, 'My compact bank', 'questions');
    await page.reload();
    await page
      .getByTestId(/^question-row-/)
      .first()
      .waitFor();
    expect(await headers(page)).toEqual([
      'Question',
      'Status',
      'Type',
      'Marks',
      'Updated',
      'Actions',
    ]);
    expect(await density(page)).toBe('compact');
    await expect
      .poll(() =>
        tabs(page).getByRole('tab', { name: 'My compact bank' }).getAttribute('aria-selected'),
      )
      .toBe('true');

    // Another admin of books and questions sees the shared view, not the private one, and cannot change it.
    const mate = await secondAdmin(server, 'Mira Mate', 'mira@example.test', {
      role: 'admin',
      modules: ['books', 'questions'],
    });
    const other = await (await browser.newContext()).newPage();
    await signInThroughUi(other, server, mate);
    await other.goto(`${server.url}/books`);
    const sharedTab = tabs(other).getByRole('tab', {
      name: /Active, title first\s*, shared by Chief/,
    });
    await sharedTab.click();
    await expect
      .poll(() => headers(other))
      .toEqual(['Title', 'ISBN', 'Subject', 'Status', 'Updated']);
    expect(await density(other)).toBe('compact');
    await other.getByRole('button', { name: 'Actions for view Active, title first' }).click();
    await other.getByText(/Shared by/).waitFor();
    expect(await other.getByRole('menuitem', { name: 'Delete…' }).count()).toBe(0);
    await shot(other, 'saved-views-books-other-admin', { fullPage: false });
    await other.keyboard.press('Escape');
    await other.goto(`${server.url}/questions`);
    await tabs(other).getByRole('tab', { name: 'All' }).waitFor();
    expect(await tabs(other).getByRole('tab').count()).toBe(1);

    // The owner deletes it; it is gone for the other admin too.
    await page.goto(`${server.url}/books?savedView=${booksView}`);
    await page.getByRole('button', { name: 'Actions for view Active, title first' }).click();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this view?' });
    await confirm.getByRole('button', { name: 'Delete view' }).click();
    await confirm.waitFor({ state: 'detached' });
    await tabs(page)
      .getByRole('tab', { name: /Active, title first/ })
      .waitFor({ state: 'detached' });
    await other.goto(`${server.url}/books`);
    await tabs(other).getByRole('tab', { name: 'All' }).waitFor();
    expect(await tabs(other).getByRole('tab').count()).toBe(1);
    await context.close();
    await other.context().close();
  });
});
