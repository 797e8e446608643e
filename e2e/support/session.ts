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
  await page.keyboard.type(code);
  const verify = page.getByRole('button', { name: 'Verify' });
  // The code form may submit itself when the last digit is typed.
  await page.waitForTimeout(100);
  if (await verify.isVisible().catch(() => false)) await verify.click().catch(() => {});
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
}
