import pixelmatch from 'pixelmatch';
import type { Browser, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { shot } from '../support/screenshot.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** A 240×80 PNG in two colours: an image the eye (and pixelmatch) can find. */
function banner(): Buffer {
  const png = new PNG({ width: 240, height: 80 });
  for (let i = 0; i < png.width * png.height; i++) {
    const left = i % png.width < 120;
    png.data.set(left ? [28, 126, 214, 255] : [250, 176, 5, 255], i * 4);
  }
  return PNG.sync.write(png);
}

/** The HTML part of a received message (its transfer encoding already undone). */
function htmlPartOf(body: string): string {
  const at = body.search(/Content-Type: text\/html/i);
  expect(at, 'an HTML part').toBeGreaterThan(-1);
  const start = body.indexOf('\r\n\r\n', at) + 4;
  const end = body.indexOf('\r\n--', start);
  return body.slice(start, end);
}

/** The frame's images loaded (or failed): nothing left to change the picture. */
const imagesSettled = (page: Page) =>
  page.waitForFunction(() => [...document.images].every((i) => i.complete));

/** The preview frame's height (mail-preview.tsx): the whole mail is compared, not its top. */
const HEIGHT = 600;

async function previewShot(page: Page, width: 375 | 600) {
  const frame = page.locator('iframe[title="Mail preview"]');
  await expect.poll(() => frame.evaluate((f) => (f as HTMLIFrameElement).clientWidth)).toBe(width);
  await imagesSettled((await (await frame.elementHandle())!.contentFrame())! as unknown as Page);
  const box = (await frame.boundingBox())!;
  // The frame's content, without its 1 px border.
  return page.screenshot({ clip: { x: box.x + 1, y: box.y + 1, width, height: HEIGHT } });
}

/** How many pixels differ (pixelmatch's per-pixel threshold absorbs anti-aliasing). */
function differing(a: Buffer, b: Buffer) {
  const pa = PNG.sync.read(a);
  const pb = PNG.sync.read(b);
  expect([pb.width, pb.height]).toEqual([pa.width, pa.height]);
  return pixelmatch(pa.data, pb.data, undefined, pa.width, pa.height, { threshold: 0.1 });
}

describe('a mail template written as blocks', () => {
  it('is built in the block editor, previewed at 600 and 375 px, and arrives looking the same', async () => {
    const page = await browser.newPage({ viewport: { width: 1800, height: 1200 } });
    await signIn(page, server);
    await page.goto(`${server.url}/mail-templates/new`);
    await page.getByRole('heading', { name: 'New template' }).waitFor();
    await page.getByLabel('Name').fill('Term starts');
    await page.getByLabel('Subject').fill('Hello {{first_name}}');
    await page.getByText('Blocks', { exact: true }).click();

    const block = (name: string) => page.getByRole('group', { name, exact: true });
    /**
     * Chooses `item` from the menu the button `name` opens (in `scope`), in
     * that menu only: the block menu and a column's menu share items
     * ("Button"), and the block menu could still be open (its hover).
     */
    const choose = async (scope: Locator | Page, name: string, item: string) => {
      await scope.getByRole('button', { name }).click();
      await page.getByRole('menu', { name }).getByRole('menuitem', { name: item }).click();
    };
    await block('Block 1 (heading)')
      .getByRole('textbox', { name: 'Heading', exact: true })
      .fill('The new term starts Monday');
    await block('Block 2 (text)')
      .getByRole('textbox', { name: 'Text', exact: true })
      .fill('Dear {{first_name | "Learner"}},\nyour books for {{grade | "the term"}} are ready.');
    await block('Block 3 (button)')
      .getByRole('textbox', { name: 'Button label', exact: true })
      .fill('See your books');
    await block('Block 3 (button)')
      .getByRole('textbox', { name: 'Link (http or https)', exact: true })
      .fill('ftp://books.example.com');
    await block('Block 4 (footer)')
      .getByRole('textbox', { name: /Footer text/ })
      .fill('Green Valley Books, Pune');

    // An image block, added above the footer, uploaded, then moved up by keyboard.
    await choose(page, 'Add block', 'Image');
    await block('Block 4 (image)')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: banner() });
    await block('Block 4 (image)').getByRole('button', { name: 'Replace image' }).waitFor();
    await block('Block 4 (image)')
      .getByRole('textbox', { name: /Description/ })
      .fill('Blue and yellow banner');
    const up = page.getByRole('button', { name: 'Move up: Block 4 (image)' });
    await up.focus();
    await page.keyboard.press('Enter');
    await block('Block 3 (image)').waitFor();
    // The focus stayed on the moved block's button: Enter again moves it further.
    await page.keyboard.press('Enter');
    await block('Block 2 (image)').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move up: Block 2 (image)');

    // Two columns: text on the left, a button on the right; a divider added and removed.
    await choose(page, 'Add block', 'Two columns');
    const columns = block('Block 5 (two columns)');
    await columns
      .getByRole('group', { name: 'Left column, item 1 (text)' })
      .getByRole('textbox', { name: 'Text', exact: true })
      .fill('Maths, science and English');
    await columns.getByRole('button', { name: 'Remove Right column, item 1 (text)' }).isDisabled();
    await choose(columns, 'Add to right column', 'Button');
    await columns.getByRole('button', { name: 'Remove Right column, item 1 (text)' }).click();
    const right = columns.getByRole('group', { name: 'Right column, item 1 (button)' });
    await right.getByRole('textbox', { name: 'Button label', exact: true }).fill('Order online');
    await right
      .getByRole('textbox', { name: 'Link (http or https)', exact: true })
      .fill('https://books.example.com/order');
    await choose(page, 'Add block', 'Divider');
    await page.getByRole('button', { name: 'Remove Block 6 (divider)' }).click();
    await block('Block 6 (footer)').waitFor();

    // A bad link is refused on the field, in words.
    await page.getByRole('button', { name: 'Save template' }).click();
    await block('Block 4 (button)').getByText('Enter an http(s) address').waitFor();
    await block('Block 4 (button)')
      .getByRole('textbox', { name: 'Link (http or https)', exact: true })
      .fill('https://books.example.com/term');
    await expectAccessible(page, 'mail template block editor');
    await shot(page, 'mail-blocks-editor');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.waitForURL(/\/mail-templates\/\d+$/);
    await page.getByRole('heading', { name: 'Term starts' }).waitFor();

    // The preview at a desktop client's width, then a phone's.
    const frame = page.frameLocator('iframe[title="Mail preview"]');
    await frame.getByText('Dear Asha,').waitFor();
    await expect(
      frame.getByRole('link', { name: 'See your books' }).getAttribute('href'),
    ).resolves.toBe('https://books.example.com/term');
    const desktop = await previewShot(page, 600);
    await expectAccessible(page, 'block template preview at 600 px');
    await shot(page, 'mail-blocks-preview-600');
    await page.getByText('Phone', { exact: true }).click();
    const phone = await previewShot(page, 375);
    await expectAccessible(page, 'block template preview at 375 px');
    await shot(page, 'mail-blocks-preview-375');
    // Stacked at 375 px, side by side at 600 px: how far the right column's button is below the left's text.
    const top = (text: string) =>
      frame.getByText(text).evaluate((e) => e.getBoundingClientRect().top);
    const below = async () =>
      (await top('Order online')) - (await top('Maths, science and English'));
    expect(await below()).toBeGreaterThan(30);
    await page.getByText('Desktop', { exact: true }).click();
    await previewShot(page, 600);
    expect(Math.abs(await below())).toBeLessThan(30);

    // A test send to the admin; the mail that arrived, in a page of the same width, looks the same.
    await page.getByRole('button', { name: 'Send a test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a test' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    const mail = await server.smtp.waitFor((m) => m.subject === '[Test] Hello Asha');
    // The test's own note above the mail is not part of the template.
    const html = htmlPartOf(mail.body).replace(/^<p [^>]*>Test of a template[^<]*<\/p>\r?\n/, '');
    expect(html).toContain('href="https://books.example.com/term"');
    expect(html).toContain('>Unsubscribe</a>');
    expect(html).not.toContain('Test of a template');
    for (const [width, preview] of [
      [600, desktop],
      [375, phone],
    ] as const) {
      const reader = await browser.newPage({ viewport: { width, height: HEIGHT } });
      await reader.setContent(html, { waitUntil: 'load' });
      await imagesSettled(reader);
      const arrived = await reader.screenshot();
      const dir = process.env.E2E_SCREENSHOTS;
      if (dir) await reader.screenshot({ path: `${dir}/mail-blocks-arrived-${width}.png` });
      await reader.close();
      const off = differing(preview, arrived);
      // Up to 0.5% of the pixels: text anti-aliased a little differently, never a moved block.
      expect(off, `pixels differing at ${width} px`).toBeLessThan(width * HEIGHT * 0.005);
    }
    await page.close();
  });
});
