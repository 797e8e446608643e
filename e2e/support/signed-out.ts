import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { linkTokenIn } from '../../apps/api/src/test/smtp-receiver.ts';
import type { RunningServer } from './server.ts';

/**
 * Ending a session from elsewhere, and signing in again in the dialog that
 * opens over the screen (session-recovery.e2e.ts).
 */

type Who = { email: string; password: string };

async function post(server: RunningServer, path: string, body: unknown, bearer?: string) {
  const res = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  return json;
}

/** Signs in as another browser would (password, then the mailed code): the token pair. */
export async function signInElsewhere(server: RunningServer, who: Who = server.admin) {
  const challenge = await post(server, '/auth/login', who);
  const otp = await server.nextCode(who.email);
  return post(server, '/auth/confirmotp', { challengeId: challenge.challengeId, otp });
}

/** "Sign out everywhere" from another browser: every session of `who` ends. */
export async function signOutEverywhereElsewhere(server: RunningServer, who: Who = server.admin) {
  const { accessToken } = await signInElsewhere(server, who);
  await post(server, '/auth/logoutall', {}, accessToken);
}

/** A second admin (by default a super admin), invited and with a password set. */
export async function secondAdmin(
  server: RunningServer,
  name: string,
  email: string,
  access: { role: 'super_admin' | 'admin'; modules: string[] } = {
    role: 'super_admin',
    modules: [],
  },
) {
  const { accessToken } = await signInElsewhere(server);
  await post(server, '/manage/createadminuser', { email, name, ...access }, accessToken);
  const mail = await server.smtp.waitFor((m) => m.to.includes(email) && /invited/i.test(m.subject));
  const password = 'second admin passphrase';
  await post(server, '/auth/invite/accept', { token: linkTokenIn(mail), password });
  return { email, password, name };
}

export const signInDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Your session has ended' });

/** Signs in in the dialog over the screen: the same two steps as /login. */
export async function signInAgainInDialog(
  page: Page,
  server: RunningServer,
  who: Who = server.admin,
) {
  const dialog = signInDialog(page);
  await dialog.waitFor();
  await dialog.getByLabel('Email').fill(who.email);
  await dialog.getByLabel('Password', { exact: true }).fill(who.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  const code = await server.nextCode(who.email);
  await dialog.getByLabel('Verification code digit 1').click();
  // The sixth digit sends the code.
  await page.keyboard.type(code);
  await dialog.waitFor({ state: 'detached', timeout: 15_000 });
}
