import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

/**
 * Issue 22, section 1: an editor reloaded before saving offers its unsaved
 * values back, for every editor (session-recovery.e2e.ts covers the mail
 * template, the book form and the question editor). Here two editors whose
 * values were partly outside their form: a notification (its audience) and
 * a pop-up (its image), each saved with exactly the values typed before the
 * reload.
 */

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** A 1×1 PNG of the test's own. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Reloads, opens the dialog again and restores what was kept. */
async function reloadAndRestore(page: Page, button: string, dialog: Locator, what: string) {
  await page.reload();
  await page.getByRole('button', { name: button }).click();
  const offer = dialog.getByTestId('draft-offer');
  await offer.waitFor();
  expect(await dialog.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('');
  await expectAccessible(page, `${what} offering kept values`);
  await offer.getByRole('button', { name: 'Restore them' }).click();
  await offer.waitFor({ state: 'detached' });
}

const draftKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('bo-draft:')));

describe('editors keep their unsaved values across a reload (issue 22, section 1)', () => {
  it('notification: title, message, link, audience and "Keep as draft" come back and are saved', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server);
    await page.goto(`${server.url}/notifications`);
    const dialog = page.getByRole('dialog', { name: 'New notification' });
    await page.getByRole('button', { name: 'New notification' }).click();
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Term 2 books are here');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Open the app to read chapter 1.');
    await dialog.getByRole('textbox', { name: 'Link' }).fill('https://example.test/term-2');
    await dialog.getByLabel('Learners matching criteria').check();
    await dialog.getByLabel('Inactive for (days)').fill('45');
    await dialog.getByText('Keep as draft').click();
    await expect.poll(() => draftKeys(page)).toHaveLength(1);

    await reloadAndRestore(page, 'New notification', dialog, 'notification composer');
    expect(await dialog.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(
      'Term 2 books are here',
    );
    expect(await dialog.getByLabel('Inactive for (days)').inputValue()).toBe('45');
    await dialog.getByRole('button', { name: 'Save draft' }).click();
    await dialog.waitFor({ state: 'detached' });

    const list = await apiOk(page, server, '/notification/listofnotification');
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      title: 'Term 2 books are here',
      body: 'Open the app to read chapter 1.',
      link: 'https://example.test/term-2',
      state: 'draft',
      audience: { kind: 'filter', filters: { inactiveForDays: 45 } },
    });
    // Saved: nothing is kept, and the next new notification offers nothing.
    expect(await draftKeys(page)).toEqual([]);
    await page.getByRole('button', { name: 'New notification' }).click();
    await dialog.getByRole('textbox', { name: 'Title' }).waitFor();
    await page.waitForTimeout(300);
    expect(await dialog.getByTestId('draft-offer').count()).toBe(0);
    await page.close();
  }, 120_000);

  it('pop-up: title, link, a cap and the uploaded image come back and are saved', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server);
    await page.goto(`${server.url}/popups`);
    const dialog = page.getByRole('dialog', { name: 'New pop-up' });
    await page.getByRole('button', { name: 'New pop-up' }).click();
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Exam season: 15% off');
    await dialog.getByRole('textbox', { name: 'Link' }).fill('https://example.test/exams');
    await dialog.getByLabel('Times per day').fill('3');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'exams.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_1X1, 'base64'),
    });
    await dialog.getByRole('img', { name: 'Chosen image' }).waitFor();
    await expect
      .poll(async () => (await page.evaluate(() => JSON.stringify(localStorage))).includes('key'))
      .toBe(true);

    await reloadAndRestore(page, 'New pop-up', dialog, 'pop-up form');
    expect(await dialog.getByRole('textbox', { name: 'Link' }).inputValue()).toBe(
      'https://example.test/exams',
    );
    await dialog.getByRole('img', { name: 'Chosen image' }).waitFor();
    await dialog.getByRole('button', { name: 'Create pop-up' }).click();
    await dialog.waitFor({ state: 'detached' });

    const list = await apiOk(page, server, '/user/getlistofpopup');
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      title: 'Exam season: 15% off',
      link: 'https://example.test/exams',
      capPerDay: 3,
      status: 'active',
    });
    expect(list.items[0].imageKey).toEqual(expect.any(String));
    expect(await draftKeys(page)).toEqual([]);
    await page.close();
  }, 120_000);
});
