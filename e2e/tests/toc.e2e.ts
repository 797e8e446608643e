import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { readStoredToken, signInThroughUi } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

describe('book TOC', () => {
  it('adds nodes, renames inline, uploads a PDF with progress and opens it, deletes with the impact', async () => {
    const page = await browser.newPage();
    await signInThroughUi(page, server);
    const token = (await readStoredToken(page))!.access;
    const book = await page.evaluate(async (access) => {
      const res = await fetch('/api/book/createbookcontent', {
        method: 'POST',
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
        body: JSON.stringify({ isbn: '9780306406157', title: 'TOC book' }),
      });
      return (await res.json()) as { id: number };
    }, token);
    await page.goto(`${server.url}/books/${book.id}`);
    const section = page.getByTestId('toc-section');
    await section.getByText('No TOC yet').waitFor();

    await section.getByRole('button', { name: 'Add a top-level node' }).click();
    await section.getByLabel('New node title').fill('Unit 1');
    await section.getByRole('button', { name: 'Add', exact: true }).click();
    await section.getByText('Unit 1', { exact: true }).waitFor();

    await section.getByLabel('Add under Unit 1').click();
    await section.getByLabel('New node title').fill('Chapter A');
    await section.getByLabel('New node title').press('Enter');
    await section.getByText('Chapter A', { exact: true }).waitFor();

    await section.getByLabel('Rename Chapter A').click();
    await section.getByLabel('Node title').fill('Chapter One');
    await section.getByLabel('Node title').press('Enter');
    await section.getByText('Chapter One', { exact: true }).waitFor();

    await section.getByText('Chapter One', { exact: true }).click();
    const panel = page.getByTestId('toc-node-panel');
    await panel.locator('input[type=file]').setInputFiles({
      name: 'sheet.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await panel.getByLabel('PDF title').fill('Worksheet');
    await panel.getByRole('button', { name: 'Upload' }).click();
    await panel.getByText(/Worksheet · 1 page$/).waitFor();
    const href = await panel.getByRole('link', { name: 'Open' }).getAttribute('href');
    const opened = await page.evaluate(async (url) => {
      const res = await fetch(url!);
      return { status: res.status, type: res.headers.get('content-type') };
    }, href);
    expect(opened).toEqual({ status: 200, type: 'application/pdf' });
    await section.getByText('· 1 item').waitFor();

    await section.getByLabel('Delete Unit 1').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/removes 2 nodes .* and 1 content item/).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await section.getByText('No TOC yet').waitFor();
  });
});
