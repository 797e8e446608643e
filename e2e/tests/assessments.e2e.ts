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

const dialog = (page: Page) => page.getByRole('dialog');
const pick = async (page: Page, label: string, option: string | RegExp) => {
  await dialog(page).locator('input').and(page.getByLabel(label)).click();
  await page.getByRole('option', { name: option }).click();
};
const idFromUrl = (page: Page) => Number(new URL(page.url()).pathname.split('/').pop());

async function signedIn() {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await signIn(page, server);
  return page;
}

/** A grade's new subject with two chapters, through the API. */
async function subjectWithChapters(page: Page, name: string) {
  const grades = await apiOk(page, server, '/book/getgrades');
  const grade = grades.items.find((g: { name: string }) => g.name === 'Class 8');
  const subject = await apiOk(page, server, '/book/addsubject', { gradeId: grade.id, name });
  for (const chapter of ['Light', 'Sound'])
    await apiOk(page, server, '/book/addchapter', { subjectId: subject.id, name: chapter });
  return { grade, subject };
}

describe('mock tests, diagnostic tests and the learner preview', () => {
  it('a mock test in a new category with timed sections is cloned with them', async () => {
    const page = await signedIn();
    await page.goto(`${server.url}/mock-tests`);
    await page.getByRole('button', { name: 'New category' }).click();
    await dialog(page).getByLabel('Name').fill('Olympiad');
    await expectAccessible(page, 'new test category dialog');
    await dialog(page).getByRole('button', { name: 'Add category' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'New mock test' }).click();
    await dialog(page).getByLabel('Name').fill('Olympiad round 1');
    await pick(page, 'Test category', 'Olympiad');
    await expectAccessible(page, 'new mock test dialog');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/mock-tests\/\d+$/);
    const id = idFromUrl(page);

    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByLabel('Section 1 name').fill('Physics');
    await page.getByLabel('Section 1 minutes').fill('20');
    await page.getByLabel('Section 2 name').fill('Chemistry');
    await page.getByLabel('Section 2 minutes').fill('15');
    await page.getByRole('button', { name: 'Save sections' }).click();
    await page.getByText('0 questions · 0 marks · 35 min').waitFor();
    const saved = await apiOk(page, server, `/practice/getmocktestdata?id=${id}`);
    const [physics, chemistry] = saved.sections as { id: number }[];
    const [q1, q2] = await seedBankQuestions(page, server, [
      choiceQuestion('Speed of light'),
      choiceQuestion('Boiling water'),
    ]);
    await apiOk(page, server, '/practice/mocktestquestionmapping', {
      id,
      questionIds: [q1],
      sectionId: physics!.id,
    });
    await apiOk(page, server, '/practice/mocktestquestionmapping', {
      id,
      questionIds: [q2],
      sectionId: chemistry!.id,
    });
    await page.reload();
    await page.getByText('2 questions · 4 marks · 35 min').waitFor();
    await page.getByTestId(`section-${physics!.id}`).getByText('Speed of light').waitFor();
    await expectAccessible(page, 'mock test builder with sections');

    await page.getByRole('button', { name: 'Clone' }).click();
    await page.waitForURL((url) => url.pathname !== `/mock-tests/${id}`);
    const copyId = idFromUrl(page);
    await page.getByText('Cloned from').waitFor();
    expect(await page.getByRole('textbox', { name: 'Mock test name' }).inputValue()).toBe(
      'Copy of Olympiad round 1',
    );
    expect(await page.getByLabel('Section 2 minutes').inputValue()).toBe('15');
    const copy = await apiOk(page, server, `/practice/getmocktestdata?id=${copyId}`);
    expect(copy.sections.map((s: { name: string }) => s.name)).toEqual(['Physics', 'Chemistry']);
    expect(copy.totals).toEqual({ questions: 2, marks: 4, minutes: 35 });
    await page.close();
  });

  it('a diagnostic test gets a section per chapter of its subject, with a time', async () => {
    const page = await signedIn();
    await subjectWithChapters(page, 'Physics');
    await page.goto(`${server.url}/diagnostic-tests`);
    await page.getByRole('button', { name: 'New diagnostic test' }).click();
    await dialog(page).getByLabel('Name').fill('Physics check');
    await pick(page, 'Grade', 'Class 8');
    await pick(page, 'Subject', 'Physics');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/diagnostic-tests\/\d+$/);
    const id = idFromUrl(page);

    await page.getByRole('button', { name: 'Add a section for Light' }).click();
    await page.getByLabel('Minutes for Light').waitFor();
    await page.getByRole('button', { name: 'Add a section for Sound' }).click();
    await page.getByLabel('Minutes for Sound').waitFor();
    await page.getByLabel('Minutes for Light').fill('12');
    const edited = page.waitForResponse((r) =>
      r.url().endsWith('/api/promotional/editdiagnosticpractice'),
    );
    await page.getByLabel('Minutes for Light').blur();
    expect((await edited).status()).toBe(200);
    await expectAccessible(page, 'diagnostic test builder');
    const sections = await apiOk(page, server, `/promotional/getdiagnosticpractice?id=${id}`);
    expect(
      sections.items.map((s: { name: string; timeLimitMinutes: number | null }) => [
        s.name,
        s.timeLimitMinutes,
      ]),
    ).toEqual([
      ['Light', 12],
      ['Sound', null],
    ]);
    await page.close();
  });

  it('the learner preview scores a sample attempt and shows the key', async () => {
    const page = await signedIn();
    await createBookWithToc(page, server, '9780140449136', 'Science Eight', {
      'Unit A': ['Forces'],
    });
    const toc = await apiOk(page, server, '/book/gettocbyisbn?isbn=9780140449136');
    const nodeId = toc.nodes[0].children[0].id;
    const practice = await apiOk(page, server, '/toc/quiz/createpractice', {
      name: 'Forces quiz',
      tocNodeId: nodeId,
    });
    const ids = await seedBankQuestions(page, server, [
      choiceQuestion('Newton first law'),
      choiceQuestion('Friction'),
      {
        type: 'numeric',
        stem: '<p>How many newtons in a kilonewton?</p>',
        numeric: { value: 1000, tolerance: 0 },
        marks: 2,
        status: 'active',
      },
    ]);
    await apiOk(page, server, '/toc/quiz/practicequestionmapping', {
      id: practice.id,
      questionIds: ids,
    });
    await page.goto(`${server.url}/practices/${practice.id}/preview`);
    await page.getByText('Question 1 of 3').waitFor();
    await expectAccessible(page, 'learner preview');

    // Right, then wrong (marked for review), the third left unanswered.
    await page.getByRole('radio', { name: /Right/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Question 2 of 3').waitFor();
    await page.getByRole('radio', { name: /Wrong/ }).check();
    await page.getByRole('button', { name: 'Mark for review' }).click();
    await page.getByRole('button', { name: 'Question 2, answered, marked for review' }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();

    const score = page.getByTestId('score');
    await score.getByText('Score: 2 / 6').waitFor();
    await score.getByText('Right: 1').waitFor();
    await score.getByText('Wrong: 1').waitFor();
    await score.getByText('Not answered: 1').waitFor();
    await page.getByText('Because of Friction.').waitFor();
    await page.getByRole('button', { name: 'Question 3' }).click();
    await page.getByText('Right answer: 1000').waitFor();
    await expectAccessible(page, 'learner preview, scored');
    await page.close();
  });
});
