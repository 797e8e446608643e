import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { recordApiCalls } from '../support/browser.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { readStoredToken, signInThroughUi } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('session handling (spec sections 2, 4, 7)', () => {
  it('the guarded layout sends a signed-out visitor to /login and back after sign-in', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/admins?q=chief`);
    await page.waitForURL(/\/login/);
    expect(new URL(page.url()).pathname).toBe('/login');
    await signInThroughUi(
      page,
      server,
      server.admin,
      new URL(page.url()).pathname + new URL(page.url()).search,
    );
    expect(new URL(page.url()).pathname).toBe('/admins');
    expect(new URL(page.url()).searchParams.get('q')).toBe('chief');
    await page.close();
  });

  it('keeps { access, refresh } under localStorage "token" and empties both on sign-out', async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server);
    const stored = await readStoredToken(page);
    expect(stored?.access).toMatch(/^ey/);
    expect(stored?.refresh.length).toBeGreaterThan(20);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    expect(await readStoredToken(page)).toEqual({ access: '', refresh: '' });
    await page.close();
  });

  it('every call carries the bearer and a cookies header; the refresh call carries neither', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto(`${server.url}/login`);
    await page.context().addCookies([{ name: 'probe', value: '42', url: server.url }]);
    await signInThroughUi(page, server);
    await page.goto(`${server.url}/admins`);
    await page.getByRole('heading', { name: 'Admins' }).first().waitFor();
    const me = calls.find((c) => c.path === '/api/auth/me');
    expect(me?.auth).toMatch(/^Bearer ey/);
    expect(me?.cookies).toContain('probe=42');
    const list = calls.find((c) => c.path === '/api/user/listofadmin');
    expect(list?.auth).toMatch(/^Bearer ey/);
    await page.close();
  });

  // Here access tokens live 15 minutes, so no refresh can be due to expiry.
  it('any other error reaches the screen unchanged, without a refresh', async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server);
    const calls = recordApiCalls(page);
    await page.goto(`${server.url}/profile`);
    await page.getByLabel('Current password').fill('not my password at all');
    await page.getByLabel('New password', { exact: true }).fill('another long passphrase');
    const confirm = page.getByLabel('Confirm new password');
    if (await confirm.count()) await confirm.fill('another long passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is wrong.').first().waitFor();
    expect(calls.filter((c) => c.path === '/api/auth/refresh')).toHaveLength(0);
    expect(
      calls.filter((c) => c.path === '/api/user/password/update').map((c) => c.status),
    ).toEqual([400]);
    await page.close();
  });

  it('is always light, whatever the theme parameter says', async () => {
    const page = await browser.newPage();
    for (const theme of ['dark', 'Dark 2', '<script>alert(1)</script>']) {
      await page.goto(`${server.url}/login?theme=${encodeURIComponent(theme)}`);
      await page.getByLabel('Email').waitFor();
      expect(await page.getAttribute('html', 'data-mantine-color-scheme')).toBe('light');
    }
    await page.close();
  });

  it('shows a toast at the top right that is gone after about 3 seconds', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill('nobody@example.test');
    await page.getByLabel('Password', { exact: true }).fill('wrong password here');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const toast = page.locator('.mantine-Notification-root').first();
    await toast.waitFor({ state: 'visible' });
    const box = await toast.boundingBox();
    const width = page.viewportSize()!.width;
    expect(box!.x + box!.width).toBeGreaterThan(width - 80);
    expect(box!.y).toBeLessThan(120);
    const shownAt = Date.now();
    await toast.waitFor({ state: 'detached', timeout: 6000 });
    const elapsed = Date.now() - shownAt;
    expect(elapsed).toBeGreaterThan(2000);
    expect(elapsed).toBeLessThan(4500);
    await page.close();
  });

  it('has /404 and /500 pages, and an unknown path inside the layout shows the 404 page', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/404`);
    await expectText(page, /not found/i);
    await page.goto(`${server.url}/500`);
    await expectText(page, /went wrong|server error/i);
    await signInThroughUi(page, server);
    await page.goto(`${server.url}/no/such/screen`);
    await expectText(page, /not found/i);
    await page.getByLabel('Main navigation').waitFor();
    await page.close();
  });

  it("the router's fallback page reads 'Unexpected Application Error!'", async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server);
    // A screen whose code cannot load makes the router fall back to its error page.
    await page.route(/\/assets\/profile-page.*\.js$/, (route) => route.abort());
    await page.goto(`${server.url}/profile`);
    await expectText(page, /Unexpected Application Error!/);
    await page.close();
  });

  it('the account menu, loaded on demand, opens from the keyboard with the focus kept', async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server);
    const menuCode = page.waitForResponse((r) => /\/assets\/user-menu-[^/]*\.js$/.test(r.url()));
    // Focusing the button loads its menu; the button is swapped and keeps the focus.
    await page.getByTestId('user-menu').focus();
    await menuCode;
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('data-testid') === 'user-menu',
    );
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await page.close();
  });

  // Last: it ends every session of the admin.
  it('signs out everywhere after confirming in a dialog, and not before', async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server);
    await page.goto(`${server.url}/profile`);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL(/\/login/);
    expect(await readStoredToken(page)).toEqual({ access: '', refresh: '' });
    await page.close();
  });
});

async function expectText(page: import('playwright-core').Page, text: RegExp) {
  await page.getByText(text).first().waitFor({ timeout: 10_000 });
}
