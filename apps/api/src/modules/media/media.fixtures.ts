/**
 * Small, valid media files built byte by byte for the upload tests. Real
 * files made by ffmpeg, for durations, are in fixtures/.
 */

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** ftyp, mdat, then moov with an mvhd (version 0): the layout of a non-"faststart" MP4. */
export function tinyMp4(seconds: number, timescale = 1000): Buffer {
  const ftyp = Buffer.alloc(12);
  ftyp.write('isom', 0, 'latin1');
  ftyp.writeUInt32BE(512, 4);
  ftyp.write('isom', 8, 'latin1');
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(timescale, 12);
  mvhd.writeUInt32BE(Math.round(seconds * timescale), 16);
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  mvhd.writeUInt32BE(2, 96); // next track id
  return Buffer.concat([
    box('ftyp', ftyp),
    box('mdat', Buffer.alloc(2000, 7)),
    box('moov', box('mvhd', mvhd)),
  ]);
}

/** 8-bit mono PCM at `rate` Hz: a plain tone players can decode. */
export function tinyWav(seconds: number, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + samples, 4);
  head.write('WAVE', 8, 'latin1');
  head.write('fmt ', 12, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate, 28); // byte rate
  head.writeUInt16LE(1, 32);
  head.writeUInt16LE(8, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(samples, 40);
  const data = Buffer.alloc(samples);
  for (let i = 0; i < samples; i++)
    data[i] = 128 + Math.round(60 * Math.sin((i * 2 * Math.PI * 440) / rate));
  return Buffer.concat([head, data]);
}

export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
