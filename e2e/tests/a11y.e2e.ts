import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { checkDialog, expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';
import { tocRowAction } from '../support/toc.ts';

let server: RunningServer;
let browser: Browser;

// No admin yet: the setup screen is the first one checked, and creates the admin.
useServerAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  // Codes are made for a public address only (the "Choose nodes" check below).
  { PUBLIC_BASE_URL: 'https://books.example.test' },
  { setupAdmin: false },
);

const dialog = (page: Page) => page.getByRole('dialog');

describe('no critical or serious axe violation on any screen or dialog', () => {
  it('first-run setup, then the public screens', async () => {
    const page = await browser.newPage();
    const link = new URL(server.setupLink);
    await page.goto(server.url + link.pathname + link.search);
    await page.getByLabel('Name').waitFor();
    await expectAccessible(page, 'setup');
    await page.getByRole('button', { name: 'Create super admin' }).click();
    await page.getByText('Required').first().waitFor();
    await expectAccessible(page, 'setup, empty form submitted');
    await page.getByLabel('Name').fill(server.admin.name);
    await page.getByLabel('Email').fill(server.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(server.admin.password);
    await page.getByLabel('Confirm password').fill(server.admin.password);
    await page.getByRole('button', { name: 'Create super admin' }).click();
    await page.waitForURL(/\/login/);

    await page.getByLabel('Email').waitFor();
    await expectAccessible(page, 'login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Required').first().waitFor();
    await expectAccessible(page, 'login, empty form submitted');

    await page.getByLabel('Email').fill(server.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(server.admin.password);
    // The show/hide toggle is next in the tab order after the password.
    await page.getByLabel('Password', { exact: true }).press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Toggle password visibility',
    );
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Verification code digit 1').waitFor();
    await expectAccessible(page, 'login, code step');
    // Taken, so the next sign-in of this file reads its own code.
    await server.nextCode(server.admin.email);

    for (const [path, label, ready] of [
      ['/password/forgot', 'forgot password', 'Email'],
      ['/password/reset', 'reset without token', 'Ask for a new link'],
      ['/password/reset?token=not-a-real-token-at-all', 'reset, bad token', 'Ask for a new link'],
      ['/invite?token=not-a-real-token-at-all', 'invite, bad token', 'Go to sign in'],
      ['/404', '404 page', 'Back to home'],
      ['/500', '500 page', 'Back to home'],
    ] as const) {
      const other = await browser.newPage();
      await other.goto(server.url + path);
      await other.getByText(ready, { exact: true }).first().waitFor();
      await expectAccessible(other, label);
      await other.close();
    }
    await page.close();
  });

  describe('signed in', () => {
    let page: Page;
    let bookId: number;
    beforeAll(async () => {
      page = await browser.newPage();
      await signIn(page, server);
      const book = await apiOk(page, server, '/book/createbookcontent', {
        isbn: '9780306406157',
        title: 'Checked for access',
      });
      bookId = book.id;
    });

    it('home, profile and the in-layout 404', async () => {
      await page.goto(`${server.url}/`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectAccessible(page, 'home');
      // The active item under the pointer still reads at 4.5:1.
      await page.getByLabel('Main navigation').getByRole('link', { name: 'Home' }).hover();
      await expectAccessible(page, 'home, its sidebar item hovered', { pointer: 'keep' });
      await page.getByTestId('user-menu').click();
      await page.getByRole('menu').waitFor();
      await expectAccessible(page, 'account menu');
      await page.keyboard.press('Escape');
      await page.goto(`${server.url}/profile`);
      await page.getByLabel('Current password').waitFor();
      await expectAccessible(page, 'profile');
      await page.goto(`${server.url}/no/such/screen`);
      await page
        .getByText(/not found/i)
        .first()
        .waitFor();
      await expectAccessible(page, 'not found inside the layout');
    });

    it('admins and its dialogs', async () => {
      await page.goto(`${server.url}/admins`);
      await page.getByText(server.admin.email).first().waitFor();
      await expectAccessible(page, 'admins');
      // A list with rows keeps its (faded) empty state out of what is read out.
      const emptyState = page.locator('.mantine-datatable-empty-state');
      expect(await emptyState.count()).toBe(1);
      expect(await emptyState.isVisible()).toBe(false);
      await checkDialog(page, 'new admin dialog', () =>
        page.getByRole('button', { name: 'New admin' }).click(),
      );
      await checkDialog(page, 'new admin dialog, empty form submitted', async () => {
        await page.getByRole('button', { name: 'New admin' }).click();
        await dialog(page).getByRole('button', { name: 'Create admin' }).click();
        await dialog(page).getByText('Required').first().waitFor();
      });
      await apiOk(page, server, '/manage/createadminuser', {
        name: 'Second Admin',
        email: 'second@example.test',
        modules: [],
      });
      await page.reload();
      await page.getByText('second@example.test').first().waitFor();
      await checkDialog(page, 'edit admin dialog', () =>
        page.getByRole('button', { name: 'Edit Second Admin' }).click(),
      );
      await checkDialog(page, 'disable admin dialog', () =>
        page.getByRole('button', { name: 'Disable Second Admin' }).click(),
      );
      await checkDialog(page, 'delete admin dialog', () =>
        page.getByRole('button', { name: 'Delete Second Admin' }).click(),
      );
    });

    it('keyboard: a skip link first, focus on the new screen after navigation', async () => {
      // A page load leaves focus at the start: the first Tab reaches the skip link.
      await page.goto(`${server.url}/`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.keyboard.press('Tab');
      const focused = () =>
        page.evaluate(() => {
          const el = document.activeElement;
          return `${el?.tagName} ${el?.id || ''} ${el?.textContent?.trim() ?? ''}`.trim();
        });
      expect(await focused()).toBe('A  Skip to content');
      await page.keyboard.press('Enter');
      await expect.poll(focused).toMatch(/^MAIN main-content/);

      await page.getByLabel('Main navigation').getByRole('link', { name: 'Admins' }).click();
      await page.waitForURL(/\/admins/);
      await expect.poll(focused).toBe('H1  Admins');
      await page.getByLabel('Main navigation').getByRole('link', { name: 'Books' }).press('Enter');
      await expect.poll(focused).toBe('H1  Books');
    });

    it('audit log', async () => {
      await page.goto(`${server.url}/audit`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByRole('table').first().waitFor();
      await expectAccessible(page, 'audit log');
    });

    it('books list, book page and their dialogs', async () => {
      await page.goto(`${server.url}/books`);
      await page.getByText('Checked for access').first().waitFor();
      await expectAccessible(page, 'books');
      await checkDialog(page, 'new book dialog', () =>
        page.getByRole('button', { name: 'New book' }).click(),
      );
      await checkDialog(page, 'book import dialog', () =>
        page.getByRole('button', { name: 'Import' }).click(),
      );
      await page.goto(`${server.url}/books/${bookId}`);
      await page.getByRole('heading', { name: 'Checked for access' }).waitFor();
      await expectAccessible(page, 'book page');
      await checkDialog(page, 'edit book dialog', () =>
        page.getByRole('button', { name: 'Edit book' }).click(),
      );
      await page.goto(`${server.url}/books/abc`);
      await page
        .getByText(/not found/i)
        .first()
        .waitFor();
      await expectAccessible(page, 'book not found');
    });

    it('the TOC editor and its panels', async () => {
      await page.goto(`${server.url}/books/${bookId}`);
      const section = page.getByTestId('toc-section');
      await section.getByRole('button', { name: 'Add a top-level node' }).click();
      await section.getByLabel('New node title').fill('Unit 1');
      await section.getByLabel('New node title').press('Enter');
      await section.getByText('Unit 1', { exact: true }).waitFor();
      await expectAccessible(page, 'TOC editor with a node');
      await section.getByText('Unit 1', { exact: true }).click();
      await page.getByTestId('toc-node-panel').waitFor();
      await expectAccessible(page, 'TOC node panel');
      await checkDialog(page, 'TOC upload dialog', () =>
        section.getByRole('button', { name: 'Upload TOC' }).click(),
      );
      await section.getByRole('button', { name: 'Actions for Unit 1', exact: true }).click();
      await page.getByRole('menu').waitFor();
      await expectAccessible(page, 'TOC row menu');
      await page.keyboard.press('Escape');
      await checkDialog(page, 'TOC delete dialog', () => tocRowAction(section, 'Unit 1', 'Delete'));
    });

    it("QR codes: the node list of 'Choose nodes' is reached by keyboard when every node has a code", async () => {
      const book = await apiOk(page, server, '/book/createbookcontent', {
        isbn: '9783161484100',
        title: 'Coded everywhere',
      });
      for (let i = 1; i <= 24; i++) {
        await apiOk(page, server, '/book/addtocnode', {
          bookId: book.id,
          title: `Lesson ${i}`,
          kind: 'chapter',
        });
      }
      await apiOk(page, server, '/book/generateqrcode', { mode: 'nodes', bookId: book.id });
      await page.goto(`${server.url}/books/${book.id}`);
      await page.getByRole('tab', { name: 'QR codes' }).click();
      await page.getByText('24 codes for this book').waitFor();
      await checkDialog(page, 'generate dialog, every node coded', async () => {
        await page.getByRole('button', { name: 'Choose nodes or spare…' }).click();
        await dialog(page).getByText('Lesson 24 (has a code)').waitFor();
      });
    });

    it('curriculum', async () => {
      await page.goto(`${server.url}/curriculum`);
      await page.getByRole('region', { name: 'Grades' }).waitFor();
      await expectAccessible(page, 'curriculum');
      await checkDialog(page, 'curriculum upload dialog', () =>
        page.getByRole('button', { name: 'Upload XLSX' }).click(),
      );
    });

    it('media library, its dialogs and the player', async () => {
      await apiOk(page, server, '/media/addvideo', {
        source: 'url',
        url: 'https://127.0.0.1:1/lessons/missing.mp4',
        title: 'Linked lesson',
      });
      await page.goto(`${server.url}/media`);
      await page.getByText('Linked lesson').first().waitFor();
      await expectAccessible(page, 'media library');
      await checkDialog(page, 'add video dialog', () =>
        page.getByRole('button', { name: 'Add video' }).click(),
      );
      await checkDialog(page, 'edit media dialog', () =>
        page.getByRole('button', { name: 'Edit Linked lesson' }).click(),
      );
      await checkDialog(page, 'delete media dialog', () =>
        page.getByRole('button', { name: 'Delete Linked lesson' }).click(),
      );
      await checkDialog(page, 'media player', () =>
        page.getByRole('button', { name: 'Play Linked lesson' }).click(),
      );
    });
  });
});
