import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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

describe('jobs screen', () => {
  it('lists the mail jobs of the sign-in with their state, and filters by kind and state', async () => {
    const page = await browser.newPage();
    // The sign-in code itself came through the mail job of the real queue.
    await signIn(page, server, server.admin, '/');
    await page.getByLabel('Main navigation').getByRole('link', { name: 'Jobs' }).click();
    await page.waitForURL(/\/jobs/);
    await page.getByRole('heading', { name: 'Jobs' }).waitFor();
    const rows = page.locator('[data-testid^="job-row-"]');
    await rows.first().waitFor();
    // Kinds by name, not by their code (`delivery.now`).
    await expect.poll(() => rows.filter({ hasText: 'E-mail' }).count()).toBeGreaterThan(0);
    await rows.filter({ hasText: 'Done' }).first().waitFor();
    await expectAccessible(page, 'jobs screen');

    await page.getByLabel('State', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Failed', exact: true }).click();
    await page.waitForURL(/state=failed/);
    await page.getByText('No jobs match').waitFor();

    await page.goto(`${server.url}/jobs?kind=delivery.now`);
    await rows.first().waitFor();
    expect(await rows.filter({ hasNotText: 'E-mail' }).count()).toBe(0);

    // The finished runs of scheduled jobs are hidden until asked for.
    await page.goto(`${server.url}/jobs`);
    await rows.first().waitFor();
    const routine = page.getByRole('radiogroup', { name: 'Finished scheduled runs' });
    expect(await routine.getByRole('radio', { name: 'Hidden' }).isChecked()).toBe(true);
    await routine.getByText('Shown').click();
    await page.waitForURL(/routine=shown/);
    await rows.first().waitFor();
    await page.close();
  });
});
