import type { MailBlock } from '@bo/contract';
import { imageSize } from 'image-size';
import type { Deps } from '../../deps.ts';
import { storageKeyOf } from '../../lib/public-images.ts';

/** Enough of a file for its size: PNG, GIF and WebP say it in their first bytes, JPEG before its data. */
const HEAD_BYTES = 64 * 1024;

/**
 * The pixel width of each image a blocks template shows, read from the
 * stored file's head (`image-size`), so that MJML draws a small image (a
 * logo) at its own width instead of stretching it across the column. An
 * image whose width cannot be read is left out (drawn column-wide, as
 * before).
 */
export async function imageWidths(deps: Deps, blocks: MailBlock[]): Promise<Map<string, number>> {
  const keys = new Set(
    blocks
      .flatMap((b) => (b.type === 'columns' ? [...b.left, ...b.right] : [b]))
      .flatMap((b) => (b.type === 'image' ? [b.key] : [])),
  );
  const widths = new Map<string, number>();
  for (const key of keys) {
    const stored = storageKeyOf(key);
    if (!stored) continue;
    try {
      const chunks: Buffer[] = [];
      for await (const c of await deps.storage.get(stored, { start: 0, end: HEAD_BYTES - 1 }))
        chunks.push(c as Buffer);
      const { width } = imageSize(Buffer.concat(chunks));
      if (width > 0) widths.set(key, width);
    } catch (err) {
      deps.log.warn({ err, key }, 'mail blocks: the width of an image could not be read');
    }
  }
  return widths;
}
