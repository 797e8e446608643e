import { readFileSync } from 'node:fs';
import type { Browser, Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inspectZip } from '../../apps/api/src/lib/import/xlsx/zip.ts';
import { apiOk } from '../support/api.ts';
import { choiceQuestion, seedBankQuestions } from '../support/assessments.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { shot } from '../support/screenshot.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

/**
 * Content that travels, from the two export menus (the question bank's list
 * and an assessment's builder): a QTI package arrives as a ZIP holding the
 * manifest, the test and an item per question; a QuML set arrives as JSON.
 * A selection holding a question the format does not carry (a cloze with a
 * drop-down gap, which the QuML player cannot show) is named in a dialog
 * before anything is made, and "Export without them" gives the file
 * without it, saying what was left out.
 */

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const LIMITS = { maxUncompressedBytes: 50e6, maxEntries: 1000, maxRatio: 1000 };
const TAG = 'travelling';
const DROP_DOWN_CLOZE = {
  type: 'cloze',
  stem: '<p>The capital of France is ___.</p>',
  cloze: {
    gaps: [
      {
        kind: 'choice',
        choices: [
          { text: 'Lyon', correct: false },
          { text: 'Paris', correct: true },
        ],
      },
    ],
  },
  tags: [TAG],
  status: 'active',
};

/** Chooses `item` in the Export menu (checked for accessibility open) and waits for the file. */
async function exportFrom(page: Page, item: RegExp, label: string): Promise<Download> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menu').waitFor();
  await expectAccessible(page, `${label}: export menu`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: item }).click(),
  ]);
  return download;
}

/** Chooses `item` in the Export menu, expecting the dialog naming what the format cannot carry. */
async function refusedExport(page: Page, item: RegExp, label: string, named: number) {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const dialog = page.getByRole('dialog', {
    name: 'Some questions cannot go into Sunbird QuML 1.1',
  });
  await dialog.waitFor();
  await dialog.getByText(`Cloze question ${named}: “The capital`).waitFor();
  await expect(dialog.innerText()).resolves.toContain(
    '1 of the chosen questions is not carried by QuML 1.1',
  );
  await expectAccessible(page, `${label}: not carried dialog`);
  await shot(page, `not-carried-${label.replace(/\W+/g, '-')}`, { fullPage: false });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export without them' }).click(),
  ]);
  await dialog.waitFor({ state: 'detached' });
  return download;
}

const entriesOf = async (d: Download) =>
  (await inspectZip(readFileSync((await d.path())!), LIMITS, () => true)).map((e) => e.name);
const jsonOf = async (d: Download) => JSON.parse(readFileSync((await d.path())!, 'utf8'));
const questionIdsOf = (set: { children: { children: { identifier: string }[] }[] }) =>
  set.children.flatMap((s) => s.children.map((q) => q.identifier));

describe('content that travels, from the export menus', () => {
  it('the question bank exports QTI and QuML, and asks before leaving a question out', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server);
    const [a, b, cloze] = await seedBankQuestions(page, server, [
      { ...choiceQuestion('Bank export one'), tags: [TAG] },
      { ...choiceQuestion('Bank export two'), tags: [TAG] },
      DROP_DOWN_CLOZE,
    ]);

    // The single-choice questions only: every format carries them.
    await page.goto(`${server.url}/questions?tag=${TAG}&type=single_choice`);
    await page.getByText('Bank export one').waitFor();
    const qti = await exportFrom(page, /QTI 3\.0 package/, 'question bank');
    expect(qti.suggestedFilename()).toMatch(/^Questions \d{4}-\d{2}-\d{2} QTI\.zip$/);
    expect((await entriesOf(qti)).sort()).toEqual(
      ['assessment-test.xml', 'imsmanifest.xml', `items/Q${a}.xml`, `items/Q${b}.xml`].sort(),
    );

    // All three: the drop-down cloze cannot go into QuML.
    await page.goto(`${server.url}/questions?tag=${TAG}`);
    await page.getByText('The capital of France').waitFor();
    const quml = await refusedExport(page, /Sunbird QuML/, 'question bank', cloze!);
    expect(quml.suggestedFilename()).toMatch(/ QuML\.json$/);
    const set = await jsonOf(quml);
    expect(questionIdsOf(set).sort()).toEqual([`q${a}`, `q${b}`].sort());
    expect(set.description).toContain(`Cloze question ${cloze}`);
  });

  it('an assessment exports QTI and QuML, and asks before leaving a question out', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server);
    const category = await apiOk(page, server, '/master/addtestcategory', { name: 'Exports' });
    const [a, b, cloze] = await seedBankQuestions(page, server, [
      choiceQuestion('Assessment export one'),
      choiceQuestion('Assessment export two'),
      { ...DROP_DOWN_CLOZE, stem: '<p>The capital of France is ___ (assessment).</p>' },
    ]);
    const mockTest = async (name: string, questionIds: number[]) => {
      const test = await apiOk(page, server, '/practice/addmocktest', {
        testCategoryId: category.id,
        name,
      });
      await apiOk(page, server, '/practice/mocktestquestionmapping', { id: test.id, questionIds });
      return test.id as number;
    };
    const plain = await mockTest('Choices only', [a!, b!]);
    const mixed = await mockTest('With a drop-down', [a!, cloze!]);

    await page.goto(`${server.url}/mock-tests/${plain}`);
    await page.getByText('Assessment export two').waitFor();
    const qti = await exportFrom(page, /QTI 3\.0 package/, 'assessment builder');
    expect(qti.suggestedFilename()).toBe('Choices only QTI.zip');
    expect(await entriesOf(qti)).toEqual(
      expect.arrayContaining(['imsmanifest.xml', `items/Q${a}.xml`, `items/Q${b}.xml`]),
    );
    const whole = await exportFrom(page, /Sunbird QuML/, 'assessment builder');
    expect(questionIdsOf(await jsonOf(whole))).toEqual([`q${a}`, `q${b}`]);

    await page.goto(`${server.url}/mock-tests/${mixed}`);
    await page.getByText('Assessment export one').waitFor();
    const quml = await refusedExport(page, /Sunbird QuML/, 'assessment builder', cloze!);
    expect(quml.suggestedFilename()).toBe('With a drop-down QuML.json');
    const set = await jsonOf(quml);
    expect(questionIdsOf(set)).toEqual([`q${a}`]);
    expect(set.description).toContain(`Cloze question ${cloze}`);
  });
});
