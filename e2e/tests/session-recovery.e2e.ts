import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { recordApiCalls } from '../support/browser.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { chooseType, field, typeInto } from '../support/question-editor.ts';
import type { RunningServer } from '../support/server.ts';
import { signInThroughUi } from '../support/session.ts';
import {
  secondAdmin,
  signInAgainInDialog,
  signInDialog,
  signOutEverywhereElsewhere,
} from '../support/signed-out.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const wide = () => browser.newPage({ viewport: { width: 1400, height: 1000 } });

/** Profile → "Sign out everywhere" in another browser (its own context: no shared storage). */
async function signOutEverywhereInAnotherBrowser() {
  const other = await browser.newContext();
  const page = await other.newPage();
  await signInThroughUi(page, server);
  await page.goto(`${server.url}/profile`);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page
    .getByRole('dialog', { name: 'Sign out everywhere?' })
    .getByRole('button', { name: 'Sign out everywhere' })
    .click();
  await page.waitForURL(/\/login/);
  await other.close();
}

describe('typed work survives the end of a session (issue 22, section 1)', () => {
  it('question editor: a numeric question saved after signing out everywhere elsewhere', async () => {
    const page = await wide();
    await signInThroughUi(page, server);
    await page.goto(`${server.url}/questions/new`);
    await chooseType(page, 'Numeric');
    await typeInto(page, 'Question', 'How fast does a stone fall after one second?');
    await page.getByRole('textbox', { name: 'Answer', exact: true }).fill('9.8');
    await page.getByRole('textbox', { name: 'Tolerance', exact: true }).fill('0.1');
    await page.getByRole('textbox', { name: 'Unit', exact: true }).fill('m/s');

    await signOutEverywhereInAnotherBrowser();
    await page.getByRole('button', { name: 'Save question' }).last().click();

    // The dialog opens over the editor, which keeps every value.
    await signInDialog(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/questions/new');
    expect(await page.getByRole('textbox', { name: 'Answer', exact: true }).inputValue()).toBe(
      '9.8',
    );
    await expect.poll(() => field(page, 'Question').innerText()).toContain('stone fall');
    await expectAccessible(page, 'sign-in dialog over the question editor');

    await signInAgainInDialog(page, server);
    await page.waitForURL(/\/questions\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = await apiOk(page, server, `/questions/getquestionbyid?id=${id}`);
    expect(saved.type).toBe('numeric');
    expect(saved.stem).toBe('<p>How fast does a stone fall after one second?</p>');
    expect(saved.numeric).toEqual({ value: 9.8, tolerance: 0.1, unit: 'm/s' });
    await page.close();
  }, 120_000);

  it('assessment builder: the settings drawer saves after the session ended', async () => {
    const page = await wide();
    await signInThroughUi(page, server);
    const category = await apiOk(page, server, '/master/addtestcategory', { name: 'Termly' });
    const test = await apiOk(page, server, '/practice/addmocktest', {
      testCategoryId: category.id,
      name: 'Term 1',
    });
    await page.goto(`${server.url}/mock-tests/${test.id}`);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: /settings/ });
    await drawer.getByLabel('Duration (minutes)').fill('40');
    await drawer.getByLabel('Default marks', { exact: true }).fill('2');
    await drawer.getByLabel('Default negative marks').fill('0.5');
    await drawer.getByLabel('Shuffle the questions').check();

    await signOutEverywhereElsewhere(server);
    await drawer.getByRole('button', { name: 'Save settings' }).click();
    await signInDialog(page).waitFor();
    expect(await drawer.getByLabel('Duration (minutes)').inputValue()).toBe('40');
    await signInAgainInDialog(page, server);
    await drawer.waitFor({ state: 'detached' });

    const saved = await apiOk(page, server, `/practice/getmocktestbyid?id=${test.id}`);
    expect(saved).toMatchObject({
      durationMinutes: 40,
      defaultMarks: 2,
      defaultNegativeMarks: 0.5,
      shuffleQuestions: true,
      shuffleOptions: false,
    });
    await page.close();
  }, 120_000);

  it('mail template: a new template is created after the session ended', async () => {
    const page = await wide();
    await signInThroughUi(page, server);
    await page.goto(`${server.url}/mail-templates/new`);
    await fillTemplate(page, 'Back to school');

    await signOutEverywhereElsewhere(server);
    await page.getByRole('button', { name: 'Save template' }).click();
    await signInAgainInDialog(page, server);
    await page.waitForURL(/\/mail-templates\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = await apiOk(page, server, `/mail/template?id=${id}`);
    expect(saved).toMatchObject({
      name: 'Back to school',
      subject: 'Hello {{first_name}}',
      html: '<p>Dear {{name}}, term starts on Monday.</p>',
    });
    await page.close();
  }, 120_000);

  it('book form: the new book dialog creates its book after the session ended', async () => {
    const page = await wide();
    await signInThroughUi(page, server);
    await page.goto(`${server.url}/books`);
    await page.getByRole('button', { name: 'New book' }).click();
    const dialog = page.getByRole('dialog', { name: /book/i }).first();
    await dialog.getByLabel('ISBN').fill('978-0-306-40615-7');
    await dialog.getByLabel('Title').fill('Rivers and Rain');
    await dialog.getByLabel('Grade', { exact: true }).click();
    await page.getByRole('option', { name: 'Class 5', exact: true }).click();

    await signOutEverywhereElsewhere(server);
    await dialog.getByRole('button', { name: 'Create book' }).click();
    await signInAgainInDialog(page, server);
    await page.waitForURL(/\/books\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = await apiOk(page, server, `/book/getbook?id=${id}`);
    expect(saved).toMatchObject({ isbn: '9780306406157', title: 'Rivers and Rain' });
    const grades = await apiOk(page, server, '/book/getgrades');
    expect(saved.gradeId).toBe(grades.items.find((g: { name: string }) => g.name === 'Class 5').id);
    await page.close();
  }, 120_000);

  it('signed in as someone else: nothing is sent, the values stay, and the dialog says so', async () => {
    const other = await secondAdmin(server, 'Second Editor', 'second@example.test');
    const page = await wide();
    await signInThroughUi(page, server);
    await page.goto(`${server.url}/mail-templates/new`);
    await fillTemplate(page, 'Not for the second admin');
    const calls = recordApiCalls(page);

    await signOutEverywhereElsewhere(server);
    await page.getByRole('button', { name: 'Save template' }).click();
    await signInAgainInDialog(page, server, other);
    await page.getByText('Signed in as Second Editor').waitFor();
    await page
      .getByText(/Nothing was sent/)
      .first()
      .waitFor();

    // Still the new template, with what was typed; the refused save was the only one.
    expect(new URL(page.url()).pathname).toBe('/mail-templates/new');
    expect(await page.getByLabel('Name').inputValue()).toBe('Not for the second admin');
    expect(await page.getByLabel('Body (HTML)').inputValue()).toContain('term starts on Monday');
    const saves = calls.filter((c) => c.path === '/api/mail/createtemplate');
    expect(saves.map((c) => c.status)).toEqual([401]);
    const list = await apiOk(page, server, '/mail/listoftemplates?q=second');
    expect(list.items).toHaveLength(0);
    await page.close();
  }, 120_000);

  it('a save that gets no answer says what was not sent, and "Try again" sends it', async () => {
    const page = await wide();
    await signInThroughUi(page, server);
    await page.goto(`${server.url}/mail-templates/new`);
    await fillTemplate(page, 'Sent on the second try');
    // The first try never reaches the server, as when the network drops.
    await page.route('**/api/mail/createtemplate', (route) => route.abort('failed'), { times: 1 });
    await page.getByRole('button', { name: 'Save template' }).click();
    const notice = page.locator('.mantine-Notification-root', {
      hasText: 'Not sent: Save a new template',
    });
    await notice.getByText(/Could not reach the server/).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Sent on the second try');
    await expectAccessible(page, 'a save without an answer');
    await notice.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL(/\/mail-templates\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await apiOk(page, server, `/mail/template?id=${id}`)).toMatchObject({
      name: 'Sent on the second try',
    });
    await notice.waitFor({ state: 'detached' });
    await page.close();
  }, 120_000);

  it('an editor reloaded or closed before saving offers its values back; saved or discarded, they go', async () => {
    const page = await wide();
    await signInThroughUi(page, server);
    const offer = page.getByTestId('draft-offer');
    // Leaving the question editor with changes: the browser's own question, answered "leave".
    page.on('dialog', (d) => void d.accept());

    // Reloaded: the template's values come back on request, then save as typed.
    await page.goto(`${server.url}/mail-templates/new`);
    await fillTemplate(page, 'Kept across a reload');
    await page.reload();
    await offer.waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    await expectAccessible(page, 'template editor offering kept values');
    await offer.getByRole('button', { name: 'Restore them' }).click();
    await offer.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Name').inputValue()).toBe('Kept across a reload');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.waitForURL(/\/mail-templates\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await apiOk(page, server, `/mail/template?id=${id}`)).toMatchObject({
      name: 'Kept across a reload',
      html: '<p>Dear {{name}}, term starts on Monday.</p>',
    });
    await page.goto(`${server.url}/mail-templates/new`);
    await page.getByRole('heading', { name: 'New template' }).waitFor();
    await page.getByLabel('Name').waitFor();
    await page.waitForTimeout(500);
    expect(await offer.count()).toBe(0);

    // Closed: the new book dialog offers its values again; discarded, they are gone.
    await page.goto(`${server.url}/books`);
    const dialog = page.getByRole('dialog', { name: 'New book' });
    await page.getByRole('button', { name: 'New book' }).click();
    await dialog.getByLabel('Title').fill('A book left half-typed');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'New book' }).click();
    await dialog.getByTestId('draft-offer').getByRole('button', { name: 'Restore them' }).click();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('A book left half-typed');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'New book' }).click();
    await dialog.getByTestId('draft-offer').getByRole('button', { name: 'Discard them' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'New book' }).click();
    await dialog.getByLabel('Title').waitFor();
    expect(await dialog.getByTestId('draft-offer').count()).toBe(0);

    // The question editor, reloaded past the browser's own question: its rich text comes back.
    await page.goto(`${server.url}/questions/new`);
    await typeInto(page, 'Question', 'Which planet is the largest?');
    await page.reload();
    await offer.getByRole('button', { name: 'Restore them' }).click();
    await expect.poll(() => field(page, 'Question').innerText()).toContain('largest');

    // Kept for this admin only: the key names the admin and the object.
    const me = await apiOk(page, server, '/auth/me');
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.filter((k) => k.startsWith('bo-draft:'))).toEqual([
      `bo-draft:${me.id}:question:new`,
    ]);
    await page.close();
  }, 120_000);
});

async function fillTemplate(page: Page, name: string) {
  await page.getByRole('heading', { name: 'New template' }).waitFor();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Subject').fill('Hello {{first_name}}');
  await page.getByLabel('Body (HTML)').fill('<p>Dear {{name}}, term starts on Monday.</p>');
  await page.getByTestId('preview-subject').getByText('Hello Asha').waitFor();
}
