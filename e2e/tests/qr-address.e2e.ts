import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk, callApi } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

// As `npm start` after `npm run seed:demo` with nothing configured: the demo's
// printed codes exist, and PUBLIC_BASE_URL is this machine's loopback address.
useServerAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  { QR_LOCAL_TRIAL: 'false' },
  { demoBooks: 1 },
);

describe('QR codes on a loopback address', () => {
  it('the print and generate dialogs say why codes cannot be printed, naming PUBLIC_BASE_URL', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    const [book] = (
      (await apiOk(page, server, '/book/getisbn?pageSize=1')) as {
        items: { id: number; title: string }[];
      }
    ).items;
    await page.goto(`${server.url}/books/${book!.id}`);
    await page.getByRole('tab', { name: 'QR codes' }).click();
    const count = page.getByText(/^\d+ codes for this book$/);
    const before = await count.textContent();

    await page.getByRole('button', { name: 'Print…' }).click();
    const print = page.getByRole('dialog');
    const problem = print.getByTestId('qr-address-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toContain(`${server.url}/q/`);
    expect(await problem.textContent()).toContain('PUBLIC_BASE_URL');
    expect(await print.getByRole('button', { name: 'Download PDF' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'print dialog, address refused');
    await page.keyboard.press('Escape');
    await print.waitFor({ state: 'detached' });
    // The server refuses the same, whatever the screen.
    const pdf = await callApi(page, server, `/book/printaspdf?bookId=${book!.id}`);
    expect(pdf.status).toBe(409);
    expect(pdf.json.code).toBe('qr_address_not_public');

    await page.getByRole('button', { name: 'Choose nodes or spare…' }).click();
    const generate = page.getByRole('dialog');
    await generate
      .getByTestId('qr-address-problem')
      .getByText(/PUBLIC_BASE_URL/)
      .waitFor();
    expect(await generate.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'generate dialog, address refused');
    await page.keyboard.press('Escape');
    await generate.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Generate for all nodes' }).click();
    const all = page.getByRole('dialog');
    await all.getByTestId('qr-address-problem').waitFor();
    await all.getByRole('button', { name: /^Generate/ }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Could not generate the codes' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('PUBLIC_BASE_URL');
    await page.keyboard.press('Escape');
    await all.waitFor({ state: 'detached' });
    expect(await count.textContent()).toBe(before);
    await page.close();
  }, 120_000);
});
