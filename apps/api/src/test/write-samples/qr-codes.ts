import { book } from './books.ts';
import { made, post, type Samples, sheet, upload, type World } from './kit.ts';
import { video } from './media.ts';
import { node } from './toc.ts';

/** A spare code of a new book. */
export const spareCode = async (w: World) => {
  const { id: bookId } = await book(w);
  await made(w, post('/book/generateqrcode', { mode: 'spare', bookId, count: 1 }, w.token));
  const list = await made<{ items: { id: number }[] }>(w, {
    req: { method: 'GET', url: `/api/book/getgenerateqrcodes?bookId=${bookId}` },
    token: w.token,
  });
  return { bookId, id: list.items[0]!.id };
};

/** QR codes: generation for a book's nodes or spare, a video's code, retarget, status. */
export const qrCodesSamples = {
  generateQrCodes: async (w) => {
    const { bookId } = await node(w);
    return post('/book/generateqrcode', { mode: 'nodes', bookId }, w.token);
  },
  generateVideoQrCode: async (w) =>
    post('/book/videoqrcode', { videoId: (await video(w)).id }, w.token),
  retargetQrCode: async (w) => {
    const { bookId, id } = await spareCode(w);
    return post('/book/retargetqrcode', { id, target: { kind: 'book', id: bookId } }, w.token);
  },
  setQrCodeStatus: async (w) =>
    post('/book/setqrcodestatus', { id: (await spareCode(w)).id, enabled: false }, w.token),
  uploadQrCodes: async (w) => {
    const { bookId, id } = await spareCode(w);
    const bytes = await sheet(
      ['Code', 'Target', 'Target ID', 'Enabled', 'ID'],
      [['', 'book', bookId, 'Yes', id]],
    );
    return upload(w, '/book/uploadqrcodes?dryRun=false', bytes, 'QR codes.xlsx');
  },
} satisfies Samples;
