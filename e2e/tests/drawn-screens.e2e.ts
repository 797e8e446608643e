import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { readStoredToken } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/**
 * Holds back the app's start (its `start-*.js` chunk) until `release` is
 * called: the page then shows only what the server drew, as it does on a slow
 * network before the code has arrived. The entry itself runs (it holds back a
 * drawn form's submit), as it does early on a real network.
 */
async function holdTheApp(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** True once the app has replaced the drawn screen with its own render. */
const takenOver = (page: Page) =>
  page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-drawn'));

describe('public screens drawn by the server', () => {
  it('shows the sign-in form before any of the app has run, and it passes axe', async () => {
    const page = await browser.newPage();
    await holdTheApp(page);
    await page.goto(`${server.url}/login`);
    expect(await page.locator('#root').getAttribute('data-drawn')).toBe('');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').waitFor();
    await page.getByLabel('Password', { exact: true }).waitFor();
    await expectAccessible(page, 'sign-in form as drawn by the server');
    await page.close();
  });

  it('sends a form the visitor sent before the app took over, with what was typed', async () => {
    const page = await browser.newPage();
    const release = await holdTheApp(page);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(server.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(server.admin.password);
    // Enter in the drawn form: held back, not a reload of the page.
    await page.keyboard.press('Enter');
    expect(await page.locator('#root').getAttribute('data-drawn-submitted')).toBe('');
    release();
    await takenOver(page);
    // The app sent the form with the typed values: the code step comes.
    await page.getByLabel('Verification code digit 1').waitFor();
    const code = await server.nextCode(server.admin.email);
    await page.getByLabel('Verification code digit 1').click();
    await page.keyboard.type(code);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
    expect((await readStoredToken(page))?.access).toMatch(/^ey/);
    await page.close();
  });

  it('carries typed values and the focus into the app’s own fields', async () => {
    const page = await browser.newPage();
    const release = await holdTheApp(page);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(server.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(server.admin.password);
    release();
    await takenOver(page);
    // The app's fields (new elements) hold the values, and the one typed in
    // last keeps the focus, not the field the app would focus by itself.
    const password = page.getByLabel('Password', { exact: true });
    expect(await password.inputValue()).toBe(server.admin.password);
    expect(await page.getByLabel('Email').inputValue()).toBe(server.admin.email);
    expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
    // The form's own state has them too: sending it asks for the code.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Verification code digit 1').waitFor();
    await server.nextCode(server.admin.email);
    await page.close();
  });

  it('draws the forgotten-password form too, and the app sends what was typed there', async () => {
    const page = await browser.newPage();
    const release = await holdTheApp(page);
    await page.goto(`${server.url}/password/forgot`);
    await page.getByLabel('Email').fill('someone@example.com');
    release();
    await takenOver(page);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account exists for someone@example.com').waitFor();
    await page.close();
  });
});
