import { randomUUID } from 'node:crypto';
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

/** A 1×1 PNG. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A datetime-local value `minutes` from now, in the browser's time zone. */
const localIn = (minutes: number) => {
  const d = new Date(Date.now() + minutes * 60_000);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

describe('pop-ups and notifications', () => {
  it('creates a pop-up and sees its preview', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server);
    await page.goto(`${server.url}/popups`);
    await page.getByText('No pop-ups yet').waitFor();
    await expectAccessible(page, 'pop-ups list (empty)');

    await page.getByRole('button', { name: 'New pop-up' }).click();
    const dialog = page.getByRole('dialog', { name: 'New pop-up' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Monsoon sale: 20% off');
    await dialog.getByRole('textbox', { name: 'Link' }).fill('https://example.test/sale');
    await dialog.getByLabel('Times per day').fill('2');
    // The image goes up at once; the preview shows it through its signed link.
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'sale.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_1X1, 'base64'),
    });
    await dialog.getByRole('img', { name: 'Chosen image' }).waitFor();
    const previewImage = dialog.getByTestId('popup-preview-card').locator('img');
    await previewImage.waitFor();
    expect(await previewImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    const preview = dialog.getByRole('img', { name: /Pop-up preview: Monsoon sale: 20% off/ });
    await preview.waitFor();
    await expect(dialog.getByTestId('popup-preview-card').textContent()).resolves.toContain('Open');
    await dialog
      .getByTestId('audience-count')
      .getByText(/\d+ learners?/)
      .waitFor();
    await expectAccessible(page, 'pop-up form');
    await shot(page, 'engage-popup-form', { fullPage: false });
    await dialog.getByRole('button', { name: 'Create pop-up' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'Monsoon sale: 20% off' });
    await row.getByText('2/day').waitFor();
    await expectAccessible(page, 'pop-ups list');
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await row.getByText('Inactive').waitFor();
    await shot(page, 'engage-popups', { fullPage: false });
    await page.close();
  });

  it('schedules a notification, edits it, then cancels it', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server);
    await page.goto(`${server.url}/notifications`);
    await page.getByText('No notifications yet').waitFor();
    await expectAccessible(page, 'notifications list (empty)');

    await page.getByRole('button', { name: 'New notification' }).click();
    const dialog = page.getByRole('dialog', { name: 'New notification' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('New chapters are out');
    await dialog
      .getByRole('textbox', { name: 'Message' })
      .fill('Chapter 4 of Science is ready to read.');
    await dialog.getByRole('img', { name: /Notification preview: New chapters are out/ }).waitFor();
    // The audience picker: criteria, then a pasted list with an unknown entry.
    await dialog.getByLabel('Learners matching criteria').check();
    await dialog.getByLabel('Inactive for (days)').fill('30');
    await dialog
      .getByTestId('audience-count')
      .getByText(/\d+ learners?/)
      .waitFor();
    await expectAccessible(page, 'audience picker, criteria');
    await shot(page, 'engage-audience-criteria', { fullPage: false });
    await dialog.getByLabel('A pasted list').check();
    await dialog.getByLabel('Learner ids, app ids or e-mails').fill('nobody@example.test');
    await dialog.getByText('1 entries name no learner').waitFor();
    await dialog.getByLabel('All learners').check();
    await dialog.getByText('At a time').click();
    await dialog.getByLabel('Send at').fill(localIn(120));
    await expectAccessible(page, 'notification composer');
    await shot(page, 'engage-composer', { fullPage: false });
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'New chapters are out' });
    await row.getByText('Scheduled').waitFor();
    await row.getByText(/can be changed or cancelled until then/).waitFor();
    await expectAccessible(page, 'notifications list');

    // Edit: a new title and time.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Change notification' });
    await edit.getByRole('textbox', { name: 'Title' }).fill('Chapter 4 is out');
    await edit.getByLabel('Send at').fill(localIn(240));
    await edit.getByRole('button', { name: 'Schedule' }).click();
    await edit.waitFor({ state: 'detached' });
    const edited = page.getByRole('row').filter({ hasText: 'Chapter 4 is out' });
    await edited.getByText('Scheduled').waitFor();

    // Cancel it: the row says so and offers no more changes.
    await edited.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this notification?' });
    await expectAccessible(page, 'cancel dialog');
    await confirm.getByRole('button', { name: 'Cancel notification' }).click();
    await confirm.waitFor({ state: 'detached' });
    await edited.getByText(/^Cancelled /).waitFor();
    expect(await edited.getByRole('button', { name: 'Edit' }).count()).toBe(0);

    // Sent now through the API: the list shows the delivered count.
    await apiOk(page, server, '/notification/send', {
      title: 'Welcome back',
      body: 'Hello',
      audience: { kind: 'all' },
      mode: 'now',
    });
    await page.reload();
    await page
      .getByRole('row')
      .filter({ hasText: 'Welcome back' })
      .getByText(/delivered to \d+ learners/)
      .waitFor({ timeout: 20_000 });
    await shot(page, 'engage-notifications', { fullPage: false });
    await page.close();
  });

  it('shows a notification being sent: sent, failed and opened, then pause, resume and cancel', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server);
    // Three learners as the learner app registers them.
    const { key } = await apiOk(page, server, '/learnerapp/createkey', { name: 'Engagement app' });
    const ingest = async (events: object[]) => {
      const res = await fetch(`${server.url}/api/ingest/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-learner-app-key': key },
        body: JSON.stringify({ events }),
      });
      expect(res.status).toBe(200);
      return res.json();
    };
    const at = new Date().toISOString();
    const uids = [randomUUID(), randomUUID(), randomUUID()];
    await ingest(
      uids.map((learnerId, i) => ({
        id: randomUUID(),
        type: 'learner_registered',
        at,
        learnerId,
        name: `Reader ${i}`,
      })),
    );
    // One a minute: the first learner at once, the next a minute on; the controls land between.
    const sent = await apiOk(page, server, '/notification/send', {
      title: 'Slow news',
      body: 'One learner a minute',
      audience: { kind: 'all' },
      mode: 'now',
      ratePerMinute: 1,
    });
    await page.goto(`${server.url}/notifications`);
    const row = page.getByRole('row').filter({ hasText: 'Slow news' });
    await row
      .getByTestId('figure-sent')
      .filter({ hasText: /^1 sent$/ })
      .waitFor({ timeout: 20_000 });
    await row.getByText('Sending', { exact: true }).waitFor();
    await row
      .getByTestId('figure-failed')
      .filter({ hasText: /^0 failed$/ })
      .waitFor();
    await row.getByTestId('figure-left').waitFor();
    // The learner who got it opens it (the others were not sent it yet: refused).
    const opened = await ingest(
      uids.map((learnerId) => ({
        id: randomUUID(),
        type: 'notification_opened',
        at: new Date().toISOString(),
        learnerId,
        notificationId: sent.id,
      })),
    );
    expect(opened.accepted).toBe(1);
    await row
      .getByTestId('figure-opened')
      .filter({ hasText: /^1 opened$/ })
      .waitFor();
    await expectAccessible(page, 'notifications list while sending');

    await row.getByRole('button', { name: 'Pause' }).click();
    await row.getByText('Paused', { exact: true }).waitFor();
    await row.getByText(/resume it, or cancel the rest/).waitFor();
    await expectAccessible(page, 'notifications list with a paused one');
    await row.getByRole('button', { name: 'Resume' }).click();
    await row.getByText('Sending', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this notification?' });
    await confirm.getByText(/what was sent stays sent/).waitFor();
    await expectAccessible(page, 'cancel dialog while sending');
    await confirm.getByRole('button', { name: 'Cancel notification' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByText(/^Cancelled /).waitFor();
    await row
      .getByTestId('figure-sent')
      .filter({ hasText: /^1 sent$/ })
      .waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    await shot(page, 'engage-notification-figures', { fullPage: false });
    await page.close();
  }, 90_000);
});
