import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { choiceQuestion, itemOrder, seedBankQuestions } from '../support/assessments.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { pickUpByKeyboard } from '../support/keyboard-drag.ts';
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

async function pick(page: Page, label: string, option: string | RegExp) {
  await dialog(page).locator('input').and(page.getByLabel(label)).click();
  await page.getByRole('option', { name: option }).click();
}

describe('a practice built on a TOC node from bank questions', () => {
  it('is created, filled, reordered, refused with its problems in place, fixed and activated', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server);
    const bookId = await createBookWithToc(page, server, '9780306406157', 'Maths Seven', {
      'Unit 1': ['Fractions', 'Decimals'],
    });
    const [q1, q2, q3] = await seedBankQuestions(page, server, [
      choiceQuestion('First question'),
      choiceQuestion('Second question'),
      choiceQuestion('Draft question', 'draft'),
    ]);

    await page.goto(`${server.url}/practices`);
    await page.getByText('No practices yet').waitFor();
    await expectAccessible(page, 'practices list');

    await page.getByRole('button', { name: 'New practice' }).click();
    await dialog(page).waitFor();
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await dialog(page).getByText('Required').first().waitFor();
    await expectAccessible(page, 'new practice dialog, empty form submitted');
    await dialog(page).getByLabel('Name').fill('Fractions practice');
    await pick(page, 'Book', /Maths Seven/);
    await pick(page, 'Table of contents node', /Fractions/);
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/practices\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText('0 questions · 0 marks').waitFor();
    await expectAccessible(page, 'practice builder, empty');

    // Bank questions through the drawer: only those not in the practice, several at once.
    await page.getByRole('button', { name: 'Add questions' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add questions from the bank' });
    await drawer.getByText('3 questions not in this practice').waitFor();
    await expectAccessible(page, 'add questions drawer');
    for (const q of [q1, q2, q3]) await drawer.getByLabel(`Choose question ${q}`).check();
    await drawer.getByRole('button', { name: 'Add 3 questions' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.getByText('3 questions · 6 marks').waitFor();

    // An instruction block in rich text, at the end.
    await page.getByRole('button', { name: 'Add instruction' }).click();
    const editor = dialog(page).getByRole('textbox', { name: 'Instruction', exact: true });
    await editor.click();
    await page.keyboard.type('Read every question twice.');
    await expectAccessible(page, 'instruction dialog');
    await dialog(page).getByRole('button', { name: 'Add instruction' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByText('Read every question twice.').waitFor();

    const detail = await apiOk(page, server, `/toc/quiz/getquizbypractice?id=${id}`);
    const [i1, i2, i3, i4] = (detail.items as { id: number }[]).map((i) => `item-${i.id}`);
    expect(await itemOrder(page)).toEqual([i1, i2, i3, i4]);

    // By keyboard: the instruction block's handle, up three places.
    const saved = () =>
      page.waitForResponse((r) => r.url().endsWith('/api/questions/changequestionpriority'));
    let done = saved();
    await page.getByLabel(/^Drag Instruction 4/).focus();
    // Each step waits for its announcement: the sensor measures the list after the pick-up.
    const said = (text: string) => page.getByText(text).waitFor({ state: 'attached' });
    await pickUpByKeyboard(page, 'is over position 4 of 4.');
    for (const at of [3, 2, 1]) {
      await page.keyboard.press('ArrowUp');
      await said(`is over position ${at} of 4.`);
    }
    await page.keyboard.press('Space');
    expect((await done).status()).toBe(200);
    await expect.poll(() => itemOrder(page)).toEqual([i4, i1, i2, i3]);

    // By mouse: the last question dragged above the first.
    done = saved();
    const from = (await page.getByLabel(/^Drag Question 4/).boundingBox())!;
    const to = (await page.getByLabel(/^Drag Question 2/).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + 10, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 15 });
    await page.waitForTimeout(150);
    await page.mouse.up();
    expect((await done).status()).toBe(200);
    await expect.poll(() => itemOrder(page)).toEqual([i4, i3, i1, i2]);

    // Activating is refused: the draft question's problem shows on its item.
    await page.getByRole('switch', { name: 'Active', exact: true }).click();
    const problem = page.getByTestId(i3!).getByRole('alert');
    await problem.getByText('the question is draft in the bank').waitFor();
    await page.getByText('It cannot be activated yet').waitFor();
    await expectAccessible(page, 'practice builder with activation problems');

    // Fixed by removing it (after a confirmation); then it activates.
    await page.getByRole('button', { name: /^Remove Question 2/ }).click();
    await dialog(page).getByRole('button', { name: 'Remove' }).click();
    await page.getByTestId(i3!).waitFor({ state: 'detached' });
    await page.getByText('2 questions · 4 marks').waitFor();
    await page.getByRole('switch', { name: 'Active', exact: true }).click();
    await page.getByText('Practice is now active.').waitFor();
    await page.getByText('It cannot be activated yet').waitFor({ state: 'detached' });

    await page.goto(`${server.url}/practices`);
    await page.getByRole('link', { name: 'Fractions practice' }).waitFor();

    // On the book page, the node's content lists its practices and offers a new one there.
    await page.goto(`${server.url}/books/${bookId}`);
    await page.getByText('Fractions', { exact: true }).first().click();
    const panel = page.getByTestId('toc-node-panel');
    await panel.getByRole('link', { name: 'Fractions practice' }).waitFor();
    await expectAccessible(page, 'book page with the practices of a node');
    await panel.getByRole('link', { name: 'New practice on Fractions' }).click();
    await dialog(page).getByLabel('Name').fill('Fractions drill');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/practices\/\d+$/);
    await page.getByRole('textbox', { name: 'Practice name' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Practice name' }).inputValue()).toBe(
      'Fractions drill',
    );
    const list = await apiOk(page, server, '/toc/quiz/listofpractices?sort=name');
    expect(list.items.map((p: { name: string; tocNodeId: number }) => p.name)).toEqual([
      'Fractions drill',
      'Fractions practice',
    ]);
    await page.close();
  });
});
