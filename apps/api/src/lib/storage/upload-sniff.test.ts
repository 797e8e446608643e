import { describe, expect, it } from 'vitest';
import { TINY_PNG, tinyWav } from '../../modules/media/media.fixtures.ts';
import { sniffUpload } from './upload.ts';

/**
 * The type of an upload from its first bytes: text that starts with the
 * letters of a short binary signature ("GIF", "BM", "ID3") is text where a
 * route accepts text; a real file of that format keeps its type.
 */

/** A 1×1 GIF89a: the header, then binary screen size, colour table and image data. */
const TINY_GIF = Buffer.from(
  'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
  'base64',
);
const IMPORT_KINDS = ['xlsx', 'zip', 'text'] as const;
const mime = async (
  bytes: Buffer | string,
  kinds: readonly ('xlsx' | 'zip' | 'text' | 'image' | 'audio')[],
) => (await sniffUpload(typeof bytes === 'string' ? Buffer.from(bytes) : bytes, kinds))?.mime;

describe('sniffUpload', () => {
  it('takes text starting like a binary signature as text where text is accepted', async () => {
    for (const text of [
      'GIFs loop forever. {T}\n',
      'GIF89a is a format. {T}\n',
      'BMI is a ratio. {F}\n',
      'ID3 tags name a song. {T}\n',
      'GIF डेटा: हिन्दी पाठ {T}\n',
    ]) {
      expect(await mime(text, IMPORT_KINDS), text).toBe('text/plain');
    }
  });

  it('keeps the binary type of real files, and of text where text is not accepted', async () => {
    expect(await mime(TINY_GIF, IMPORT_KINDS)).toBe('image/gif');
    expect(await mime(TINY_GIF, ['image'])).toBe('image/gif');
    expect(await mime(TINY_PNG, IMPORT_KINDS)).toBe('image/png');
    expect(await mime(tinyWav(0.1), IMPORT_KINDS)).toBe('audio/wav');
    expect(await mime('GIFs loop forever.', ['image'])).toBe('image/gif');
  });

  it('keeps XML as XML, and refuses what is neither a known type nor text', async () => {
    expect(await mime('<?xml version="1.0"?><quiz></quiz>', IMPORT_KINDS)).toBe('application/xml');
    expect(await mime(Buffer.from([0x00, 0x01, 0x02, 0xff]), IMPORT_KINDS)).toBeUndefined();
  });
});
