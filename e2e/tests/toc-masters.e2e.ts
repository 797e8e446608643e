import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { shot } from '../support/screenshot.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';
import { tocRowAction, tocRows } from '../support/toc.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

describe('a TOC built from the masters', () => {
  it('creates a book for a grade and subject, builds its draft TOC, replaces it only after asking, finds the chapter’s media, orders a node’s content', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server, server.admin, '/');

    // The masters of Class 7 > Botany: two chapters, the first with two topics.
    const api = (path: string, body?: unknown) => apiOk(page, server, path, body);
    const grades = await api('/book/getgrades');
    const grade = grades.items.find((g: { name: string }) => g.name === 'Class 7');
    const subject = await api('/book/addsubject', { gradeId: grade.id, name: 'Botany' });
    const cells = await api('/book/addchapter', { subjectId: subject.id, name: 'Plant cells' });
    await api('/book/addchapter', { subjectId: subject.id, name: 'Roots and shoots' });
    await api('/book/addtopic', { chapterId: cells.id, name: 'Cell wall' });
    await api('/book/addtopic', { chapterId: cells.id, name: 'Chloroplasts' });

    // The book, made in the form with that grade and subject.
    await page.getByLabel('Main navigation').getByRole('link', { name: 'Books' }).click();
    await page.getByRole('button', { name: 'New book' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('ISBN').fill('978-0-201-63361-0');
    await dialog.getByLabel('Title').fill('Green World 7');
    await dialog.getByLabel('Grade', { exact: true }).click();
    await page.getByRole('option', { name: 'Class 7', exact: true }).click();
    await dialog.getByLabel('Subject', { exact: true }).click();
    await page.getByRole('option', { name: 'Botany', exact: true }).click();
    await dialog.getByRole('button', { name: 'Create book' }).click();
    await page.waitForURL(/\/books\/\d+$/);

    // The draft: the master chapters in order, each with its topics.
    const section = page.getByTestId('toc-section');
    await section.getByText('No TOC yet').waitFor();
    await section.getByRole('button', { name: 'Build draft from masters' }).click();
    await page.getByText('Draft TOC built: 4 nodes.').waitFor();
    const draft = ['0 Plant cells', '1 Cell wall', '1 Chloroplasts', '0 Roots and shoots'];
    await expect.poll(() => tocRows(section)).toEqual(draft);
    await shot(page, 'toc-from-masters', { fullPage: false });

    // An edit, then building again: it asks first, Cancel keeps the edit.
    await tocRowAction(section, 'Cell wall', 'Rename');
    await section.getByLabel('Node title').fill('Walls of the cell');
    await section.getByLabel('Node title').press('Enter');
    await section.getByText('Walls of the cell', { exact: true }).waitFor();
    await section.getByRole('button', { name: 'Build draft from masters' }).click();
    const confirm = page.getByRole('dialog', { name: 'Replace the TOC?' });
    await confirm.getByText(/current 4 nodes and all their content/).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await section.getByText('Walls of the cell', { exact: true }).waitFor();

    // Replace: the masters' draft again, the edit gone, also after a reload.
    await section.getByRole('button', { name: 'Build draft from masters' }).click();
    await confirm.getByRole('button', { name: 'Replace' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => tocRows(section)).toEqual(draft);
    await page.reload();
    await expect.poll(() => tocRows(section)).toEqual(draft);

    // Media search starts in the node's master chapter; All widens it to the library.
    const video = (title: string, tags: object) =>
      api('/media/addvideo', { source: 'url', url: 'https://example.com/v.mp4', title, ...tags });
    await video('Inside a leaf cell', { chapterId: cells.id });
    await video('Counting stars', {});
    await section.getByText('Cell wall', { exact: true }).click();
    const panel = page.getByTestId('toc-node-panel');
    const results = panel.getByTestId('toc-media-result');
    await expect
      .poll(() => results.allInnerTexts())
      .toEqual([expect.stringContaining('Inside a leaf cell')]);
    await panel.getByText('All', { exact: true }).click();
    await expect.poll(() => results.count()).toBe(2);
    await panel.getByRole('button', { name: 'Attach Inside a leaf cell' }).click();
    await panel.getByTestId('toc-content-item').getByText('Inside a leaf cell').waitFor();
    await results.filter({ hasText: 'Inside a leaf cell' }).getByText('On this node').waitFor();

    // A second item, moved above the first; the order is the server's after a reload.
    await panel.getByRole('button', { name: 'Attach Counting stars' }).click();
    const content = panel.getByTestId('toc-content-item');
    const order = () => content.evaluateAll((els) => els.map((el) => el.textContent ?? ''));
    await expect
      .poll(order)
      .toEqual([
        expect.stringContaining('Inside a leaf cell'),
        expect.stringContaining('Counting stars'),
      ]);
    await panel.getByRole('button', { name: 'Move Counting stars up' }).click();
    await expect
      .poll(order)
      .toEqual([
        expect.stringContaining('Counting stars'),
        expect.stringContaining('Inside a leaf cell'),
      ]);
    await page.reload();
    // The row now reads "Cell wall · 2 items".
    await section.getByText(/^Cell wall/).click();
    await expect
      .poll(order)
      .toEqual([
        expect.stringContaining('Counting stars'),
        expect.stringContaining('Inside a leaf cell'),
      ]);
    expect(await panel.getByRole('button', { name: 'Move Counting stars up' }).isDisabled()).toBe(
      true,
    );
    await page.close();
  });
});
