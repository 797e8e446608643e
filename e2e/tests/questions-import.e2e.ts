import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { expectQuestionRows, questionRows } from '../support/questions.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

/**
 * Question import on screen: the template, a spreadsheet with a bad row (the
 * report, its XLSX download, the fixed file), Moodle XML and GIFT files, and
 * an export that re-imports unchanged.
 */

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ok = (page: Page, path: string, body?: unknown) => apiOk(page, server, path, body);
const rows = questionRows;
const expectRows = expectQuestionRows;

async function sheet(records: Record<string, string | number>[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Questions');
  const headers = [...new Set(records.flatMap((r) => Object.keys(r)))];
  ws.addRow(headers);
  for (const r of records) ws.addRow(headers.map((h) => r[h] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function openImport(page: Page) {
  await page.goto(`${server.url}/questions`);
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import questions' });
  await dialog.getByText('Download the template').waitFor();
  return dialog;
}

const good = {
  Type: 'Single choice',
  Question: 'Which planet is largest? \\(R_J\\)',
  'Option A': 'Mars',
  'Option B': 'Jupiter',
  Correct: 'B',
  Marks: 2,
  Tags: 'planets, space',
};

describe('question import', () => {
  it('reports a bad row (on screen and as XLSX), then imports the fixed file', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    const dialog = await openImport(page);
    await expectAccessible(page, 'question import dialog');

    // The template downloads as a workbook.
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download the template' }).click(),
    ]);
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);

    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles({
      name: 'planets.xlsx',
      mimeType: XLSX,
      buffer: await sheet([good, { ...good, Question: 'Which is red?', Correct: 'E' }]),
    });
    const problems = dialog.getByRole('table', { name: 'Problems in the file' });
    const bad = problems.getByRole('row').filter({ hasText: 'Correct names option E' });
    await bad.waitFor();
    expect(await bad.getByRole('cell').allInnerTexts()).toEqual([
      '3',
      'Correct',
      'Correct names option E, which is empty',
    ]);
    await dialog.getByText('1 of 2 rows ready').waitFor();
    expect(await dialog.getByRole('button', { name: /^Import \d+ questions?$/ }).isDisabled()).toBe(
      true,
    );
    await expectAccessible(page, 'question import report');

    // The problems as a workbook, for the author fixing the file.
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download the problems (XLSX)' }).click(),
    ]);
    expect(report.suggestedFilename()).toBe('planets problems.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await report.path())!)) as never);
    const values: unknown[][] = [];
    wb.worksheets[0]!.eachRow((r) => values.push((r.values as unknown[]).slice(1)));
    expect(values).toEqual([
      ['Row', 'Column', 'Problem', 'Kind'],
      [3, 'Correct', 'Correct names option E, which is empty', 'Error'],
      [3, 'Correct', 'Mark the correct option', 'Error'],
    ]);

    await input.setInputFiles({
      name: 'planets.xlsx',
      mimeType: XLSX,
      buffer: await sheet([good, { ...good, Question: 'Which is red?', Correct: 'A' }]),
    });
    await dialog.getByText('Every row is valid.').waitFor();
    await dialog.getByRole('button', { name: 'Import 2 questions' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('2 questions were imported.').waitFor();
    await page.goto(`${server.url}/questions?source=xlsx`);
    await expectRows(page, 2);
    await rows(page).filter({ hasText: 'Which is red?' }).waitFor();
    await page.close();
  });

  it('imports a Moodle XML file and a GIFT file, saying what cannot be imported', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    const moodle = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="truefalse">
    <name><text>Sun</text></name>
    <questiontext format="html"><text><![CDATA[<p>The Sun is a star.</p>]]></text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
  <question type="numerical">
    <name><text>g</text></name>
    <questiontext format="html"><text><![CDATA[<p>Gravity at the surface, \\(g\\)?</p>]]></text></questiontext>
    <answer fraction="100"><text>9.8</text><tolerance>0.1</tolerance></answer>
  </question>
</quiz>`;
    let dialog = await openImport(page);
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'physics.xml',
      mimeType: 'text/xml',
      buffer: Buffer.from(moodle),
    });
    await dialog.getByText('2 of 2 rows ready').waitFor();
    await dialog.getByRole('button', { name: 'Import 2 questions' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.goto(`${server.url}/questions?source=moodle`);
    await expectRows(page, 2);
    await rows(page).filter({ hasText: 'The Sun is a star.' }).getByText('True / false').waitFor();

    const gift = [
      '::add:: What is 2 + 2? {=4 ~5 ~22}',
      '',
      '::capital:: The capital of India is {=New Delhi =Delhi}.',
      '',
      '::match:: Match them {=a -> 1 =b -> 2}',
      '',
      'Read each question carefully.',
    ].join('\n');
    dialog = await openImport(page);
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'quiz.gift',
      mimeType: 'text/plain',
      buffer: Buffer.from(gift),
    });
    await dialog.getByText('3 of 4 rows ready').waitFor();
    // What is skipped (a text without an answer block) is named, not dropped silently.
    const warnings = dialog.getByRole('table', { name: 'Warnings (imported anyway)' });
    await warnings.getByText(/Question 4 \(line 7\) has no answer block/).waitFor();
    await dialog.getByRole('button', { name: 'Import 3 questions' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.goto(`${server.url}/questions?source=gift`);
    await expectRows(page, 3);
    await rows(page).filter({ hasText: 'Match them' }).getByText('Matching').waitFor();
    await rows(page)
      .filter({ hasText: 'The capital of India is' })
      .getByText('Fill in the blank')
      .waitFor();
    await page.close();
  });

  it('takes its own export back: unchanged it changes nothing, one cell edited updates one question', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    type Q = Record<string, unknown> & { id: number };
    const fields = (q: Q) => ({
      type: q.type,
      stem: q.stem,
      options: q.options,
      blanks: q.blanks,
      numeric: q.numeric,
      matching: q.matching,
      modelAnswer: q.modelAnswer,
      explanation: q.explanation,
      marks: q.marks,
      negativeMarks: q.negativeMarks,
      difficulty: q.difficulty,
      tags: q.tags,
      language: q.language,
      status: q.status,
    });
    const current = async () => {
      const list = await ok(page, '/questions/listofquestions?pageSize=100&sort=createdAt');
      const full = await Promise.all(
        list.items.map((r: Q) => ok(page, `/questions/getquestionbyid?id=${r.id}`)),
      );
      // Compared as a set: the re-imported rows share one creation time, so
      // the list's order among them is the import's, not the original one.
      return full.map(fields).sort((a, b) => String(a.stem).localeCompare(String(b.stem)));
    };
    const before = await current();
    expect(before.length).toBe(7);

    await page.goto(`${server.url}/questions`);
    await expectRows(page, 7);
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Spreadsheet (XLSX)' }).click(),
    ]);
    const exported = await readFile((await download.path())!);

    // Sent back as it is: every row names its question and changes nothing.
    const dialog = await openImport(page);
    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles({ name: 'exported.xlsx', mimeType: XLSX, buffer: exported });
    await dialog.getByText('0 new · 0 updated · 7 unchanged').waitFor();
    await dialog.getByText('Nothing would change: every row is as stored.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Nothing to import' }).isDisabled()).toBe(true);
    expect(await current()).toEqual(before);

    // One cell edited: that question alone is updated, and the dialog said so first.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const headers = (ws.getRow(1).values as unknown[]).map(String);
    const marks = ws.getRow(2).getCell(headers.indexOf('Marks'));
    const was = String(marks.value);
    marks.value = 4;
    await input.setInputFiles({
      name: 'edited.xlsx',
      mimeType: XLSX,
      buffer: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    await dialog.getByText('0 new · 1 updated · 6 unchanged').waitFor();
    const changes = dialog.getByRole('table', { name: 'Changes the import makes' });
    expect(await changes.locator('tbody tr').first().innerText()).toMatch(
      new RegExp(`^2\\s+Marks\\s+${was}\\s+4$`),
    );
    await dialog.getByRole('button', { name: 'Update 1 question' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('1 question was updated.').waitFor();
    const after = await current();
    expect(after.filter((q) => q.marks === 4)).toHaveLength(1);
    await page.close();
  });

  it('imports only the valid questions when asked, and hands back the refused ones as a file to fix', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    const gift = [
      '::moons:: Mars has two moons. {T}',
      '',
      '::rings:: How many rings has Saturn? {#many}',
      '',
      '::red:: Mars is called the red planet. {T}',
    ].join('\n');
    const dialog = await openImport(page);
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'solar.gift',
      mimeType: 'text/plain',
      buffer: Buffer.from(gift),
    });
    await dialog.getByText('2 of 3 rows ready').waitFor();
    // All or nothing stays the default: the full import waits for a clean file.
    expect(await dialog.getByRole('button', { name: /^Import \d+ question/ }).isDisabled()).toBe(
      true,
    );
    const valid = dialog.getByRole('button', { name: 'Import the 2 valid ones' });
    await valid.waitFor();
    await expectAccessible(page, 'question import with problems, offering the valid ones');
    const [refused] = await Promise.all([page.waitForEvent('download'), valid.click()]);
    await dialog.waitFor({ state: 'detached' });
    expect(refused.suggestedFilename()).toBe('solar refused.gift');
    const back = (await readFile((await refused.path())!)).toString();
    expect(back).toMatch(
      /^\/\/ Question 2: .+\n::rings:: How many rings has Saturn\? \{#many\}\n$/,
    );
    await page
      .getByText(
        '2 questions were imported. The 1 question refused was saved as "solar refused.gift", each with what to fix.',
      )
      .waitFor();
    // Both valid questions, and not the refused one (the only ones about Mars and Saturn).
    await page.goto(`${server.url}/questions?source=gift&q=Mars`);
    await expectRows(page, 2);
    await rows(page).filter({ hasText: 'Mars is called the red planet.' }).waitFor();
    await page.goto(`${server.url}/questions?q=Saturn`);
    await expectRows(page, 0);
    await page.close();
  });
});
