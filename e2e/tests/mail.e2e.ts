import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { shot } from '../support/screenshot.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** Learners as the learner app registers them (its key made through the API). */
async function registerLearners(page: Parameters<typeof apiOk>[0]) {
  const { key } = await apiOk(page, server, '/learnerapp/createkey', { name: 'Mail test app' });
  const at = new Date().toISOString();
  const people = [
    { name: 'Meera Nair', email: 'meera@example.test', city: 'Kochi' },
    { name: 'Arjun Rao', email: 'arjun@example.test', city: 'Mysuru' },
    { name: 'Sana Khan', email: 'sana@example.test', city: 'Bhopal' },
  ];
  const res = await fetch(`${server.url}/api/ingest/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-learner-app-key': key },
    body: JSON.stringify({
      events: people.map((p) => ({
        id: randomUUID(),
        type: 'learner_registered',
        at,
        learnerId: randomUUID(),
        ...p,
      })),
    }),
  });
  expect(res.status).toBe(200);
}

describe('mail templates and mailers', () => {
  it('writes a template with variables, previews it with a real learner, sends it and reads the mails', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server, server.admin, '/');
    await registerLearners(page);

    // The template editor: variables inserted by button, an unknown one refused by name.
    await page.getByLabel('Main navigation').getByRole('link', { name: 'Mail templates' }).click();
    await page.getByRole('heading', { name: 'Mail templates' }).waitFor();
    await expectAccessible(page, 'mail templates list');
    await page.getByRole('link', { name: 'New template' }).click();
    await page.getByRole('heading', { name: 'New template' }).waitFor();
    await page.getByLabel('Name').fill('Welcome to the new term');
    await page.getByLabel('Subject').fill('Hello {{first_name}}');
    const body = page.getByLabel('Body (HTML)');
    await body.fill('<p>Dear {{name}}, welcome from {{score}}.</p>\n<p>See you in ');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByText('{{score}} (line 1) is not a learner field', { exact: false }).waitFor();
    await body.fill('<p>Dear {{name}}, welcome.</p>\n<p>See you in ');
    await page.getByRole('button', { name: '{{city}}' }).click();
    await expect.poll(() => body.inputValue()).toContain('See you in {{city}}');

    // Preview: sample data, then a real learner found by search.
    await page.getByTestId('preview-subject').getByText('Hello Asha').waitFor();
    const frame = page.frameLocator('iframe[title="Mail preview"]');
    await frame.getByText('Dear Asha Sample, welcome.').waitFor();
    await expectAccessible(page, 'template editor with sample preview');
    await page.getByText('A real learner').click();
    await page
      .getByRole('textbox', { name: 'Learner', exact: true })
      .or(page.getByRole('combobox', { name: 'Learner', exact: true }))
      .first()
      .fill('Meera');
    await page.getByRole('option', { name: /Meera Nair/ }).click();
    await page.getByTestId('preview-subject').getByText('Hello Meera').waitFor();
    await frame.getByText('See you in Kochi').waitFor();
    await expectAccessible(page, 'template editor with a learner preview');
    await shot(page, 'mail-template-editor');

    // The preview at a phone's width, then back at a desktop client's.
    await page.getByText('Phone', { exact: true }).click();
    const previewFrame = page.locator('iframe[title="Mail preview"]');
    // The mail's own width is 375 px; the frame's border is outside it.
    await expect.poll(async () => (await previewFrame.boundingBox())?.width).toBe(377);
    await expectAccessible(page, 'mail preview at phone width');
    await page.getByText('Desktop', { exact: true }).click();
    // Up to 600 px: the editor's column may be narrower on this screen.
    await expect
      .poll(async () => (await previewFrame.boundingBox())?.width ?? 0)
      .toBeGreaterThan(375);

    // A test send of the unsaved template, with the preview's learner, to an editor's address.
    await page.getByRole('button', { name: 'Send a test' }).click();
    const testDialog = page.getByRole('dialog', { name: 'Send a test' });
    await testDialog.getByLabel('Addresses').fill('editor@example.test');
    await testDialog.getByLabel('Addresses').press('Enter');
    await expectAccessible(page, 'send a test dialog');
    await testDialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Test sent to editor@example.test.').waitFor();
    const test = await server.smtp.waitFor((m) => m.to.includes('editor@example.test'));
    expect(test.subject).toBe('[Test] Hello Meera');
    expect(test.body).toContain('See you in Kochi');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.waitForURL(/\/mail-templates\/\d+$/);
    await page.getByRole('heading', { name: 'Welcome to the new term' }).waitFor();

    // The mailer wizard: template, audience with its count, preview, confirm.
    await page.getByLabel('Main navigation').getByRole('link', { name: 'Mailers' }).click();
    await page.getByRole('heading', { name: 'Mailers' }).waitFor();
    await expectAccessible(page, 'mailers list');
    await page.getByRole('link', { name: 'New mailer' }).click();
    await page
      .getByRole('textbox', { name: 'Template', exact: true })
      .or(page.getByRole('combobox', { name: 'Template', exact: true }))
      .first()
      .click();
    await page.getByRole('option', { name: 'Welcome to the new term' }).click();
    await expectAccessible(page, 'new mailer: template');
    await page.getByRole('button', { name: 'Next: audience' }).click();
    await expectAccessible(page, 'new mailer: audience');
    await page.getByRole('button', { name: 'Next: preview' }).click();
    await page.getByText('3 learners will get this mail').waitFor();
    await page
      .frameLocator('iframe[title="Mail preview"]')
      .getByText(/Dear Asha Sample/)
      .waitFor();
    await page.getByRole('switch', { name: 'Track opens and clicks' }).check({ force: true });
    await expectAccessible(page, 'new mailer: preview');
    await page.getByRole('button', { name: 'Send…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expectAccessible(page, 'send mailer dialog');
    await dialog.getByRole('button', { name: 'Send to 3 learners' }).click();

    // Live progress to the end, the ledger filtered by state.
    await page.waitForURL(/\/mailers\/\d+$/);
    await page.getByText('Finished').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('total-sent').textContent()).toBe('3');
    // Mantine's segmented control hides its radio inputs under their labels.
    await page
      .getByLabel('State')
      .locator('label', { hasText: /^Sent$/ })
      .click();
    await page.waitForURL(/state=sent/);
    await page.getByRole('cell', { name: /meera@example.test/ }).waitFor();
    // Its results: opens and clicks tracked, every recipient as CSV.
    await expect.poll(() => page.getByTestId('result-delivered').textContent()).toBe('3');
    await page.getByTestId('result-opened').waitFor();
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download recipients (CSV)' }).click();
    expect((await csv).suggestedFilename()).toMatch(/^Mailer \d+ recipients\.csv$/);
    await expectAccessible(page, 'mailer page');
    await shot(page, 'mailer-page');

    // The mails as the SMTP receiver got them: filled, with one-click unsubscribe.
    const mail = await server.smtp.waitFor((m) => m.to.includes('meera@example.test'));
    expect(mail.subject).toBe('Hello Meera');
    expect(mail.body).toContain('See you in Kochi');
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    // Tracked: Meera's mail client shows images, and her open reaches the results.
    const pixel = /src="(http[^"]+\/m\/o\/\d+-[0-9a-f]{32}\.gif)"/.exec(mail.body)?.[1];
    expect(pixel).toBeDefined();
    expect((await page.request.get(pixel!)).status()).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByTestId('result-opened').textContent()).toBe('1 (33%)');
    await page.getByTestId('chart-mailer-results').waitFor();
    for (const who of ['arjun@example.test', 'sana@example.test'])
      await server.smtp.waitFor((m) => m.to.includes(who));
    await page.getByLabel('Main navigation').getByRole('link', { name: 'Mailers' }).click();
    await page.getByRole('cell', { name: /Welcome to the new term/ }).waitFor();
    await expectAccessible(page, 'mailers list with a campaign');
    await page.close();
  }, 180_000);
});
