import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type RangeReader, readDuration } from './media.duration.ts';

/**
 * Durations of real files made by ffmpeg (fixtures/README.md holds each
 * command), against what ffprobe says of them; and large files, made of a
 * fixture's header and zeros that are never allocated, to show that only
 * headers are read.
 */

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** A file of byte parts and runs of zeros (a number: that many), read by range. */
function virtualFile(parts: (Buffer | number)[]) {
  const size = parts.reduce<number>((n, p) => n + (typeof p === 'number' ? p : p.length), 0);
  const stats = { reads: 0, bytes: 0 };
  const read: RangeReader = async (start, end) => {
    const out = Buffer.alloc(Math.min(end, size - 1) - start + 1);
    let at = 0;
    for (const part of parts) {
      const length = typeof part === 'number' ? part : part.length;
      const from = Math.max(start, at);
      const to = Math.min(start + out.length, at + length);
      if (from < to && typeof part !== 'number') part.copy(out, from - start, from - at, to - at);
      at += length;
    }
    stats.reads++;
    stats.bytes += out.length;
    return out;
  };
  return { read, size, stats };
}

// [file, type as the upload's sniffing (file-type) stores it, ffprobe's format duration]
const FILES: [string, string, number][] = [
  ['video.mp4', 'video/mp4', 2], // moov after mdat, as ffmpeg writes by default
  ['video-faststart.mp4', 'video/mp4', 2],
  ['video-silent.mp4', 'video/mp4', 2], // no audio track
  ['audio.m4a', 'audio/x-m4a', 1.5],
  ['video.webm', 'video/webm', 2.008],
  ['audio.wav', 'audio/wav', 1.25],
  ['audio-streamed.wav', 'audio/wav', 0.5], // RIFF and data sizes 0xFFFFFFFF
  ['audio-cbr.mp3', 'audio/mpeg', 3.168], // with an Info frame
  ['audio-cbr-noheader.mp3', 'audio/mpeg', 3.168], // size over bit rate
  ['audio-vbr.mp3', 'audio/mpeg', 3.056327], // Xing frame count
  ['audio.flac', 'audio/x-flac', 1.5],
  ['audio.ogg', 'audio/ogg', 2],
  ['audio.opus', 'audio/opus', 2.0065],
];

describe('readDuration', () => {
  it.each(FILES)('%s (%s): ffprobe says %s s', async (name, type, ffprobe) => {
    const file = virtualFile([fixture(name)]);
    const seconds = await readDuration(file.read, file.size, type);
    expect(seconds).not.toBeNull();
    // Within 10 ms: ffprobe counts Opus's 6.5 ms pre-skip, music-metadata does not.
    expect(Math.abs(seconds! - ffprobe)).toBeLessThanOrEqual(0.01);
    expect(Math.round(seconds! * 1000) / 1000).toBe(seconds); // whole milliseconds
  });

  it('reads the moov of a 100 MB MP4 at its end by a few small ranges', async () => {
    const mp4 = fixture('video.mp4');
    const mdat = mp4.indexOf('mdat') - 4;
    const moov = mp4.indexOf('moov') - 4;
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + 100_000_000);
    head.write('mdat', 4, 'latin1');
    const file = virtualFile([mp4.subarray(0, mdat), head, 100_000_000, mp4.subarray(moov)]);
    expect(await readDuration(file.read, file.size, 'video/mp4')).toBe(2);
    expect(file.stats.bytes).toBeLessThan(200);
  });

  it('takes a 100 MB WAV from its header, not its samples', async () => {
    const wav = fixture('audio.wav');
    const data = wav.indexOf('data');
    const header = Buffer.from(wav.subarray(0, data + 8));
    header.writeUInt32LE(100_000_000, data + 4);
    const file = virtualFile([header, 100_000_000]);
    // 8-bit mono at 4,000 Hz: 4,000 bytes a second.
    expect(await readDuration(file.read, file.size, 'audio/wav')).toBe(25_000);
    expect(file.stats.bytes).toBeLessThan(16_384);
  });

  it('believes the Xing and STREAMINFO headers without reading on', async () => {
    for (const [name, type, seconds] of [
      ['audio-vbr.mp3', 'audio/mpeg', 3.056],
      ['audio.flac', 'audio/x-flac', 1.5],
    ] as const) {
      const file = virtualFile([fixture(name), 100_000_000]);
      expect(await readDuration(file.read, file.size, type)).toBe(seconds);
      expect(file.stats.bytes, name).toBeLessThan(16_384);
    }
  });

  it('is null for an unknown type or bytes that do not parse', async () => {
    const text = virtualFile([Buffer.from('<!doctype html><p>not media</p>')]);
    expect(await readDuration(text.read, text.size, 'video/mp4')).toBeNull();
    expect(await readDuration(text.read, text.size, 'audio/mpeg')).toBeNull();
    expect(await readDuration(text.read, text.size, 'audio/x-flac')).toBeNull();
    const wav = virtualFile([fixture('audio.wav')]);
    expect(await readDuration(wav.read, wav.size, 'application/pdf')).toBeNull();
  });
});
