import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { choiceQuestion, seedBankQuestions } from '../support/assessments.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signInThroughUi } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const drawer = (page: Page) => page.getByRole('dialog', { name: /settings/ });

describe('an assessment’s settings', () => {
  it('are edited in the builder’s drawer, refused in words when they contradict, and saved', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signInThroughUi(page, server);
    const category = await apiOk(page, server, '/master/addtestcategory', { name: 'Weekly' });
    const test = await apiOk(page, server, '/practice/addmocktest', {
      testCategoryId: category.id,
      name: 'Week 1',
    });
    const [q] = await seedBankQuestions(page, server, [choiceQuestion('Settings drawer question')]);
    await apiOk(page, server, '/practice/mocktestquestionmapping', {
      id: test.id,
      questionIds: [q],
    });

    await page.goto(`${server.url}/mock-tests/${test.id}`);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await drawer(page).waitFor();
    await expectAccessible(page, 'assessment settings drawer');
    await drawer(page).getByLabel('Duration (minutes)').fill('45');
    await drawer(page).getByLabel('Default marks', { exact: true }).fill('1');
    await drawer(page).getByLabel('Default negative marks').fill('2');
    await drawer(page).getByRole('button', { name: 'Save settings' }).click();
    // The server's rule, on its field, in words; nothing saved.
    await drawer(page).getByText('Negative marks cannot be more than the marks').waitFor();
    expect(
      (await apiOk(page, server, `/practice/getmocktestbyid?id=${test.id}`)).durationMinutes,
    ).toBe(null);

    await drawer(page).getByLabel('Default negative marks').fill('0.25');
    await drawer(page).getByText('A share per correct option').click();
    await drawer(page).getByLabel('Shuffle the options').check();
    await drawer(page).getByRole('button', { name: 'Save settings' }).click();
    await drawer(page).waitFor({ state: 'detached' });
    const saved = await apiOk(page, server, `/practice/getmocktestbyid?id=${test.id}`);
    expect(saved).toMatchObject({
      durationMinutes: 45,
      defaultMarks: 1,
      defaultNegativeMarks: 0.25,
      partialCredit: 'per_option',
      shuffleOptions: true,
      shuffleQuestions: false,
      totals: { questions: 1, minutes: 45 },
    });
    await page.getByTestId('totals').getByText(/45/).waitFor();
    await page.close();
  });

  it('the practices’ general instructions are written in rich text and kept sanitised', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signInThroughUi(page, server);
    await page.goto(`${server.url}/practices`);
    await page.getByRole('button', { name: 'General instructions' }).click();
    const dialog = page.getByRole('dialog', { name: 'General instructions of practices' });
    await dialog.locator('.ProseMirror').click();
    await page.keyboard.type('Answer every question; there are no negative marks.');
    await expectAccessible(page, 'general instructions dialog');
    await dialog.getByRole('button', { name: 'Save instructions' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = await apiOk(page, server, '/toc/quiz/getgeneralinstructions');
    expect(saved.html).toBe('<p>Answer every question; there are no negative marks.</p>');
    await page.getByRole('button', { name: 'General instructions' }).click();
    await dialog.getByText('there are no negative marks').waitFor();
    await page.close();
  });
});
