import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { expectQuestionRows, questionRows } from '../support/questions.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';
import { expectInert, xssPayloads } from '../support/xss.ts';

/**
 * Stored XSS in the question bank (issue 9, section 5): the payloads go into
 * stems, options, explanations and tags through the API and through every
 * import format (XLSX, Moodle XML, GIFT, Aiken), and through an export
 * re-imported; the list, the preview, the editor (its form, the preview
 * beside it and every revision in its history) of every question run no
 * script and keep no `javascript:` URL. KaTeX payloads: questions-katex.e2e.ts.
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

/** HTML that tries every way in: the shared payloads, a javascript: link, an event handler. */
const hostile = (tag: string) =>
  [
    ...xssPayloads(tag),
    `<a href="javascript:window.__xss='${tag}'">link ${tag}</a>`,
    `<p onclick="window.__xss='${tag}'" style="background:url(javascript:1)">para ${tag}</p>`,
    `<iframe src="javascript:window.__xss='${tag}'"></iframe>`,
  ].join(' ');

/**
 * The question in its editor (/questions/:id): the form's rich-text fields
 * and tags, the learner's preview beside them, then every revision of the
 * history drawer opened in turn.
 */
async function walkEditor(page: Page, id: number, where: string) {
  await page.goto(`${server.url}/questions/${id}`);
  await page.getByRole('heading', { name: `Question #${id}` }).waitFor();
  await page
    .getByRole('complementary', { name: 'Preview' })
    .getByTestId('question-preview')
    .waitFor();
  // Tiptap has parsed the stored HTML into the fields (the stem is never empty).
  await expect
    .poll(() => page.locator('.ProseMirror').first().textContent(), { timeout: 10_000 })
    .toMatch(/\S/);
  await expectInert(page, `editor of question ${id} (${where})`);
  await page.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog', { name: 'History' });
  await drawer.getByTestId('revision-1').waitFor();
  const revisions = await drawer.locator('[data-testid^="revision-"]').count();
  for (let r = 1; r <= revisions; r++) {
    await drawer.getByRole('button', { name: `View revision ${r}` }).click();
    await drawer.getByTestId(`revision-${r}`).getByTestId('question-preview').waitFor();
    await expectInert(page, `history of question ${id}, revision ${r} (${where})`);
  }
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
}

/** Shows every question of the list, its preview and its editor, checking nothing ran anywhere. */
async function walkScreens(page: Page, query: string, expected: number) {
  await page.goto(`${server.url}/questions?${query}`);
  await expectRows(page, expected);
  await expectInert(page, `list ${query}`);
  const ids = await rows(page).evaluateAll((els) =>
    els.map((el) => Number(el.getAttribute('data-testid')!.replace('question-row-', ''))),
  );
  for (const id of ids) {
    await page.getByRole('button', { name: `Preview question ${id}` }).click();
    const drawer = page.getByRole('dialog', { name: `Question ${id}` });
    await drawer.getByTestId('question-preview').waitFor();
    await expectInert(page, `preview of question ${id} (${query})`);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  }
  for (const id of ids) await walkEditor(page, id, query);
}

async function importFile(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.goto(`${server.url}/questions`);
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import questions' });
  await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
  await dialog.getByText('Every row is valid.', { exact: true }).waitFor();
  await expectInert(page, `import report of ${name}`);
  await dialog.getByRole('button', { name: /^Import \d/ }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('stored XSS payloads in the question bank', () => {
  it('payloads through the API render inert on the list and the preview', async () => {
    const page = await browser.newPage();
    page.on('dialog', (d) => void d.dismiss());
    await signIn(page, server);
    await ok(page, '/questions/addquestions', {
      questions: [
        {
          type: 'single_choice',
          stem: `<p>API stem</p>${hostile('api-stem')}`,
          options: [
            { id: 'A', html: hostile('api-a'), correct: true },
            { id: 'B', html: `B ${xssPayloads('api-b')[0]}`, correct: false },
          ],
          explanation: hostile('api-explanation'),
          tags: [`<img src=x onerror="window.__xss=1">`, `"><script>alert(1)</script>`],
        },
        {
          type: 'subjective',
          stem: `<p>API subjective</p>${hostile('api-subjective')}`,
          modelAnswer: hostile('api-model'),
        },
      ],
    });
    // A second revision, hostile too, so the history has two to show.
    const first = await ok(page, '/questions/listofquestions?type=single_choice');
    await ok(page, '/questions/editquestion', {
      id: first.items[0].id,
      revision: 1,
      type: 'single_choice',
      stem: `<p>API stem edited</p>${hostile('api-stem-2')}`,
      options: [
        { id: 'A', html: 'plain', correct: false },
        { id: 'B', html: hostile('api-b-2'), correct: true },
      ],
      explanation: hostile('api-explanation-2'),
      tags: [
        `<img src=x onerror="window.__xss=1">`,
        `"><script>alert(1)</script>`,
        '<svg onload=alert(2)>',
      ],
    });
    await walkScreens(page, 'source=manual', 2);
    // A payload tag shows as the text typed, in the row and as a filter.
    await page.goto(
      `${server.url}/questions?tag=${encodeURIComponent('"><script>alert(1)</script>')}`,
    );
    await expectRows(page, 1);
    await rows(page).getByText('"><script>alert(1)</script>').first().waitFor();
    await expectInert(page, 'list filtered on a payload tag');
    await page.close();
  });

  it('payloads through every import format render inert', async () => {
    const page = await browser.newPage();
    page.on('dialog', (d) => void d.dismiss());
    await signIn(page, server);

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Questions');
    ws.addRow(['Type', 'Question', 'Option A', 'Option B', 'Correct', 'Explanation', 'Tags']);
    ws.addRow([
      'Single choice',
      `XLSX stem ${hostile('xlsx-stem')}`,
      hostile('xlsx-a'),
      'plain',
      'A',
      hostile('xlsx-explanation'),
      'xss, <b onclick=alert(1)>bold</b>',
    ]);
    await importFile(page, 'hostile.xlsx', XLSX, Buffer.from(await wb.xlsx.writeBuffer()));

    const cdata = (tag: string) => `<![CDATA[${hostile(tag)}]]>`;
    const moodle = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>hostile</text></name>
    <questiontext format="html"><text><![CDATA[<p>Moodle stem</p>]]>${cdata('moodle-stem')}</text></questiontext>
    <generalfeedback format="html"><text>${cdata('moodle-feedback')}</text></generalfeedback>
    <single>true</single>
    <answer fraction="100" format="html"><text>${cdata('moodle-a')}</text></answer>
    <answer fraction="0" format="html"><text>plain</text></answer>
    <tags><tag><text>&lt;svg onload=alert(1)&gt;</text></tag></tags>
  </question>
</quiz>`;
    await importFile(page, 'hostile.xml', 'text/xml', Buffer.from(moodle));

    // GIFT's own characters (= ~ # { } :) are escaped with a backslash. The
    // text must not start with "GIF": the upload's sniffer takes that for a
    // GIF image and refuses the file (reported to the import's owner).
    const gift = (s: string) => s.replace(/([=~#{}:])/g, '\\$1');
    await importFile(
      page,
      'hostile.gift',
      'text/plain',
      Buffer.from(
        `Stem of the GIFT file ${gift(hostile('gift-stem'))} {=${gift(hostile('gift-a'))} ~plain ####${gift(hostile('gift-feedback'))}}\n`,
      ),
    );

    await importFile(
      page,
      'hostile.txt',
      'text/plain',
      Buffer.from(
        `Aiken stem ${xssPayloads('aiken-stem').join(' ')}\nA. ${xssPayloads('aiken-a')[0]}\nB. plain\nANSWER: A\n`,
      ),
    );

    for (const source of ['xlsx', 'moodle', 'gift', 'aiken'])
      await walkScreens(page, `source=${source}`, 1);
    await page.close();
  });

  it('payloads in an export re-imported render inert', async () => {
    const page = await browser.newPage();
    page.on('dialog', (d) => void d.dismiss());
    await signIn(page, server);
    // Export everything imported, delete it, import the export: still inert. As Moodle
    // XML: an XLSX export's rows carry their questions' IDs and come back as updates of
    // them (its round trip is questions-import.e2e and import.update.test), not as new ones.
    const exported = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('token')!).access;
      const res = await fetch('/api/questions/exportquestions?format=moodle', {
        headers: { authorization: `Bearer ${token}` },
      });
      return [...new Uint8Array(await res.arrayBuffer())];
    });
    const all = await ok(page, '/questions/listofquestions?pageSize=100');
    await ok(page, '/questions/deletequestions', {
      ids: all.items.map((q: { id: number }) => q.id),
    });
    await importFile(page, 'exported.xml', 'text/xml', Buffer.from(exported));
    await walkScreens(page, 'source=moodle', all.items.length);
    await page.close();
  });
});
