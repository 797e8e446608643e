import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { choiceQuestion, diagnosticTest, seedBankQuestions } from '../support/assessments.ts';
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

describe('filling a section by rule', () => {
  it('a mock test’s section is filled by rule, saying what the bank lacked', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server);
    const category = await apiOk(page, server, '/master/addtestcategory', { name: 'Drills' });
    const test = await apiOk(page, server, '/practice/addmocktest', {
      testCategoryId: category.id,
      name: 'Drill 1',
      sections: [{ name: 'Warm-up' }],
    });
    const { sections } = await apiOk(page, server, `/practice/getmocktestdata?id=${test.id}`);
    // Tagged, so the rule sees these questions only.
    const bank = (stem: string, difficulty: string) => ({
      ...choiceQuestion(stem),
      difficulty,
      tags: ['fill-drill'],
    });
    await seedBankQuestions(page, server, [
      bank('Easy one', 'easy'),
      bank('Easy two', 'easy'),
      bank('Easy three', 'easy'),
      bank('Medium one', 'medium'),
      { ...bank('Draft medium', 'medium'), status: 'draft' },
    ]);

    await page.goto(`${server.url}/mock-tests/${test.id}`);
    const section = page.getByTestId(`section-${sections[0].id}`);
    await section.getByRole('button', { name: 'Fill by rule' }).click();
    const modal = page.getByRole('dialog', { name: 'Fill “Warm-up” by rule' });
    await modal.getByRole('button', { name: 'Fill section' }).click();
    // The contract's rule, as typed: nothing asked for.
    await modal.getByText('Ask for at least one question').waitFor();
    await modal.getByLabel('Easy').fill('2');
    await modal.getByLabel('Medium').fill('3');
    await modal.getByLabel('Tag').fill('fill-drill');
    await expectAccessible(page, 'fill section by rule dialog');
    await modal.getByRole('button', { name: 'Fill section' }).click();
    await modal.getByText('3 questions added: 2 easy, 1 medium.').waitFor();
    await modal.getByText('The bank had only 1 medium question for this rule (3 asked).').waitFor();
    await expectAccessible(page, 'fill section by rule answer');
    await modal.locator('button', { hasText: /^Close$/ }).click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => section.locator('[data-testid^="item-"]').count()).toBe(3);
    await section.getByText('Rule: 2 easy, 3 medium').waitFor();
    const saved = await apiOk(page, server, `/practice/getmocktestdata?id=${test.id}`);
    expect(saved.sections[0].rule).toMatchObject({
      tag: 'fill-drill',
      mix: { easy: 2, medium: 3 },
    });
    await page.close();
  });

  it('a diagnostic test’s section is filled from its own subject and chapter', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server);
    const d = await diagnosticTest(page, server, {
      name: 'Optics check',
      subject: 'Optics',
      chapters: ['Mirrors', 'Lenses'],
      sections: ['Mirrors'],
    });
    const at = (chapterId: number, stem: string) => ({
      ...choiceQuestion(stem),
      difficulty: 'hard',
      gradeId: d.gradeId,
      subjectId: d.subjectId,
      chapterId,
    });
    await seedBankQuestions(page, server, [
      at(d.chapters.Mirrors!, 'Plane mirror'),
      at(d.chapters.Mirrors!, 'Concave mirror'),
      at(d.chapters.Lenses!, 'Convex lens'),
    ]);

    await page.goto(`${server.url}/diagnostic-tests/${d.testId}`);
    const box = page.getByTestId(`section-${d.sections.Mirrors}`);
    await box.getByRole('button', { name: 'Fill by rule' }).click();
    const modal = page.getByRole('dialog', { name: 'Fill “Mirrors” by rule' });
    // The test's subject and the section's chapter are the rule's filters to start with.
    await expect
      .poll(() => modal.getByLabel('Chapter', { exact: true }).inputValue())
      .toBe('Mirrors');
    await modal.getByLabel('Hard').fill('5');
    await modal.getByRole('button', { name: 'Fill section' }).click();
    await modal.getByText('2 questions added: 2 hard.').waitFor();
    await modal.getByText('The bank had only 2 hard questions for this rule (5 asked).').waitFor();
    await modal.locator('button', { hasText: /^Close$/ }).click();
    await expect.poll(() => box.locator('[data-testid^="item-"]').count()).toBe(2);
    await page.close();
  });
});
