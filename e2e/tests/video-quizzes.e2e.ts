import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOk } from '../support/api.ts';
import { choiceQuestion, seedBankQuestions } from '../support/assessments.ts';
import { expectAccessible } from '../support/axe.ts';
import { useServerAndBrowser } from '../support/fixture.ts';
import { addRecordedVideo } from '../support/media-video.ts';
import { shot } from '../support/screenshot.ts';
import type { RunningServer } from '../support/server.ts';
import { signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const dialog = (page: Page) => page.getByRole('dialog');

describe('a video quiz', () => {
  it('places a question at the player’s moment, then moves it by typing m:ss.s, by keys and by dragging its marker', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signIn(page, server);
    await addRecordedVideo(page, 'Colour wheel');
    const [questionId] = await seedBankQuestions(page, server, [choiceQuestion('Which colour')]);

    await page.goto(`${server.url}/video-quizzes`);
    await page.getByRole('button', { name: 'New video quiz' }).click();
    await dialog(page).getByLabel('Name').fill('Colours quiz');
    await dialog(page).locator('input').and(page.getByLabel('Video')).click();
    await page.getByRole('option', { name: 'Colour wheel' }).click();
    await expectAccessible(page, 'new video quiz dialog');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/video-quizzes\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    // Play a moment of the video, pause, and add the question where the player stands.
    const at = await page.getByTestId('quiz-player').evaluate(async (el) => {
      const v = el as HTMLVideoElement;
      v.muted = true;
      await v.play();
      await new Promise((r) => setTimeout(r, 1200));
      v.pause();
      return Math.round(v.currentTime * 10) / 10;
    });
    expect(at).toBeGreaterThan(0.5);
    await page.getByRole('button', { name: 'Add a question here' }).click();
    await dialog(page)
      .getByText(/^Add a question at 0:0\d\.\d$/)
      .waitFor();
    await dialog(page).locator('input').and(page.getByLabel('Question')).click();
    await page.getByRole('option', { name: new RegExp(`^#${questionId} `) }).click();
    await expectAccessible(page, 'add a question at a moment dialog');
    await dialog(page).getByRole('button', { name: 'Add question' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    // The player keeps its position: the builder read again does not reload the video.
    await page.getByRole('textbox', { name: /^Moment of Question 1/ }).waitFor();
    await new Promise((r) => setTimeout(r, 1000));
    const still = await page
      .getByTestId('quiz-player')
      .evaluate((el) => Math.round((el as HTMLVideoElement).currentTime * 10) / 10);
    expect(still).toBe(at);

    const placed = await apiOk(page, server, `/promotional/getvideoquestiontoc?id=${id}`);
    expect(placed.items).toHaveLength(1);
    expect(placed.items[0].atSeconds).toBe(at);
    const moment = page.getByRole('textbox', { name: /^Moment of Question 1/ });
    await expect.poll(() => moment.inputValue()).toMatch(/^0:0\d\.\d$/);
    await expectAccessible(page, 'video quiz builder');

    await moment.fill('0:03.5');
    const moved = page.waitForResponse((r) =>
      r.url().endsWith('/api/promotional/changevideoquestionpriority'),
    );
    await moment.press('Enter');
    expect((await moved).status()).toBe(200);
    const marker = page.getByRole('slider', { name: 'Moment of question 1' });
    await expect.poll(() => marker.getAttribute('aria-valuetext')).toBe('0:03.5');
    const after = await apiOk(page, server, `/promotional/getvideoquestiontoc?id=${id}`);
    expect(after.items[0].atSeconds).toBe(3.5);

    // The marker moves with the keys: three tenths right, then a second left (Shift), one save once the keys rest.
    const savedAt = async () =>
      (await apiOk(page, server, `/promotional/getvideoquestiontoc?id=${id}`)).items[0].atSeconds;
    await marker.focus();
    const keyed = page.waitForResponse((r) =>
      r.url().endsWith('/api/promotional/changevideoquestionpriority'),
    );
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'Shift+ArrowLeft'])
      await marker.press(key);
    expect(await marker.getAttribute('aria-valuetext')).toBe('0:02.8');
    expect((await keyed).status()).toBe(200);
    await expect.poll(savedAt).toBe(2.8);
    await expect.poll(() => moment.inputValue()).toBe('0:02.8');

    // And with the pointer: dropped at the middle of the timeline.
    const box = (await page.getByRole('group', { name: 'Question moments' }).boundingBox())!;
    const grip = (await marker.boundingBox())!;
    const dragged = page.waitForResponse((r) =>
      r.url().endsWith('/api/promotional/changevideoquestionpriority'),
    );
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, grip.y + grip.height / 2, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2, grip.y + grip.height / 2, { steps: 5 });
    await page.mouse.up();
    expect((await dragged).status()).toBe(200);
    const max = Number(await marker.getAttribute('aria-valuemax'));
    await expect.poll(savedAt).not.toBe(2.8);
    const dropped = await savedAt();
    expect(Math.abs(dropped / max - 0.5)).toBeLessThan(0.05);
    await expect.poll(() => marker.getAttribute('aria-valuenow')).toBe(String(dropped));
    await expectAccessible(page, 'video quiz builder after moving a marker');
    await marker.hover();
    await shot(page, 'video-quiz-timeline', { fullPage: false });

    // A moment that is not one is said in place, not sent.
    await moment.fill('1:75');
    await moment.press('Enter');
    await page.getByText('Type it as m:ss.s, e.g. 1:02.5').waitFor();

    // The learner preview plays the video and stops at the question's moment (the video is 2.5 s long).
    await apiOk(page, server, '/promotional/changevideoquestionpriority', {
      id,
      itemId: after.items[0].id,
      atSeconds: 1,
    });
    await page.goto(`${server.url}/video-quizzes/${id}/preview`);
    const preview = page.getByTestId('preview-player');
    await preview.evaluate(async (el) => {
      const v = el as HTMLVideoElement;
      v.muted = true;
      await v.play();
    });
    await page.getByText('Stopped at question 1 (0:01.0): answer it, then continue.').waitFor();
    const stoppedAt = await preview.evaluate((el) => ({
      paused: (el as HTMLVideoElement).paused,
      time: (el as HTMLVideoElement).currentTime,
    }));
    expect(stoppedAt.paused).toBe(true);
    expect(stoppedAt.time).toBeCloseTo(1, 1);
    await page.getByText('Question 1 of 1').waitFor();
    await expectAccessible(page, 'video quiz preview stopped at a question');
    await page.getByRole('button', { name: 'Continue the video' }).click();
    await expect
      .poll(() => preview.evaluate((el) => (el as HTMLVideoElement).currentTime))
      .toBeGreaterThan(1.2);
    await page.close();
  });
});
