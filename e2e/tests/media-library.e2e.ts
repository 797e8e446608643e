import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { shot } from '../support/screenshot.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

/**
 * The media library as people expect it: many files uploaded at once, each
 * with its own progress and result (a file that is not a video refused
 * without stopping the others), and a video's file replaced while it keeps
 * its id. The videos are ffmpeg's (the API's media fixtures).
 */

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const fixture = (name: string) =>
  readFileSync(new URL(`../../apps/api/src/modules/media/fixtures/${name}`, import.meta.url));

type Item = {
  folder: string;
  id: number;
  title: string;
  durationSeconds: number | null;
  file: { originalName: string };
};

describe('media library', () => {
  it('uploads several files with a result each, then replaces one’s file keeping its id', async () => {
    const page = await browser.newPage({ viewport: { width: 1300, height: 1000 } });
    await signIn(page, server);
    await page.goto(`${server.url}/media?kind=video`);
    await page.getByRole('button', { name: 'Upload several' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Upload several videos').waitFor();
    await dialog.locator('input[type=file]').setInputFiles([
      { name: 'Light and shade.mp4', mimeType: 'video/mp4', buffer: fixture('video.mp4') },
      { name: 'notes.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not a video at all') },
      { name: 'Mirrors.webm', mimeType: 'video/webm', buffer: fixture('video.webm') },
    ]);
    await dialog.getByLabel('Language').fill('Hindi');
    await dialog.getByLabel('Folder', { exact: true }).fill('Grade 8 / Physics');
    await expectAccessible(page, 'upload several dialog');
    await dialog.getByRole('button', { name: 'Upload 3 files' }).click();
    const results = dialog.getByRole('table', { name: 'Files and their results' });
    await results.getByText('Added as “Light and shade”').waitFor();
    await results.getByText('Added as “Mirrors”').waitFor();
    const refused = results.getByRole('row').filter({ hasText: 'notes.mp4' });
    await expect
      .poll(async () => (await refused.textContent()) ?? '')
      .toMatch(/This is not an accepted video file/);
    await page.getByText('2 videos added; 1 refused (see the list).').waitFor();
    await expectAccessible(page, 'upload several dialog with results');
    await shot(page, 'media-upload-several', { fullPage: false });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Light and shade', exact: true }).waitFor();
    const list = await apiOk(page, server, '/media/listofvideos?pageSize=50');
    const items = list.items as (Item & { language: string })[];
    expect(items.map((i) => [i.title, i.language, i.folder]).sort()).toEqual([
      ['Light and shade', 'Hindi', 'Grade 8/Physics'],
      ['Mirrors', 'Hindi', 'Grade 8/Physics'],
    ]);

    // Replace the file of "Light and shade": same id, the new file's name and duration.
    const light = items.find((i) => i.title === 'Light and shade')!;
    await page.getByRole('button', { name: 'Edit Light and shade' }).click();
    await dialog.getByText(/^Now: Light and shade\.mp4/).waitFor();
    await dialog
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: 'Light v2.mp4',
        mimeType: 'video/mp4',
        buffer: fixture('video-silent.mp4'),
      });
    await dialog.getByText(/Uploaded Light v2\.mp4/).waitFor();
    await expectAccessible(page, 'edit video with a replacement file');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const after = (await apiOk(page, server, `/media/getvideobyid?id=${light.id}`)) as Item;
    expect(after).toMatchObject({ id: light.id, title: 'Light and shade' });
    expect(after.file.originalName).toBe('Light v2.mp4');
    expect(after.durationSeconds).toBeCloseTo(2, 0);

    // Folders: opened from the library, then renamed with everything in them.
    await page.getByRole('button', { name: 'Grade 8 2 items' }).click();
    await page.waitForURL(/folder=Grade/);
    await page.getByRole('button', { name: 'Physics 2 items' }).click();
    await page.getByRole('cell', { name: 'Mirrors', exact: true }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Folder' });
    await crumbs.getByText('Physics').waitFor();
    await expectAccessible(page, 'media library inside a folder');
    await crumbs.getByRole('button', { name: 'Grade 8' }).click();
    await page.getByRole('button', { name: 'Rename or move' }).click();
    await dialog.getByRole('textbox', { name: 'New path' }).fill('Class 8');
    await expectAccessible(page, 'rename or move folder dialog');
    await dialog.getByRole('button', { name: 'Move' }).click();
    await page.getByText('2 items now in “Class 8”.').waitFor();
    await page.waitForURL(/folder=Class/);
    const moved = (await apiOk(page, server, `/media/getvideobyid?id=${light.id}`)) as Item;
    expect(moved.folder).toBe('Class 8/Physics');
    await shot(page, 'media-folders', { fullPage: false });
    await page.close();
  });
});
