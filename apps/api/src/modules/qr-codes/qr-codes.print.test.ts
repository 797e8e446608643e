import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { QR_LAYOUTS, type QrLayout } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { GRIDS } from './qr-codes.pdf.ts';
import { bookCodes, generate, get, newBook, useQrTestApp } from './qr-codes.testing.ts';

/**
 * Every printed code decodes, with a standard reader, to its URL: the PDF is
 * rendered by poppler (pdftoppm) and read by ZBar (zbarimg), as a phone
 * would read the paper. Both come from Debian (poppler-utils, zbar-tools).
 */
const w = useQrTestApp();

/**
 * Each label cut out of its page at 150 dpi (as a phone frames one label)
 * and read: ZBar reading a whole sheet of 21 symbols at once misses one now
 * and then, which says nothing about the print.
 */
function decodePdf(pdf: Buffer, layout: QrLayout): { pages: number; texts: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'qr-print-'));
  const run = (cmd: string, args: string[]) =>
    execFileSync(cmd, args, {
      cwd: dir,
      encoding: 'utf8',
      // zbarimg complains on stderr about a missing D-Bus; harmless.
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  try {
    writeFileSync(path.join(dir, 'labels.pdf'), pdf);
    const pages = Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', ['labels.pdf']))![1]);
    const { columns, rows } = GRIDS[layout];
    const [width, height] = [1240, 1754]; // A4 at 150 dpi
    const [w, h] = [Math.floor(width / columns), Math.floor(height / rows)];
    for (let page = 1; page <= pages; page++) {
      for (let cell = 0; cell < columns * rows; cell++) {
        const [x, y] = [(cell % columns) * w, Math.floor(cell / columns) * h];
        const crop = ['-x', `${x}`, '-y', `${y}`, '-W', `${w}`, '-H', `${h}`];
        const at = ['-f', `${page}`, '-l', `${page}`, '-singlefile'];
        run('pdftoppm', [
          '-r',
          '150',
          '-gray',
          '-png',
          ...at,
          ...crop,
          'labels.pdf',
          `l-${page}-${cell}`,
        ]);
      }
    }
    const images = readdirSync(dir).filter((f) => f.endsWith('.png'));
    let out = '';
    try {
      out = run('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', ...images]);
    } catch (err) {
      // zbarimg exits 4 when some image holds no symbol (the empty cells of a last page).
      out = String((err as { stdout?: string }).stdout ?? '');
    }
    return { pages, texts: out.split('\n').filter(Boolean) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('printaspdf and printvideoqrpdf', () => {
  it('prints a book in every layout; every code decodes to its URL', async () => {
    const units = Array.from(
      { length: 19 },
      (_, i) => `Chapter ${i + 1}: a rather long title for a label`,
    );
    const b = await newBook(w, 'Geography 8', units);
    await generate(w, { mode: 'nodes', bookId: b.bookId });
    await generate(w, { mode: 'spare', bookId: b.bookId, count: 3 });
    const codes = await bookCodes(w, b.bookId);
    expect(codes).toHaveLength(22);
    const expected = codes.map((c) => `https://backoffice.example.test/q/${c.code}`).sort();
    for (const layout of QR_LAYOUTS) {
      // One label per page: three codes are enough to prove it.
      const ids =
        layout === '1'
          ? `&ids=${codes
              .slice(0, 3)
              .map((c) => c.id)
              .join(',')}`
          : '';
      const res = await get(w, `/book/printaspdf?bookId=${b.bookId}&layout=${layout}${ids}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`qr-codes-${b.isbn}.pdf`);
      const { pages, texts } = decodePdf(res.rawPayload, layout);
      const want =
        layout === '1'
          ? expected.filter((u) => codes.slice(0, 3).some((c) => u.endsWith(c.code)))
          : expected;
      expect(texts.sort(), `layout ${layout}`).toEqual(want);
      expect(pages).toBe({ '21': 2, '14': 2, '1': 3 }[layout]);
    }
  }, 60_000);

  it('prints video codes; a disabled code is left out unless chosen', async () => {
    const video = await w.t.as(w.token, {
      method: 'POST',
      url: '/api/media/addvideo',
      payload: { source: 'url', url: 'https://cdn.example.test/v.mp4', title: 'Rivers' },
    });
    const code = await w.t.as(w.token, {
      method: 'POST',
      url: '/api/book/videoqrcode',
      payload: { videoId: video.json().id },
    });
    const res = await get(w, '/book/printvideoqrpdf?layout=14');
    expect(res.statusCode).toBe(200);
    expect(decodePdf(res.rawPayload, '14').texts).toEqual([code.json().url]);
    const tooMany = await get(
      w,
      `/book/printvideoqrpdf?ids=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`,
    );
    expect(tooMany.statusCode).toBe(400);
    expect((await get(w, '/book/printaspdf?bookId=999999')).statusCode).toBe(404);
    expect((await get(w, `/book/printaspdf?bookId=${w.bookId}&layout=5`)).statusCode).toBe(400);
  });
});
