import type { Page } from 'playwright-core';
import { readStoredToken } from './session.ts';

/**
 * Records a short WebM in the page (a canvas changing colour, through
 * MediaRecorder) and adds it to the media library as an uploaded video: a
 * real file Chromium can play, with no binary fixture in the repository.
 */
export async function addRecordedVideo(page: Page, title: string) {
  const token = (await readStoredToken(page))!.access;
  await page.evaluate(
    async ({ access, title }) => {
      // In the HTML namespace by name: the page may be the origin's icon (an
      // SVG document, where signIn leaves it), whose createElement makes no canvas.
      const canvas = document.createElementNS(
        'http://www.w3.org/1999/xhtml',
        'canvas',
      ) as HTMLCanvasElement;
      canvas.width = 64;
      canvas.height = 48;
      const ctx = canvas.getContext('2d')!;
      const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      let frame = 0;
      const paint = setInterval(() => {
        ctx.fillStyle = `hsl(${(frame++ * 30) % 360} 80% 50%)`;
        ctx.fillRect(0, 0, 64, 48);
      }, 40);
      recorder.start(200);
      await new Promise((r) => setTimeout(r, 2500));
      const stopped = new Promise((r) => {
        recorder.onstop = r;
      });
      recorder.stop();
      await stopped;
      clearInterval(paint);
      const form = new FormData();
      form.append('file', new Blob(chunks, { type: 'video/webm' }), 'clip.webm');
      const auth = { authorization: `Bearer ${access}` };
      const up = await fetch('/api/media/uploadfile?kind=video', {
        method: 'POST',
        headers: auth,
        body: form,
      });
      if (!up.ok) throw new Error(`uploadfile: ${up.status} ${await up.text()}`);
      const file = (await up.json()) as { key: string };
      const add = await fetch('/api/media/addvideo', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ source: 'upload', fileKey: file.key, fileName: 'clip.webm', title }),
      });
      if (!add.ok) throw new Error(`addvideo: ${add.status} ${await add.text()}`);
    },
    { access: token, title },
  );
}
