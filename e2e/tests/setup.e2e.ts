import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { readStoredToken, signInThroughUi } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  {},
  // The very first start, on a directory no server has used.
  { setupAdmin: false, fresh: true },
);

describe('first run', () => {
  it('creates the first super admin from the printed link, then signs in with the mailed code', async () => {
    const page = await browser.newPage();
    const link = new URL(server.setupLink);
    await page.goto(server.url + link.pathname + link.search);
    await page.getByLabel('Name').fill(server.admin.name);
    await page.getByLabel('Email').fill(server.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(server.admin.password);
    await page.getByLabel('Confirm password').fill(server.admin.password);
    await page.getByRole('button', { name: /create|set up|continue/i }).click();
    await page.waitForURL(/\/login/);
    await signInThroughUi(page, server);
    expect((await readStoredToken(page))?.access).toMatch(/^ey/);
    await page.getByTestId('user-name').waitFor();
    expect(await page.getByTestId('user-name').innerText()).toContain(server.admin.name);
    // The link is single-use: the setup screen now says setup is done.
    await page.goto(server.url + link.pathname + link.search);
    await page.getByText('Setup is done').waitFor();
    await page.close();
  });
});
