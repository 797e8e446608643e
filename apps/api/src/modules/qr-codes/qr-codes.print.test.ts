import { QR_LAYOUTS } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { decodePdf } from './qr-codes.pdf.testing.ts';
import { bookCodes, generate, get, newBook, useQrTestApp } from './qr-codes.testing.ts';

/**
 * Every printed code decodes, with a standard reader, to its URL: the PDF is
 * rendered by poppler (pdftoppm) and read by ZBar (zbarimg), as a phone
 * would read the paper. Both come from Debian (poppler-utils, zbar-tools).
 */
const w = useQrTestApp();

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
      const { pages, texts, pageTexts } = decodePdf(res.rawPayload, layout);
      // Every page says what its codes open, and a public address is no trial.
      for (const text of pageTexts) {
        expect(text).toContain('Each code opens https://backoffice.example.test/q/<code>');
        expect(text).not.toContain('TRIAL');
      }
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
