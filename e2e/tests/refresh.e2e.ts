import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { recordApiCalls } from '../support/browser.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { readStoredToken, signInThroughUi } from '../support/session.ts';

// Access tokens live 2 s here, so they really expire during the tests.
const TTL_MS = 2000;
let server: RunningServer;
let browser: Browser;

useServerAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  { ACCESS_TOKEN_TTL: '2s' },
);

const nav = (page: import('playwright-core').Page) => page.getByLabel('Main navigation');

const count = (calls: ReturnType<typeof recordApiCalls>, path: string) =>
  calls.filter((c) => c.path === path).length;

describe("silent refresh on 'Token expired' (spec section 4, docs/security.md item 12)", () => {
  it('concurrent requests with an expired token share one refresh and are each retried once', async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server);
    await page.getByTestId('user-name').waitFor();
    const before = await readStoredToken(page);
    await page.waitForTimeout(TTL_MS + 1200);
    const calls = recordApiCalls(page);
    // Opening the audit log fires its list and the actor filter's list at once,
    // both with the expired token (the signed-in admin is still cached).
    await nav(page).getByRole('link', { name: 'Audit log' }).click();
    await page.locator('[data-testid^="audit-row-"]').first().waitFor();
    await page.waitForTimeout(300);
    expect(count(calls, '/api/auth/refresh')).toBe(1);
    const refresh = calls.find((c) => c.path === '/api/auth/refresh')!;
    expect(refresh.auth).toBeUndefined();
    expect(refresh.cookies).toBeUndefined();
    const audit = calls.filter((c) => c.path === '/api/audit');
    const actors = calls.filter((c) => c.path === '/api/user/listofadmin');
    expect(audit.map((c) => c.status)).toEqual([401, 200]);
    expect(actors.map((c) => c.status)).toEqual([401, 200]);
    const after = await readStoredToken(page);
    expect(after?.access).not.toBe(before?.access);
    expect(after?.refresh).not.toBe(before?.refresh);
    expect(audit[1]!.auth).toBe(`Bearer ${after!.access}`);
    expect(actors[1]!.auth).toBe(`Bearer ${after!.access}`);
    await page.close();
  });

  it('two tabs with the same expired session refresh once between them and both stay signed in', async () => {
    const context = await browser.newContext();
    const a = await context.newPage();
    await signInThroughUi(a, server);
    const b = await context.newPage();
    await b.goto(`${server.url}/`);
    await b.getByTestId('user-name').waitFor();
    await a.waitForTimeout(TTL_MS + 1200);
    const callsA = recordApiCalls(a);
    const callsB = recordApiCalls(b);
    await Promise.all([a.reload(), b.reload()]);
    await Promise.all([a.getByTestId('user-name').waitFor(), b.getByTestId('user-name').waitFor()]);
    await a.waitForTimeout(300);
    expect(count(callsA, '/api/auth/refresh') + count(callsB, '/api/auth/refresh')).toBe(1);
    expect(new URL(a.url()).pathname).toBe('/');
    expect(new URL(b.url()).pathname).toBe('/');
    await context.close();
  });

  it('a refused refresh clears the session and lands on /login with a toast saying why', async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server);
    await page.evaluate(() => {
      const t = JSON.parse(localStorage.getItem('token')!);
      localStorage.setItem(
        'token',
        JSON.stringify({ ...t, refresh: 'revoked-or-forged-refresh-token' }),
      );
    });
    await page.waitForTimeout(TTL_MS + 1200);
    const calls = recordApiCalls(page);
    await page.reload();
    await page.waitForURL(/\/login/);
    await page.locator('.mantine-Notification-root').first().waitFor();
    expect(await page.locator('.mantine-Notification-root').first().innerText()).toMatch(
      /sign in/i,
    );
    expect(await readStoredToken(page)).toEqual({ access: '', refresh: '' });
    // The failed refresh does not start another one.
    expect(count(calls, '/api/auth/refresh')).toBe(1);
    await page.close();
  });
});
