import type { Locator, Page } from 'playwright-core';
import { apiOk } from './api.ts';
import { shot } from './screenshot.ts';
import type { RunningServer } from './server.ts';

/**
 * The TOC tree as the user sees it, one `"<depth> <title>"` per visible row,
 * read from the rows' depth and their drag handles' names.
 */
export const tocRows = (section: Locator) =>
  section
    .getByTestId('toc-node')
    .evaluateAll((els) =>
      els.map(
        (el) =>
          `${el.getAttribute('data-depth')} ${el.querySelector('[aria-label^="Drag "]')?.getAttribute('aria-label')?.slice(5)}`,
      ),
    );

/** Chooses an action ("Rename", "Delete", "Add topic under it" …) from a TOC row's … menu. */
export async function tocRowAction(section: Locator, title: string, action: string | RegExp) {
  await section.getByRole('button', { name: `Actions for ${title}`, exact: true }).click();
  await section.page().getByRole('menuitem', { name: action }).click();
}

/** The body of the next movetocnode call. */
export const nextTocMove = (page: Page) =>
  page
    .waitForRequest((r) => r.url().endsWith('/api/book/movetocnode'))
    .then((r) => r.postDataJSON());

/** Creates a book and its TOC through the API: top-level units, each with its chapters. */
export async function createBookWithToc(
  page: Page,
  server: RunningServer,
  isbn: string,
  title: string,
  units: Record<string, string[]>,
): Promise<number> {
  type Node = { id: number; title: string };
  const post = (path: string, body: unknown) => apiOk(page, server, `/book/${path}`, body);
  const book = await post('createbookcontent', { isbn, title });
  for (const [unit, chapters] of Object.entries(units)) {
    const toc = await post('addtocnode', { bookId: book.id, title: unit, kind: 'unit' });
    const parentId = (toc.nodes as Node[]).find((n) => n.title === unit)!.id;
    for (const chapter of chapters) {
      await post('addtocnode', { bookId: book.id, parentId, title: chapter, kind: 'chapter' });
    }
  }
  return book.id;
}

/**
 * Drags a node's handle with the mouse, in steps as a hand would, to `dy`
 * pixels from the middle of the target row's handle and `dx` to the side.
 */
export async function dragTocHandle(
  page: Page,
  node: string,
  target: string,
  by: { dx: number; dy: number },
  /** Saved (support/screenshot.ts) while the node is held over its target. */
  screenshot?: string,
) {
  const from = (await page.getByLabel(`Drag ${node}`).boundingBox())!;
  const to = (await page.getByLabel(`Drag ${target}`).boundingBox())!;
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 6, { steps: 3 });
  await page.mouse.move(x + by.dx, to.y + to.height / 2 + by.dy, { steps: 12 });
  await page.waitForTimeout(150);
  if (screenshot) await shot(page, screenshot, { fullPage: false });
  await page.mouse.up();
}
