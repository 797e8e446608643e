import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** Sends events as the learner app does: its key in a header, a batch in the body. */
async function send(key: string, events: object[]) {
  const res = await fetch(`${server.url}/api/ingest/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-learner-app-key': key },
    body: JSON.stringify({ events }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { accepted: number; rejected: unknown[] };
}

const at = () => new Date().toISOString();

describe('learners', () => {
  it('a key made on screen lets the app send; a learner is found, seen and their device reset; a message resolved', async () => {
    const page = await browser.newPage();
    await signIn(page, server, server.admin, '/');

    // The key, made by the super admin on the learner-app screen and shown once.
    await page.getByLabel('Main navigation').getByRole('link', { name: 'Learner app' }).click();
    await page.getByRole('heading', { name: 'Learner app' }).waitFor();
    // The key is the learner backend's: the screen says it must never ship inside an app.
    await page.getByText('never ship it inside an app').waitFor();
    await page.getByLabel("New key's name").fill('Android app');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByTestId('new-app-key');
    await shown.waitFor();
    await expectAccessible(page, 'new key dialog');
    const key = (await shown.textContent())!.trim();
    // Beside it, once, the secret the backend signs learner tokens with.
    expect((await page.getByTestId('new-learner-token-secret').textContent())!.trim()).toMatch(
      /^[0-9a-f]{64}$/,
    );
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: 'Android app' }).waitFor();
    await expectAccessible(page, 'learner app screen');

    const learnerId = randomUUID();
    const out = await send(key, [
      {
        id: randomUUID(),
        type: 'learner_registered',
        at: at(),
        learnerId,
        name: 'Kavya Iyer',
        email: 'kavya@example.test',
        phone: '+91 91234 56789',
        city: 'Chennai',
        state: 'Tamil Nadu',
      },
      {
        id: randomUUID(),
        type: 'device_bound',
        at: at(),
        learnerId,
        deviceId: 'pixel-7',
        platform: 'android',
      },
      {
        id: randomUUID(),
        type: 'session_started',
        at: at(),
        learnerId,
        sessionId: randomUUID(),
        platform: 'android',
      },
      {
        id: randomUUID(),
        type: 'contact_message',
        at: at(),
        learnerId,
        name: 'Kavya Iyer',
        subject: 'New phone',
        message: 'I changed my phone and cannot sign in.',
      },
    ]);
    expect(out).toMatchObject({ accepted: 4, rejected: [] });

    await page.getByLabel('Main navigation').getByRole('link', { name: 'Learners' }).click();
    await page.getByRole('heading', { name: 'Learners' }).waitFor();
    await page.getByLabel('Search learners').fill('kavya@');
    await page.waitForURL(/q=kavya/);
    await page.getByLabel('State').fill('Tamil Nadu');
    await page.waitForURL(/state=Tamil/);
    const rows = page.locator('[data-testid^="learner-row-"]');
    await expect.poll(() => rows.count()).toBe(1);
    await expectAccessible(page, 'learners list');

    await rows.first().getByRole('link', { name: 'Kavya Iyer' }).click();
    await page.getByRole('heading', { name: 'Kavya Iyer' }).waitFor();
    await page.getByTestId('device-pixel-7').waitFor();
    await expectAccessible(page, 'learner detail');
    await page.getByRole('button', { name: 'Reset device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset device?' });
    await dialog.waitFor();
    await expectAccessible(page, 'reset device dialog');
    await dialog.getByRole('button', { name: 'Reset device' }).click();
    await dialog.getByText('Required').waitFor();
    await dialog.getByLabel('Reason').fill('Changed phone, asked by mail');
    await dialog.getByRole('button', { name: 'Reset device' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('device-pixel-7').getByText('Changed phone, asked by mail').waitFor();

    // The freed place takes the new phone.
    const again = await send(key, [
      {
        id: randomUUID(),
        type: 'device_bound',
        at: at(),
        learnerId,
        deviceId: 'pixel-9',
        platform: 'android',
      },
    ]);
    expect(again).toMatchObject({ accepted: 1, rejected: [] });

    await page
      .getByLabel('Main navigation')
      .getByRole('link', { name: 'Contact messages' })
      .click();
    await page.getByRole('heading', { name: 'Contact messages' }).waitFor();
    // Mantine's segmented control hides its radio inputs under their labels.
    await page.getByLabel('Status').locator('label', { hasText: /^New$/ }).click();
    await page.waitForURL(/status=new/);
    const message = page.locator('[data-testid^="contact-row-"]', { hasText: 'New phone' });
    await message.waitFor();
    await expectAccessible(page, 'contact messages');
    await message.getByRole('button', { name: 'Resolve' }).click();
    const resolve = page.getByRole('dialog', { name: 'Resolve message?' });
    await resolve.waitFor();
    await expectAccessible(page, 'resolve dialog');
    await resolve.getByLabel('Note').fill('Device reset; told her by phone');
    await resolve.getByRole('button', { name: 'Resolve' }).click();
    await resolve.waitFor({ state: 'detached' });
    await page.getByText('No messages match').waitFor();
    await page.goto(`${server.url}/contact-messages?status=resolved`);
    await page.getByText('Device reset; told her by phone', { exact: false }).waitFor();
    await page.close();
  });
});
