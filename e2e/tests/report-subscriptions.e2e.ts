import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { shot } from '../support/screenshot.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';
import { createBookWithToc } from '../support/toc.ts';

/**
 * Report subscriptions (docs/domain.md, "Reports: subscriptions"): subscribing
 * from a report with its filter, finding it under My report subscriptions on
 * the profile, changing it and deleting it; each screen and dialog axe clean.
 */

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('report subscriptions', () => {
  it('subscribes from a report, then changes and deletes it from the profile', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, server, server.admin, '/reports?report=sessions&platform=ios');

    await page.getByRole('button', { name: 'Subscribe…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe to the sessions report' });
    await dialog.waitFor();
    await expectAccessible(page, 'subscribe dialog');
    await shot(page, 'report-subscriptions-dialog', { fullPage: false });
    await dialog
      .locator('input')
      .and(dialog.getByLabel(/^How often/))
      .click();
    await page.getByRole('option', { name: 'Every day (the day before)' }).click();
    await dialog.locator('input').and(dialog.getByLabel(/^At/)).click();
    await page.getByRole('option', { name: '06:00' }).click();
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${server.url}/profile`);
    const table = page.getByRole('table', { name: 'My subscriptions' });
    await table.waitFor();
    const row = table.getByRole('row').filter({ hasText: 'Sessions report' });
    await expect.poll(() => row.textContent()).toContain('platform ios');
    expect(await row.textContent()).toMatch(/Daily at 06:00/);
    await expectAccessible(page, 'profile with subscriptions');
    await shot(page, 'report-subscriptions-profile');

    await row.getByRole('button', { name: 'Change subscription: Sessions report' }).click();
    const change = page.getByRole('dialog', { name: 'Change subscription: Sessions report' });
    await change.waitFor();
    await expectAccessible(page, 'change subscription dialog');
    await change
      .locator('input')
      .and(change.getByLabel(/^How often/))
      .click();
    await page.getByRole('option', { name: 'Every month (the 30 days before)' }).click();
    await change
      .locator('input')
      .and(change.getByLabel(/^On day/))
      .click();
    await page.getByRole('option', { name: '31 (or the month’s last day)' }).click();
    await change.getByRole('button', { name: 'Save' }).click();
    await change.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toMatch(/Monthly on day 31 at 06:00/);

    await row.getByRole('button', { name: 'Delete subscription: Sessions report' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this subscription?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No subscriptions yet.').waitFor();
    await context.close();
  }, 120_000);

  it("subscribes from an assessment's results; the profile names the assessment", async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    await createBookWithToc(page, server, '9780140449136', 'Science Eight', {
      'Unit A': ['Forces'],
    });
    const toc = await apiOk(page, server, '/book/gettocbyisbn?isbn=9780140449136');
    const practice = await apiOk(page, server, '/toc/quiz/createpractice', {
      name: 'Forces quiz',
      tocNodeId: toc.nodes[0].children[0].id,
    });
    await page.goto(`${server.url}/reports/assessments/${practice.id}`);
    await page.getByRole('button', { name: 'Subscribe…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe to the assessment results' });
    await dialog.waitFor();
    await expectAccessible(page, 'subscribe to assessment results');
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${server.url}/profile`);
    const row = page
      .getByRole('table', { name: 'My subscriptions' })
      .getByRole('row')
      .filter({ hasText: 'Assessment results' });
    await expect.poll(() => row.textContent()).toContain('Assessment: Forces quiz');
    await page.close();
  }, 120_000);
});
