import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import {
  choiceQuestion,
  diagnosticTest,
  itemOrder,
  seedBankQuestions,
} from '../support/assessments.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { pickUpByKeyboard } from '../support/keyboard-drag.ts';
import { shot } from '../support/screenshot.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const dialog = (page: Page) => page.getByRole('dialog');

/** The builder's sections, top to bottom, as their data-testid. */
const sectionOrder = (page: Page) =>
  page
    .locator('[data-testid^="section-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));

/** Drags one handle onto another with the mouse, in small steps as a hand would. */
async function dragByMouse(page: Page, from: string, to: string) {
  const a = (await page.getByRole('button', { name: from, exact: true }).boundingBox())!;
  const b = (await page.getByRole('button', { name: to, exact: true }).boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + 2, { steps: 15 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

describe('the sections of a mock test', () => {
  it('are reordered by keyboard and mouse, and an item moves to another section', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1600 } });
    await signIn(page, server);
    const category = await apiOk(page, server, '/master/addtestcategory', { name: 'Boards' });
    const mock = await apiOk(page, server, '/practice/addmocktest', {
      testCategoryId: category.id,
      name: 'Boards rehearsal',
      sections: [{ name: 'Physics' }, { name: 'Chemistry' }, { name: 'Maths' }],
    });
    const data = () => apiOk(page, server, `/practice/getmocktestdata?id=${mock.id}`);
    const [physics, chemistry, maths] = ((await data()).sections as { id: number }[]).map(
      (s) => `section-${s.id}`,
    );
    const [q1, q2, q3] = await seedBankQuestions(page, server, [
      choiceQuestion('Refraction'),
      choiceQuestion('Lenses'),
      choiceQuestion('Acids'),
    ]);
    const sectionId = (testId: string) => Number(testId.replace('section-', ''));
    const map = (questionIds: number[], section: string) =>
      apiOk(page, server, '/practice/mocktestquestionmapping', {
        id: mock.id,
        questionIds,
        sectionId: sectionId(section),
      });
    await map([q1!, q2!], physics!);
    await map([q3!], chemistry!);
    const [i1, i2, i3] = ((await data()).items as { id: number }[]).map((i) => `item-${i.id}`);

    await page.goto(`${server.url}/mock-tests/${mock.id}`);
    await page.getByTestId(i3!).waitFor();
    expect(await sectionOrder(page)).toEqual([physics, chemistry, maths]);
    const saved = () =>
      page.waitForResponse((r) => r.url().endsWith('/api/practice/mocktestquestionpriority'));

    // By keyboard: Maths up two places, announced as it goes.
    let done = saved();
    await page.getByRole('button', { name: 'Drag Section Maths', exact: true }).focus();
    const said = (text: string) => page.getByText(text).waitFor({ state: 'attached' });
    await pickUpByKeyboard(page, 'Section Maths is over position 3 of 3.');
    for (const at of [2, 1]) {
      await page.keyboard.press('ArrowUp');
      await said(`Section Maths is over position ${at} of 3.`);
    }
    await page.keyboard.press('Space');
    expect((await done).status()).toBe(200);
    await expect.poll(() => sectionOrder(page)).toEqual([maths, physics, chemistry]);
    // The items follow their sections, numbered in the new order.
    expect(await itemOrder(page)).toEqual([i1, i2, i3]);

    // By mouse: Chemistry (last) dragged onto Maths (first).
    done = saved();
    await dragByMouse(page, 'Drag Section Chemistry', 'Drag Section Maths');
    expect((await done).status()).toBe(200);
    await expect.poll(() => sectionOrder(page)).toEqual([chemistry, maths, physics]);
    expect(await itemOrder(page)).toEqual([i3, i1, i2]);
    await expectAccessible(page, 'mock test builder, sections reordered');

    await page.reload();
    await page.getByTestId(i3!).waitFor();
    expect(await sectionOrder(page)).toEqual([chemistry, maths, physics]);
    expect(((await data()).sections as { name: string }[]).map((s) => s.name)).toEqual([
      'Chemistry',
      'Maths',
      'Physics',
    ]);

    // "Move to section": Refraction from Physics to the end of Chemistry.
    await page.getByRole('button', { name: /^Move Question 2: Refraction/ }).click();
    await dialog(page).getByText('Question 2: Refraction').waitFor();
    await expectAccessible(page, 'move to section dialog');
    await shot(page, 'move-to-section', { fullPage: false });
    await dialog(page).getByRole('radio', { name: 'Chemistry' }).check();
    done = saved();
    await dialog(page).getByRole('button', { name: 'Move' }).click();
    expect((await done).status()).toBe(200);
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByText('Moved to Chemistry.').waitFor();
    await page.getByTestId(chemistry!).getByTestId(i1!).waitFor();
    expect(await itemOrder(page)).toEqual([i3, i1, i2]);
    await shot(page, 'mock-test-sections');

    await page.reload();
    await page.getByTestId(chemistry!).getByTestId(i1!).waitFor();
    const after = await data();
    expect(
      (after.items as { id: number; sectionId: number; position: number }[]).map((i) => [
        `item-${i.id}`,
        `section-${i.sectionId}`,
        i.position,
      ]),
    ).toEqual([
      [i3, chemistry, 0],
      [i1, chemistry, 1],
      [i2, physics, 2],
    ]);
    await page.close();
  });

  it('of a diagnostic test are reordered by keyboard too, kept on reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server);
    const d = await diagnosticTest(page, server, {
      name: 'Optics check',
      subject: 'Optics',
      chapters: ['Mirrors', 'Prisms'],
      sections: ['Mirrors', 'Prisms'],
    });
    const [mirrors, prisms] = ['Mirrors', 'Prisms'].map((n) => `section-${d.sections[n]}`);
    await page.goto(`${server.url}/diagnostic-tests/${d.testId}`);
    await page.getByTestId(prisms!).waitFor();
    expect(await sectionOrder(page)).toEqual([mirrors, prisms]);

    const done = page.waitForResponse((r) =>
      r.url().endsWith('/api/promotional/diagnosticquestionpriority'),
    );
    await page.getByRole('button', { name: 'Drag Section Prisms', exact: true }).focus();
    await pickUpByKeyboard(page, 'Section Prisms is over position 2 of 2.');
    await page.keyboard.press('ArrowUp');
    await page.getByText('Section Prisms is over position 1 of 2.').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    expect((await done).status()).toBe(200);
    await page.reload();
    await page.getByTestId(prisms!).waitFor();
    expect(await sectionOrder(page)).toEqual([prisms, mirrors]);
    await expectAccessible(page, 'diagnostic test builder, sections reordered');
    await page.close();
  });
});
