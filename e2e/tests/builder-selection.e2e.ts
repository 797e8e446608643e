import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { choiceQuestion, seedBankQuestions } from '../support/assessments.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { shot } from '../support/screenshot.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

/**
 * The builder at speed: the picker opened from a section adds straight into
 * it; several items chosen at once move to another section, or get one set
 * of marks, in one change each.
 */

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

type Item = { id: number; sectionId: number | null; marks: number; negativeMarks: number };
const dialog = (page: Page) => page.getByRole('dialog');

describe('the builder’s work on several items', () => {
  it('adds into a section, moves chosen items and sets their marks', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1400 } });
    await signIn(page, server);
    const category = await apiOk(page, server, '/master/addtestcategory', { name: 'Speed' });
    const mock = await apiOk(page, server, '/practice/addmocktest', {
      testCategoryId: category.id,
      name: 'Term rehearsal',
      sections: [{ name: 'Physics' }, { name: 'Chemistry' }],
    });
    const data = () => apiOk(page, server, `/practice/getmocktestdata?id=${mock.id}`);
    const [physics, chemistry] = ((await data()).sections as { id: number }[]).map((s) => s.id);
    const ids = await seedBankQuestions(
      page,
      server,
      ['Refraction', 'Lenses', 'Mirrors', 'Prisms', 'Acids', 'Bases'].map((s) => choiceQuestion(s)),
    );
    await apiOk(page, server, '/practice/mocktestquestionmapping', {
      id: mock.id,
      questionIds: ids.slice(0, 4),
      sectionId: physics,
    });
    const items = async () => (await data()).items as Item[];
    const itemOf = async (stemIndex: number) => {
      const all = await items();
      return all[stemIndex]!;
    };

    await page.goto(`${server.url}/mock-tests/${mock.id}`);
    await page.getByText('Prisms').first().waitFor();

    // "Add questions" under Chemistry: the picker is set to that section.
    await page.getByRole('button', { name: 'Add questions to Chemistry' }).click();
    const drawer = dialog(page);
    await expect.poll(() => drawer.getByLabel('Add to section').inputValue()).toBe('Chemistry');
    for (const stem of ['Acids', 'Bases']) {
      await drawer.getByRole('textbox', { name: 'Search questions' }).fill(stem.toLowerCase());
      const row = drawer.getByRole('listitem').filter({ hasText: stem });
      await row.getByRole('checkbox').check();
    }
    await drawer.getByRole('button', { name: 'Add 2 questions' }).click();
    await drawer.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await items()).filter((i) => i.sectionId === chemistry).length)
      .toBe(2);

    const chemistryBefore = (await items())
      .filter((i) => i.sectionId === chemistry)
      .map((i) => i.id);

    // Two Physics items chosen and moved to Chemistry together.
    const lenses = await itemOf(1);
    const prisms = await itemOf(3);
    await page.getByRole('checkbox', { name: /^Choose Question 2: Lenses/ }).check();
    await page.getByRole('checkbox', { name: /^Choose Question 4: Prisms/ }).check();
    const bar = page.getByTestId('builder-selection');
    await bar.getByText('2 items chosen').waitFor();
    await expectAccessible(page, 'builder with two items chosen');
    await shot(page, 'builder-chosen-items', { fullPage: false });
    await bar.getByRole('button', { name: 'Move to section' }).click();
    await dialog(page).getByText('Move 2 items to a section').waitFor();
    await expectAccessible(page, 'move chosen items dialog');
    await dialog(page).getByRole('radio', { name: 'Chemistry' }).check();
    await dialog(page).getByRole('button', { name: 'Move' }).click();
    await page.getByText('2 items moved to Chemistry.').waitFor();
    await bar.waitFor({ state: 'detached' });
    const afterMove = await items();
    expect(afterMove.filter((i) => i.sectionId === chemistry).map((i) => i.id)).toEqual([
      ...chemistryBefore,
      lenses.id,
      prisms.id,
    ]);
    expect(afterMove.filter((i) => i.sectionId === physics)).toHaveLength(2);

    // Three chosen, one set of marks; the others keep theirs.
    const before = new Map(afterMove.map((i) => [i.id, [i.marks, i.negativeMarks]]));
    const chosen = afterMove.slice(0, 3).map((i) => i.id);
    for (const n of [1, 2, 3])
      await page.getByRole('checkbox', { name: new RegExp(`^Choose Question ${n}:`) }).check();
    await bar.getByText('3 items chosen').waitFor();
    await bar.getByRole('button', { name: 'Set marks' }).click();
    await dialog(page).getByText('Marks for 3 questions').waitFor();
    await dialog(page).getByRole('textbox', { name: 'Marks', exact: true }).fill('4');
    await dialog(page).getByRole('textbox', { name: 'Negative marks' }).fill('1');
    await expectAccessible(page, 'marks for chosen questions dialog');
    await shot(page, 'builder-chosen-marks', { fullPage: false });
    await dialog(page).getByRole('button', { name: 'Set marks' }).click();
    await page.getByText('Marks set for the 3 questions chosen.').waitFor();
    const afterMarks = await items();
    for (const i of afterMarks)
      expect([i.id, i.marks, i.negativeMarks]).toEqual(
        chosen.includes(i.id) ? [i.id, 4, 1] : [i.id, ...before.get(i.id)!],
      );
    await page.close();
  });
});
