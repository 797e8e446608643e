import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkDialog, expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { pickUpByKeyboard } from '../support/keyboard-drag.ts';
import { addRecordedVideo } from '../support/media-video.ts';
import { shot } from '../support/screenshot.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const shelf = (page: Page) => page.getByRole('list', { name: 'Promo videos' });
/** The promo titles as the shelf shows them, in order ("1. Welcome" → "Welcome"). */
async function titles(page: Page) {
  const texts = await shelf(page).locator('li p:first-of-type').allTextContents();
  return texts.map((t) => t.replace(/^\d+\.\s*/, ''));
}
async function shelfIs(page: Page, want: string[]) {
  await expect.poll(() => titles(page), { timeout: 10_000 }).toEqual(want);
}

describe('promo videos', () => {
  it('adds promos from the library, orders them by drag and by keyboard, switches one off', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    // Real, playable uploads: the shelf shows a player per promo.
    for (const title of ['Welcome clip', 'Tour clip', 'Offer clip'])
      await addRecordedVideo(page, title);
    await page.goto(`${server.url}/promo-videos`);
    await page.getByText('No promo video yet.').waitFor();
    await expectAccessible(page, 'promo videos (empty)');
    await checkDialog(page, 'add promo dialog', () =>
      page.getByRole('button', { name: 'Add promo video' }).click(),
    );

    for (const [video, title] of [
      ['Welcome clip', 'Welcome'],
      ['Tour clip', 'Tour'],
      ['Offer clip', 'Offer'],
    ] as const) {
      await page.getByRole('button', { name: 'Add promo video' }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .locator('input')
        .and(page.getByLabel('Video from the media library'))
        .fill(video);
      await page.getByRole('option', { name: video }).click();
      await dialog.getByLabel('Title').fill(title);
      if (title === 'Welcome') {
        await dialog.locator('input').and(page.getByLabel('Grades')).click();
        await page.getByRole('option').first().click();
        await dialog.getByLabel('Description').click();
        await shot(page, 'promo-form', { fullPage: false });
      }
      await dialog.getByRole('button', { name: 'Add' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await shelfIs(page, ['Welcome', 'Tour', 'Offer']);
    await expectAccessible(page, 'promo shelf');
    await shot(page, 'promo-shelf');

    // Drag Offer to the top with the mouse.
    const handle = shelf(page).getByRole('button', { name: 'Drag Offer' });
    const first = shelf(page).getByRole('listitem').first();
    const from = (await handle.boundingBox())!;
    const to = (await first.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 14 });
    await page.mouse.up();
    await shelfIs(page, ['Offer', 'Welcome', 'Tour']);
    await page.reload();
    await shelfIs(page, ['Offer', 'Welcome', 'Tour']);

    // The keyboard way: Tour up one place.
    await shelf(page).getByRole('button', { name: 'Drag Tour' }).focus();
    const said = (text: string) => page.getByText(text).waitFor({ state: 'attached' });
    await pickUpByKeyboard(page, 'Tour is over position 3 of 3.');
    await page.keyboard.press('ArrowUp');
    await said('Tour is over position 2 of 3.');
    await page.keyboard.press('Space');
    await said('Tour dropped at position 2 of 3.');
    await shelfIs(page, ['Offer', 'Tour', 'Welcome']);
    await page.reload();
    await shelfIs(page, ['Offer', 'Tour', 'Welcome']);

    // Off the app's shelf, still on this list.
    await page.getByRole('switch', { name: 'Active: Tour' }).click({ force: true });
    await page
      .getByTestId(/promo-row-/)
      .filter({ hasText: 'Tour' })
      .getByText('Inactive')
      .waitFor();
    await checkDialog(page, 'edit promo dialog', async () => {
      await shelf(page).getByRole('button', { name: 'Actions for Welcome' }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
    });
    await shot(page, 'promo-videos');
    await page.close();
  });
});
