import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { choiceQuestion, seedBankQuestions } from '../support/assessments.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';
import { createBookWithToc, tocRowAction } from '../support/toc.ts';

/** Small things a walk through the product found (names, focus, dialogs, toasts). */

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function signedIn(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await signIn(page, server);
  return page;
}

describe('formulas in names and dialogs are words a screen reader can say', () => {
  it('the builder, its remove confirmation and the question list say "3 squared", never \\(3^2\\)', async () => {
    const page = await signedIn();
    const category = await apiOk(page, server, '/master/addtestcategory', { name: 'Spoken' });
    const test = await apiOk(page, server, '/practice/addmocktest', {
      testCategoryId: category.id,
      name: 'Squares',
    });
    const [q] = await seedBankQuestions(page, server, [choiceQuestion('What is \\(3^2\\)?')]);
    await apiOk(page, server, '/practice/mocktestquestionmapping', {
      id: test.id,
      questionIds: [q],
    });

    await page.goto(`${server.url}/mock-tests/${test.id}`);
    const spoken = 'Question 1: What is 3 squared?';
    await page.getByRole('button', { name: `Drag ${spoken}`, exact: true }).waitFor();
    await page.getByRole('button', { name: `Remove ${spoken}`, exact: true }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(`${spoken}. The question stays in the bank.`).waitFor();
    expect(await confirm.textContent()).not.toContain('\\(');
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/questions`);
    await page
      .getByRole('checkbox', { name: `Select question ${q}: What is 3 squared?`, exact: true })
      .waitFor();
    await page.close();
  });
});

describe('the TOC editor', () => {
  it('"Add topic under it" puts focus in the new title field', async () => {
    const page = await signedIn();
    const bookId = await createBookWithToc(page, server, '9780306406157', 'Focus book', {
      'Unit A': ['Chapter A'],
    });
    await page.goto(`${server.url}/books/${bookId}`);
    const section = page.getByTestId('toc-section');
    await section.getByText('Chapter A', { exact: true }).waitFor();
    await tocRowAction(section, 'Chapter A', 'Add topic under it');
    await section.getByLabel('New node title').waitFor();
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? 'none');
    await expect.poll(focused).toBe('New node title');
    // It stays there (no late focus return of the closed menu).
    await new Promise((r) => setTimeout(r, 300));
    expect(await focused()).toBe('New node title');
    await page.keyboard.type('Topic typed at once');
    await page.keyboard.press('Enter');
    await section.getByText('Topic typed at once', { exact: true }).waitFor();
    await page.close();
  });
});

describe('the assessment builder', () => {
  it('a marks refusal names its field, not "Some values were not accepted"', async () => {
    const page = await signedIn();
    const category = await apiOk(page, server, '/master/addtestcategory', { name: 'Marked' });
    const test = await apiOk(page, server, '/practice/addmocktest', {
      testCategoryId: category.id,
      name: 'Marks refused',
    });
    const [q] = await seedBankQuestions(page, server, [choiceQuestion('Marked question')]);
    await apiOk(page, server, '/practice/mocktestquestionmapping', {
      id: test.id,
      questionIds: [q],
    });
    await page.goto(`${server.url}/mock-tests/${test.id}`);
    const name = 'Negative marks of Question 1: Marked question';
    await page.getByRole('button', { name: new RegExp(`^${name}:`) }).focus();
    const field = page.getByRole('textbox', { name, exact: true });
    await field.fill('5');
    await field.press('Enter');
    const toast = page.getByRole('alert').filter({ hasText: 'Could not save the marks' });
    await toast.getByText('Negative marks cannot be more than the marks').waitFor();
    expect(await toast.textContent()).not.toContain('Some values were not accepted');
    await page.close();
  });

  it('adding a question someone else added meanwhile is no success: "Nothing changed" in grey, the drawer stays', async () => {
    const page = await signedIn();
    const category = await apiOk(page, server, '/master/addtestcategory', { name: 'Raced' });
    const test = await apiOk(page, server, '/practice/addmocktest', {
      testCategoryId: category.id,
      name: 'Raced test',
    });
    const [q] = await seedBankQuestions(page, server, [choiceQuestion('Raced question')]);
    await page.goto(`${server.url}/mock-tests/${test.id}`);
    await page.getByRole('button', { name: 'Add questions' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add questions from the bank' });
    // The drawer counts in the kind's own word (the other tests' questions are in the bank too).
    await drawer.getByText(/questions? not in this mock test/).waitFor();
    await drawer.getByLabel(`Choose question ${q}`).check();
    // Another admin adds it first.
    await apiOk(page, server, '/practice/mocktestquestionmapping', {
      id: test.id,
      questionIds: [q],
    });
    await drawer.getByRole('button', { name: 'Add 1 question' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Nothing changed' });
    await toast.getByText('The chosen question is already in this mock test.').waitFor();
    // Mantine colours a toast through its style: grey, never the success teal.
    expect(await toast.getAttribute('style')).toContain('gray');
    expect(await page.getByRole('alert').filter({ hasText: 'added' }).count()).toBe(0);
    await drawer.getByLabel(`Choose question ${q}`).waitFor({ state: 'detached' });
    await page.close();
  });
});
