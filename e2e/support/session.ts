import type { Page } from 'playwright-core';
import type { RunningServer } from './server.ts';

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
