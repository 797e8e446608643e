import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { choiceQuestion, seedBankQuestions } from '../support/assessments.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';
import { createBookWithToc } from '../support/toc.ts';

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
    await signIn(page, server);
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
    await signIn(page, server);
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

    // A practice without instructions of its own shows them to the learner.
    await createBookWithToc(page, server, '9780140449143', 'Science Nine', {
      'Unit A': ['Motion'],
    });
    const toc = await apiOk(page, server, '/book/gettocbyisbn?isbn=9780140449143');
    const practice = await apiOk(page, server, '/toc/quiz/createpractice', {
      name: 'Motion quiz',
      tocNodeId: toc.nodes[0].children[0].id,
    });
    await page.goto(`${server.url}/practices/${practice.id}/preview`);
    await page.getByTestId('instructions').getByText('there are no negative marks').waitFor();
    await page.close();
  });

  it('an assessment’s and a section’s instructions are written in the builder and shown in the preview', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server);
    const category = await apiOk(page, server, '/master/addtestcategory', { name: 'Termly' });
    const test = await apiOk(page, server, '/practice/addmocktest', {
      testCategoryId: category.id,
      name: 'Term 1',
      sections: [{ name: 'Part A' }],
    });
    const { sections } = await apiOk(page, server, `/practice/getmocktestdata?id=${test.id}`);
    const [q] = await seedBankQuestions(page, server, [choiceQuestion('Instructions question')]);
    await apiOk(page, server, '/practice/mocktestquestionmapping', {
      id: test.id,
      questionIds: [q],
      sectionId: sections[0].id,
    });

    await page.goto(`${server.url}/mock-tests/${test.id}`);
    const panel = page.getByTestId('assessment-instructions');
    await panel.getByText('None: the learner starts with the first question.').waitFor();
    await panel.getByRole('button', { name: 'Edit instructions' }).click();
    const modal = page.getByRole('dialog', { name: 'Instructions of the mock test' });
    await modal.locator('.ProseMirror').click();
    await page.keyboard.type('Read every question twice.');
    await expectAccessible(page, 'assessment instructions dialog');
    await modal.getByRole('button', { name: 'Save instructions' }).click();
    await modal.waitFor({ state: 'detached' });
    await panel.getByText('Read every question twice.').waitFor();

    const section = page.getByTestId(`section-${sections[0].id}`);
    await section.getByRole('button', { name: 'Instructions', exact: true }).click();
    const sectionModal = page.getByRole('dialog', { name: 'Instructions of “Part A”' });
    await sectionModal.locator('.ProseMirror').click();
    await page.keyboard.type('Part A has no negative marks.');
    await expectAccessible(page, 'section instructions dialog');
    await sectionModal.getByRole('button', { name: 'Save instructions' }).click();
    await sectionModal.waitFor({ state: 'detached' });
    await section.getByText('Part A has no negative marks.').waitFor();
    // Saving the sections list keeps the section's instructions.
    await page.getByRole('button', { name: 'Save sections' }).click();
    await page.getByText('Sections saved.').waitFor();
    const saved = await apiOk(page, server, `/practice/getmocktestdata?id=${test.id}`);
    expect(saved.instructions).toBe('<p>Read every question twice.</p>');
    expect(saved.sections[0].instructions).toBe('<p>Part A has no negative marks.</p>');

    await page.getByRole('link', { name: 'Preview as a learner' }).click();
    await page.getByText('Read every question twice.').waitFor();
    await page
      .getByTestId('section-instructions')
      .getByText('Part A has no negative marks.')
      .waitFor();
    await page.close();
  });
});
