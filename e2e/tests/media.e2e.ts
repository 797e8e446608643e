import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** One second of a 440 Hz tone, 8-bit mono PCM at 8 kHz: a WAV Chromium decodes. */
function toneWav(seconds = 1, rate = 8000): Buffer {
  const samples = seconds * rate;
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + samples, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate, 28);
  head.writeUInt16LE(1, 32);
  head.writeUInt16LE(8, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(samples, 40);
  const data = Buffer.alloc(samples);
  for (let i = 0; i < samples; i++)
    data[i] = 128 + Math.round(60 * Math.sin((i * 2 * Math.PI * 440) / rate));
  return Buffer.concat([head, data]);
}

describe('media library', () => {
  it('uploads an audio, lists it, plays it, filters by language in the URL, deletes it', async () => {
    const page = await browser.newPage();
    await signIn(page, server, server.admin, '/');
    await page.getByLabel('Main navigation').getByRole('link', { name: 'Media library' }).click();
    await page.waitForURL(/\/media/);
    await page.getByRole('tab', { name: 'Audios' }).click();
    await page.waitForURL(/kind=audio/);

    await page.getByRole('button', { name: 'Add audio' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').first().setInputFiles({
      name: 'tone.wav',
      mimeType: 'audio/wav',
      buffer: toneWav(),
    });
    await dialog.getByText(/Uploaded tone\.wav · duration 0:01/).waitFor();
    await dialog.getByLabel('Title').fill('Tone for listening');
    await dialog.getByLabel('Language').fill('Tamil');
    await dialog.getByRole('button', { name: 'Add audio' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Tone for listening', exact: true }).waitFor();

    // The player loads the file through its signed link.
    await page.getByRole('button', { name: 'Play Tone for listening' }).click();
    const player = page.getByTestId('media-player');
    await player.waitFor();
    await expect
      .poll(() => player.evaluate((el) => (el as HTMLMediaElement).readyState), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await player.evaluate((el) => (el as HTMLMediaElement).duration)).toBeCloseTo(1, 1);
    await page.keyboard.press('Escape');

    // Filters live in the URL.
    await page.goto(`${server.url}/media?kind=audio&language=tamil`);
    await page.getByRole('cell', { name: 'Tone for listening', exact: true }).waitFor();
    await page.goto(`${server.url}/media?kind=audio&language=english`);
    await page.getByText('No audios match.').waitFor();
    await page.goto(`${server.url}/media?kind=audio&language=tamil`);

    // Delete after confirmation.
    await page.getByRole('button', { name: 'Delete Tone for listening' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Tone for listening').waitFor();
    await confirm.getByRole('button', { name: 'Delete audio' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No audios match.').waitFor();
    await page.close();
  });

  it('says so, with the link to check, when a linked video cannot be played', async () => {
    const page = await browser.newPage();
    await signIn(page, server);
    // Port 1 refuses the connection: the browser's load fails as a dead link would.
    const url = 'https://127.0.0.1:1/lessons/missing.mp4';
    await apiOk(page, server, '/media/addvideo', { source: 'url', url, title: 'Dead link lesson' });
    await page.goto(`${server.url}/media`);
    await page.getByRole('button', { name: 'Play Dead link lesson' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'This video could not be played' });
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.getByRole('link', { name: 'Open the link' }).getAttribute('href')).toBe(url);
    await page.close();
  });
});
