import type { Page } from 'playwright-core';
import type { RunningServer } from './server.ts';
import { signInElsewhere } from './signed-out.ts';

export interface StoredToken {
  access: string;
  refresh: string;
}

export const readStoredToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as StoredToken | null);

/** Signs in through the login screen: password, then the mailed code. */
export async function signInThroughUi(
  page: Page,
  server: RunningServer,
  who: { email: string; password: string } = server.admin,
  startAt = '/login',
) {
  await page.goto(server.url + startAt);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const code = await server.nextCode(who.email);
  await page.getByLabel('Verification code digit 1').click();
  // The sixth digit sends the code: no click on Verify (clicking it while the
  // request runs waited for a button that never came back).
  await page.keyboard.type(code);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
}

/**
 * Signs in as `who` without the login screen (its own tests sign in through
 * it: setup, session, session recovery, refresh, admins): the same password
 * and mailed code over the API, the pair stored as the login screen stores
 * it. The page is left on the origin's icon, no screen loaded: most tests
 * open their own screen next, and loading home first (the dashboard and its
 * queries) cost each of them a screen for nothing. A test that starts from
 * a screen (home's sidebar, the dashboard) names it in `startAt`.
 */
export async function signIn(
  page: Page,
  server: RunningServer,
  who: { email: string; password: string } = server.admin,
  startAt?: string,
) {
  const pair = await signInElsewhere(server, who);
  // Any page of the origin gives its localStorage; the icon is the smallest.
  await page.goto(`${server.url}/favicon.svg`);
  await page.evaluate((token) => localStorage.setItem('token', JSON.stringify(token)), {
    access: pair.accessToken,
    refresh: pair.refreshToken,
  });
  if (startAt !== undefined) await page.goto(server.url + startAt);
}
