import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

// The server starts on `npm run seed:demo` data (two books keep the seed quick).
useServerAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  {},
  { demoBooks: 2 },
);

const DEVANAGARI_FONT = /noto-sans-devanagari-devanagari-\d+-normal.*\.woff2$/;

/** Every web-font file the page fetches. */
function recordFonts(page: Page) {
  const fonts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'font') fonts.push(new URL(req.url()).pathname);
  });
  return fonts;
}

/** Opens an item's player from the list and plays it (muted: no user gesture needed). */
async function play(page: Page, kind: 'video' | 'audio', title: string) {
  await page.goto(`${server.url}/media?kind=${kind}&q=${encodeURIComponent(title)}`);
  await page.getByRole('button', { name: `Play ${title}` }).click();
  const player = page.getByTestId('media-player');
  await player.waitFor();
  await player.evaluate((el) => {
    const media = el as HTMLMediaElement;
    media.muted = true;
    return media.play();
  });
  // Playing for real: the clock moves past the start and the element has not failed.
  await expect
    .poll(() => player.evaluate((el) => (el as HTMLMediaElement).currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.3);
  expect(await player.evaluate((el) => (el as HTMLMediaElement).error)).toBeNull();
  return player;
}

describe('demo data', () => {
  it('a demo video plays, with its thumbnail, and a demo audio plays', async () => {
    const page = await browser.newPage();
    await signIn(page, server);

    const video = await play(page, 'video', 'Parts of a Plant');
    expect(await video.evaluate((el) => (el as HTMLVideoElement).videoWidth)).toBe(320);
    await expectAccessible(page, 'media player drawer (video)');
    const poster = await video.getAttribute('poster');
    expect(poster).toBeTruthy();
    const thumb = await page.request.get(new URL(poster!, server.url).href);
    expect(thumb.status()).toBe(200);
    expect(thumb.headers()['content-type']).toBe('image/webp');
    await page.keyboard.press('Escape');

    await play(page, 'audio', 'Twinkle Twinkle Little Star');
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/media?kind=video&view=grid`);
    await page.getByRole('article').first().waitFor();
    await expectAccessible(page, 'media library, grid with thumbnails');
    await page.close();
  });

  it('Hindi renders with the web font, fetched only where Devanagari is shown', async () => {
    const page = await browser.newPage();
    const fonts = recordFonts(page);
    await signIn(page, server);
    // Latin screens: the sign-in, home and the English part of the library.
    await page.goto(`${server.url}/media?kind=video&language=english`);
    await page
      .getByRole('button', { name: /^Play / })
      .first()
      .waitFor();
    expect(fonts.filter((f) => DEVANAGARI_FONT.test(f))).toEqual([]);

    // The first screen with Hindi: a cell of Hindi alone beside cells that mix
    // scripts once drew boxes on this cold load while the face was loaded for
    // the others. Drawn with the web face, the cell's text is as wide as the
    // face makes it (shaped, conjuncts joined); boxes, one per code point, are wider.
    await page.goto(`${server.url}/media?kind=video`);
    const video = page.getByRole('cell', { name: 'स्वर पहचान', exact: true });
    await video.waitFor();
    expect(await drawnWidthGap(video)).toBeLessThan(1);

    await page.goto(`${server.url}/media?kind=audio&language=hindi`);
    const title = page.getByRole('cell', { name: 'मछली जल की रानी', exact: true });
    await title.waitFor();
    await expect.poll(() => fonts.some((f) => DEVANAGARI_FONT.test(f))).toBe(true);
    const state = await page.evaluate(async () => {
      await document.fonts.ready;
      const faces = [...document.fonts].filter((f) => f.family.includes('Noto Sans Devanagari'));
      return {
        loaded: faces.some((f) => f.status === 'loaded'),
        renders: document.fonts.check('14px "Noto Sans Devanagari"', 'मछली'),
      };
    });
    expect(state).toEqual({ loaded: true, renders: true });
    expect(await drawnWidthGap(title)).toBeLessThan(1);
    await page.close();
  });

  it('curriculum: long names wrap or end in … with the full name on hover, menus stay in their column', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server);
    const grades = await apiOk(page, server, '/book/getgrades');
    const grade = grades.items.find((g: { name: string }) => g.name === 'Class 7');
    const subjects = await apiOk(page, server, `/book/getsubjects?gradeId=${grade.id}`);
    const subject = subjects.items[0];
    const long =
      'A chapter with a very long name that goes on about rivers, mountains, plains and plateaus of the country';
    await apiOk(page, server, '/book/addchapter', { subjectId: subject.id, name: long });
    await page.goto(`${server.url}/curriculum?grade=${grade.id}&subject=${subject.id}`);
    const column = page.getByRole('region', { name: 'Chapters' });
    const row = column.getByRole('listitem').filter({ hasText: 'rivers' });
    await row.waitFor();
    await page.getByText('A fixed list: choose a grade').waitFor();

    for (const width of [1280, 900, 420]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      // Every row's menu button lies inside its column; the long name is clamped with its title.
      const outside = await column.evaluate((col) => {
        const box = col.getBoundingClientRect();
        return [...col.querySelectorAll('button[aria-label^="Actions for"]')]
          .map((b) => b.getBoundingClientRect())
          .filter((b) => b.right > box.right + 0.5 || b.left < box.left).length;
      });
      expect(outside, `menus outside the column at ${width}px`).toBe(0);
      const name = row.getByTitle(long);
      const clamped = await name.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
      expect(clamped, `long name clamped at ${width}px`).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectAccessible(page, 'curriculum screen');
    await row.getByRole('button', { name: `Actions for ${long}` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).waitFor();
    await expectAccessible(page, 'curriculum row menu');
    await page.close();
  });

  it('a curriculum edit shows at once on another screen (one shared cache)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, server);
    const grades = await apiOk(page, server, '/book/getgrades');
    const grade = grades.items.find((g: { name: string }) => g.name === 'Class 6');
    const subjects = await apiOk(page, server, `/book/getsubjects?gradeId=${grade.id}`);
    const old: string = subjects.items[1].name;
    const renamed = `${old} and More`;
    const subjectOptions = async () => {
      await page.getByRole('combobox', { name: 'Subject' }).click();
      await page.getByRole('option').first().waitFor();
      const names = await page.getByRole('option').allTextContents();
      await page.keyboard.press('Escape');
      return names;
    };

    // The books filter reads the grade's subjects (now cached) …
    await page.goto(`${server.url}/books?gradeId=${grade.id}`);
    expect(await subjectOptions()).toContain(old);
    // … the curriculum screen renames one, in the same page (no reload) …
    const nav = page.getByLabel('Main navigation');
    await nav.getByRole('link', { name: 'Curriculum' }).click();
    await page
      .getByRole('region', { name: 'Grades' })
      .getByRole('button', { name: /^Class 6 / })
      .click();
    const subjectsColumn = page.getByRole('region', { name: 'Subjects' });
    await subjectsColumn.getByRole('button', { name: `Actions for ${old}` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await subjectsColumn.getByLabel(`New name for ${old}`).fill(renamed);
    await subjectsColumn.getByLabel(`New name for ${old}`).press('Enter');
    await subjectsColumn.getByText(renamed, { exact: true }).waitFor();
    // … and back on the books screen the filter offers the new name at once.
    await nav.getByRole('link', { name: 'Books' }).click();
    await page.waitForURL(/\/books/);
    await page.getByRole('heading', { name: 'Books' }).waitFor();
    if (!/gradeId=/.test(page.url())) {
      await page.getByRole('combobox', { name: 'Grade' }).click();
      await page.getByRole('option', { name: 'Class 6', exact: true }).click();
    }
    const after = await subjectOptions();
    expect(after).toContain(renamed);
    expect(after).not.toContain(old);
    await page.close();
  });
});

/**
 * How far (px) a cell's text is from the width its fonts, loaded, give it
 * (a canvas measures the same text in the same font stack).
 */
async function drawnWidthGap(cell: Locator) {
  return cell.evaluate(async (el) => {
    await document.fonts.ready;
    const range = document.createRange();
    range.selectNodeContents(el);
    const drawn = range.getBoundingClientRect().width;
    const style = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return Math.abs(drawn - ctx.measureText(el.textContent ?? '').width);
  });
}
