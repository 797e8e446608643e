import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk, callApi } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';
import { createBookWithToc, tocRowAction } from '../support/toc.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  { PUBLIC_BASE_URL: 'https://books.example.test' },
);

const ISBN = '9780262033848';
type Node = { id: number; title: string; children: Node[] };
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

/** The count on the dashboard's "codes scanned … that lead nowhere" card. */
async function nowhereCount(page: Page) {
  await page.goto(`${server.url}/`);
  const card = page.getByTestId('codes-scanned-without-content');
  await card.waitFor();
  return Number((await card.textContent())!.match(/^\d+/)![0]);
}

describe('printed QR codes are never orphaned in silence', () => {
  it('deleting a node asks where its printed codes point next; lists trace them; the dashboard counts them', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    const bookId = await createBookWithToc(page, server, ISBN, 'Printed Atlas', {
      Oceans: ['Tides', 'Waves'],
      Coasts: [],
    });
    const toc = await apiOk(page, server, `/book/gettocbyisbn?isbn=${ISBN}`);
    const id = (title: string) => flat(toc.nodes).find((n) => n.title === title)!.id;
    for (const title of ['Tides', 'Coasts']) {
      await apiOk(page, server, '/book/checkmappingandassign', {
        nodeId: id(title),
        kind: 'link',
        url: `https://example.test/${title}`,
        title: `${title} link`,
      });
    }
    await apiOk(page, server, '/book/generateqrcode', {
      mode: 'nodes',
      bookId,
      nodeIds: [id('Tides'), id('Waves')],
    });
    const codes = (await apiOk(page, server, `/book/getgenerateqrcodes?bookId=${bookId}`)).items;
    const codeOf = (title: string) =>
      codes.find((c: { targetId: number }) => c.targetId === id(title)).code as string;
    for (let i = 0; i < 3; i++)
      await fetch(`${server.url}/q/${codeOf('Tides')}`, { redirect: 'manual' });
    const before = await nowhereCount(page);

    await page.goto(`${server.url}/books/${bookId}`);
    const section = page.getByTestId('toc-section');
    await tocRowAction(section, 'Tides', 'Delete');
    const dialog = page.getByRole('dialog', { name: 'Delete "Tides"?' });
    await dialog.getByTestId('printed-codes-impact').waitFor();
    expect(await dialog.getByTestId('printed-codes-impact').textContent()).toBe(
      '1 printed QR code points here (3 scans in the last 30 days). Learners will keep scanning it.',
    );
    // The top-level choice of the parent node is offered for a node under a unit.
    await dialog.getByLabel('The parent node').waitFor();
    await expectAccessible(page, 'delete node dialog with printed codes');
    // No choice, no delete: the server would refuse it too.
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('Choose where they should point').waitFor();
    await dialog.getByLabel('Leave them without content').check();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'detached' });
    await section.getByText('Tides').waitFor({ state: 'detached' });

    // The other code goes to the parent node.
    await tocRowAction(section, 'Waves', 'Delete');
    const second = page.getByRole('dialog', { name: 'Delete "Waves"?' });
    await second.getByLabel('The parent node').check();
    await second.getByRole('button', { name: 'Delete' }).click();
    await second.waitFor({ state: 'detached' });
    const waves = (
      await apiOk(page, server, `/book/getgenerateqrcodes?bookId=${bookId}`)
    ).items.find((c: { code: string }) => c.code === codeOf('Waves'));
    expect(waves).toMatchObject({ targetKind: 'toc_node', targetId: id('Oceans') });

    // The Tides code had content and is scanned: the dashboard counts it now.
    expect(await nowhereCount(page)).toBe(before + 1);
    await expectAccessible(page, 'dashboard with codes that lead nowhere');

    // Codes without content: book, ISBN, path, scans, last scan, and a retarget.
    await page.getByRole('link', { name: 'Point them somewhere' }).click();
    const table = page.getByRole('table', { name: 'Codes without content' });
    await table.waitFor();
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers.slice(0, 8)).toEqual([
      'Code',
      'Book',
      'Target',
      'Content',
      'Status',
      'Scans',
      'Last scan',
      'Actions',
    ]);
    const row = page.getByTestId(`qr-row-${codeOf('Tides')}`);
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(0, 6)).toEqual([
      codeOf('Tides'),
      `Printed AtlasISBN ${ISBN}`,
      'TOC node: deleted',
      'No content',
      'Enabled',
      '3',
    ]);
    expect(cells[6]).not.toBe('Never');
    await expectAccessible(page, 'codes without content with book and scans');
    await row.getByRole('button', { name: `Retarget ${codeOf('Tides')}` }).click();
    const retarget = page.getByRole('dialog');
    await retarget.getByLabel('Opens').click();
    await page.getByRole('option', { name: 'Coasts' }).click();
    await retarget.getByRole('button', { name: 'Save' }).click();
    await retarget.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    const res = await callApi(page, server, `/book/getgenerateqrcodes?bookId=${bookId}`);
    expect(res.json.items.find((c: { code: string }) => c.code === codeOf('Tides'))).toMatchObject({
      targetId: id('Coasts'),
      hasContent: true,
    });
    expect(await nowhereCount(page)).toBe(before);
    await page.close();
  }, 120_000);

  it('deleting a coded video asks which video its printed code opens next', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    const add = (title: string) =>
      apiOk(page, server, '/media/addvideo', {
        source: 'url',
        url: `https://cdn.example.test/${title}.mp4`,
        title,
      });
    const old = await add('Volcano tour');
    const next = await add('Lava flows');
    const code = (await apiOk(page, server, '/book/videoqrcode', { videoId: old.id })).code;
    await fetch(`${server.url}/q/${code}`, { redirect: 'manual' });

    await page.goto(`${server.url}/media?kind=video`);
    await page.getByRole('button', { name: 'Delete Volcano tour' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete video' }).click();
    // The server refuses until the code has somewhere to go: the same question, with the code named.
    const dialog = page.getByRole('dialog', { name: 'Printed QR codes point here' });
    await dialog
      .getByText('1 printed QR code points at what this removes (1 scan in the last 30 days).', {
        exact: false,
      })
      .waitFor();
    await dialog
      .getByTestId('printed-codes-list')
      .getByText(`${code}: video "Volcano tour"`, {
        exact: false,
      })
      .waitFor();
    await dialog.getByLabel('Another video').check();
    await dialog.getByLabel('Video', { exact: true }).click();
    await page.getByRole('option', { name: 'Lava flows' }).click();
    await expectAccessible(page, 'printed codes dialog of a video delete');
    await dialog.getByRole('button', { name: 'Delete video' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete Volcano tour' }).waitFor({ state: 'detached' });
    const list = await apiOk(page, server, '/book/videoqrcodelist');
    expect(list.items.find((c: { code: string }) => c.code === code)).toMatchObject({
      targetId: next.id,
      targetLabel: 'Lava flows',
    });
    await page.close();
  }, 120_000);
});
