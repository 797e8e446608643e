import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linkTokenIn } from '../../apps/api/src/test/smtp-receiver.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signInThroughUi } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const nav = (page: Page) => page.getByLabel('Main navigation');

/** Creates an admin through the screen and accepts the mailed invitation as them. */
async function inviteAndAccept(page: Page, name: string, email: string, modules: string[]) {
  await page.goto(`${server.url}/admins`);
  await page.getByRole('button', { name: 'New admin' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  for (const m of modules) await dialog.getByLabel(m, { exact: true }).check();
  await dialog.getByRole('button', { name: 'Create admin' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByText(email).first().waitFor();
  const mail = await server.smtp.waitFor((m) => m.to.includes(email) && /invited/i.test(m.subject));
  const token = linkTokenIn(mail);
  expect(mail.body).toContain(`${server.url}/invite?token=`);
  const guest = await browser.newPage();
  await guest.goto(`${server.url}/invite?token=${token}`);
  await guest.getByText(`Welcome, ${name}`).waitFor();
  const password = 'invited admin passphrase';
  await guest.getByLabel('Password', { exact: true }).fill(password);
  await guest.getByLabel('Confirm password').fill(password);
  await guest.getByRole('button', { name: /set password|save|continue|create/i }).click();
  await guest.waitForURL(/\/login/);
  return { guest, password };
}

describe('admins, modules and the shell', () => {
  it('the sidebar is shown by default and the toggle hides and shows it', async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server);
    await nav(page).waitFor({ state: 'visible' });
    // Collapsed, Mantine slides the navbar off the screen to the left.
    const onScreen = async () => {
      const box = await nav(page).boundingBox();
      return box !== null && box.x + box.width > 1;
    };
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(onScreen).toBe(false);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(onScreen).toBe(true);
    for (const area of ['Home', 'Admins', 'Audit log']) {
      await nav(page).getByRole('link', { name: area }).waitFor();
    }
    await page.close();
  });

  it('invites an admin with one module, who then sees only what they may open', async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server);
    const email = 'reader@example.test';
    const { guest, password } = await inviteAndAccept(page, 'Rita Reader', email, ['Admins']);
    await signInThroughUi(guest, server, { email, password });
    await nav(guest).getByRole('link', { name: 'Admins' }).waitFor();
    expect(await nav(guest).getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    await guest.goto(`${server.url}/audit`);
    await guest.getByText('No access').first().waitFor();
    await guest.close();
    await page.close();
  });

  it('an admin without modules sees Home only, with no dead links', async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server);
    const email = 'plain@example.test';
    const { guest, password } = await inviteAndAccept(page, 'Paul Plain', email, []);
    await signInThroughUi(guest, server, { email, password });
    await nav(guest).getByRole('link', { name: 'Home' }).waitFor();
    const links = await nav(guest).getByRole('link').allInnerTexts();
    expect(links.map((l) => l.trim())).toEqual(['Home']);
    await guest.close();
    await page.close();
  });

  it('edits, disables and deletes an admin, asking before the destructive steps', async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server);
    const { guest } = await inviteAndAccept(page, 'Temp Person', 'temp@example.test', []);
    await guest.close();
    await page.goto(`${server.url}/admins?q=temp`);
    await page.getByRole('button', { name: 'Edit Temp Person' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Temporary Person');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Temporary Person').first().waitFor();
    await page.getByRole('button', { name: 'Disable Temporary Person' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /disable/i })
      .click();
    await page.getByText('Disabled').first().waitFor();
    await page.getByRole('button', { name: 'Delete Temporary Person' }).click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.innerText()).toContain('Temporary Person');
    await confirm.getByRole('button', { name: 'Delete admin' }).click();
    await page
      .getByText(/No admins/i)
      .first()
      .waitFor();
    await page.close();
  });

  it('lists the audit trail of those changes for a super admin', async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server);
    await page.goto(`${server.url}/audit`);
    await page.getByText('Deleted an admin').first().waitFor();
    await page.getByText('Invited an admin').first().waitFor();
    await page.close();
  });

  it('resets a forgotten password from the mailed link, then signs in with it', async () => {
    const page = await browser.newPage();
    const { guest } = await (async () => {
      await signInThroughUi(page, server);
      return inviteAndAccept(page, 'Forgetful Fay', 'fay@example.test', []);
    })();
    await guest.close();
    await page.goto(`${server.url}/password/forgot`);
    await page.evaluate(() =>
      localStorage.setItem('token', JSON.stringify({ access: '', refresh: '' })),
    );
    await page.goto(`${server.url}/password/forgot`);
    await page.getByLabel('Email').fill('fay@example.test');
    await page.getByRole('button', { name: /send/i }).click();
    await page.getByText('Check your inbox').waitFor();
    const mail = await server.smtp.waitFor(
      (m) => m.to.includes('fay@example.test') && m.subject === 'Reset your password',
    );
    await page.goto(`${server.url}/password/reset?token=${linkTokenIn(mail)}`);
    await page.getByLabel('New password', { exact: true }).fill('fay remembers now');
    await page.getByLabel('Confirm new password').fill('fay remembers now');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(/\/login/);
    await signInThroughUi(page, server, {
      email: 'fay@example.test',
      password: 'fay remembers now',
    });
    await page.close();
  });
});
