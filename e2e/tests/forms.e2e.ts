import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linkTokenIn } from '../../apps/api/src/test/smtp-receiver.ts';
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

const toast = (page: Page) => page.locator('.mantine-Notification-root');

/** The error Mantine shows under a field, read through the field's aria-describedby. */
async function fieldError(field: Locator): Promise<string | null> {
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
  const ids = (await field.getAttribute('aria-describedby'))?.split(/\s+/) ?? [];
  for (const id of ids) {
    const text = await field.page().locator(`[id="${id}"]`).textContent();
    if (id.endsWith('-error') && text) return text;
  }
  return null;
}

const expectFieldError = async (field: Locator, message: string) =>
  expect.poll(() => fieldError(field)).toBe(message);

/** Zod's default wording and raw paths: none of it may reach a screen. */
const SCHEMA_TEXT = /Invalid input|Too (small|big)|expected (string|number)|body\.|querystring/i;

describe('sign-in tells what went wrong where it happened', () => {
  it('an empty form flags both fields', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectFieldError(page.getByLabel('Email'), 'Required');
    await expectFieldError(page.getByLabel('Password', { exact: true }), 'Required');
    await page.close();
  });

  it('a wrong password and a wrong code are said on the form; success takes the toast away; the sixth digit sends the code', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    await email.fill(server.admin.email);
    await password.fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectFieldError(password, 'Wrong e-mail or password');
    // Hovered, the toast would stay for good: only the success can take it away.
    await toast(page).first().hover();
    await password.fill(server.admin.password);
    await password.press('Enter');
    const digit1 = page.getByLabel('Verification code digit 1');
    await digit1.waitFor();
    await toast(page).first().waitFor({ state: 'detached', timeout: 1500 });

    const code = await server.nextCode(server.admin.email);
    const wrong = code === '000000' ? '111111' : '000000';
    await digit1.click();
    await page.keyboard.type(wrong);
    // No click on Verify: the sixth digit sends it.
    // On the form, under the code, and in one toast.
    await page.locator('form').getByText('Wrong code').waitFor();
    expect(await toast(page).filter({ hasText: 'Wrong code' }).count()).toBe(1);
    await toast(page).first().hover();
    await digit1.click();
    await page.keyboard.type(code);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await toast(page).first().waitFor({ state: 'detached', timeout: 1500 });
    await page.close();
  });
});

describe('forms flag every invalid field, in words', () => {
  it('admin, book and password forms say Required on each empty field', async () => {
    const page = await browser.newPage();
    await signIn(page, server);

    await page.goto(`${server.url}/admins`);
    await page.getByRole('button', { name: 'New admin' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create admin' }).click();
    await expectFieldError(dialog.getByLabel('Name'), 'Required');
    // The person lands on the first field to fix.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-path')))
      .toBe('name');
    await expectFieldError(dialog.getByLabel('Email'), 'Required');
    await dialog.getByLabel('Email').fill('not-an-address');
    await expectFieldError(dialog.getByLabel('Email'), 'Enter a valid e-mail address');
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/books`);
    await page.getByRole('button', { name: 'New book' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create book' }).click();
    await expectFieldError(dialog.getByLabel('ISBN'), 'Required');
    await expectFieldError(dialog.getByLabel('Title'), 'Required');
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/profile`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectFieldError(page.getByLabel('Current password'), 'Required');
    await expectFieldError(page.getByLabel('New password', { exact: true }), 'Required');
    await expectFieldError(page.getByLabel('Confirm new password'), 'Required');
    await page.close();
  });

  it('the media form flags every missing value, says a bad address in words and is accessible', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    await page.goto(`${server.url}/media`);
    await page.getByRole('button', { name: 'Add video' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Language').fill('');
    await dialog.getByRole('button', { name: 'Add video' }).click();
    await expectFieldError(dialog.getByLabel(/^Video file/), 'Required');
    await expectFieldError(dialog.getByLabel('Title'), 'Required');
    await expectFieldError(dialog.getByLabel('Language'), 'Required');
    await expectAccessible(page, 'media form with errors');

    await dialog.getByText('Link a URL').click();
    const url = dialog.getByRole('textbox', { name: 'URL' });
    await dialog.getByRole('button', { name: 'Add video' }).click();
    await expectFieldError(url, 'Required');
    await url.fill('javascript:alert(1)');
    await expectFieldError(url, 'Enter an http(s) address');
    await dialog.getByLabel('Title').fill('x'.repeat(400));
    await expect
      .poll(() => fieldError(dialog.getByLabel('Title')))
      .toMatch(/^At most \d+ characters$/);
    expect(await dialog.innerText()).not.toMatch(SCHEMA_TEXT);
    await expectAccessible(page, 'media form, link a URL');
    await page.close();
  });

  it('the curriculum add and rename forms say Required, a too long name in words', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    await page.goto(`${server.url}/curriculum`);
    const subjects = page.getByRole('region', { name: 'Subjects' });
    await page
      .getByRole('region', { name: 'Grades' })
      .getByRole('button', { name: /^Class 3 / })
      .click();
    const add = subjects.getByLabel('New subject');
    await subjects.getByRole('button', { name: 'Add', exact: true }).click();
    await expectFieldError(add, 'Required');
    await add.fill('x'.repeat(121));
    await expectFieldError(add, 'At most 120 characters');
    await add.fill('Forms subject');
    await add.press('Enter');
    await subjects.getByRole('button', { name: /^Forms subject/ }).waitFor();
    await expect.poll(() => add.inputValue()).toBe('');

    await subjects.getByRole('button', { name: 'Actions for Forms subject' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = subjects.getByLabel('New name for Forms subject');
    await rename.fill('');
    await rename.press('Enter');
    await expectFieldError(rename, 'Required');
    expect(await page.locator('main').innerText()).not.toMatch(SCHEMA_TEXT);
    await expectAccessible(page, 'curriculum forms with errors');
    await page.close();
  });

  it('/books/abc is the not-found page, with no schema text', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    for (const path of ['/books/abc', '/books/0', '/books/999999']) {
      await page.goto(server.url + path);
      await page.getByText('Book not found').waitFor();
      expect(await page.locator('body').innerText()).not.toMatch(/querystring|Invalid input/);
    }
    await page.close();
  });

  it('a bad reset or invite link says so before the form; a good one shows it, checked', async () => {
    const page = await browser.newPage();
    const bad = 'x'.repeat(43);
    await page.goto(`${server.url}/password/reset?token=${bad}`);
    await page.getByText('Reset link not valid').waitFor();
    await page.getByText('This link is invalid, used or expired.', { exact: false }).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await page.goto(`${server.url}/password/reset?token=short`);
    await page.getByText('Reset link not valid').waitFor();
    await page.goto(`${server.url}/invite?token=${bad}`);
    await page.getByText('Invitation not valid').waitFor();
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);

    const since = server.smtp.mails.length;
    await fetch(`${server.url}/api/auth/password/resetlink`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: server.admin.email }),
    });
    const mail = await server.smtp.waitFor(
      (m) => server.smtp.mails.indexOf(m) >= since && /reset/i.test(m.subject),
    );
    await page.goto(`${server.url}/password/reset?token=${linkTokenIn(mail)}`);
    const fresh = page.getByLabel('New password', { exact: true });
    await fresh.waitFor();
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expectFieldError(fresh, 'Required');
    await expectFieldError(page.getByLabel('Confirm new password'), 'Required');
    await fresh.fill('short');
    await expectFieldError(fresh, 'At least 8 characters');
    await page.close();
  });
});
