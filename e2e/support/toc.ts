import type { Locator } from 'playwright-core';

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
