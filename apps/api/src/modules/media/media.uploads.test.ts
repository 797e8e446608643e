import type { MediaItem } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { TINY_PNG, tinyMp4, tinyWav } from './media.fixtures.ts';
import {
  added,
  ctx,
  get,
  ITEM_KEYS,
  post,
  storedFiles,
  upload,
  uploaded,
  useMediaTestApp,
} from './media.testing.ts';

/** Uploads, signed playback links and file clean-up of the media library. */
useMediaTestApp();

describe('uploads and playback', () => {
  let video: MediaItem;

  it('uploads a real MP4, reads its duration from mvhd, and adds it as a video', async () => {
    const file = await uploaded('video', tinyMp4(12.5), '../lesson one.mp4');
    expect(file).toMatchObject({
      durationSeconds: 12.5,
      originalName: 'lesson one.mp4',
      contentType: 'video/mp4',
    });
    const thumb = await uploaded('thumbnail', TINY_PNG, 'thumb.png');
    video = await added('/media/addvideo', {
      source: 'upload',
      fileKey: file.key,
      fileName: file.originalName,
      thumbnailKey: thumb.key,
      title: '  Counting to ten ',
      topicId: ctx.top1,
      language: 'Hindi',
    });
    expect(Object.keys(video).sort()).toEqual(ITEM_KEYS);
    expect(video).toMatchObject({
      kind: 'video',
      title: 'Counting to ten',
      source: 'upload',
      url: null,
      durationSeconds: 12.5,
      file: {
        contentType: 'video/mp4',
        originalName: 'lesson one.mp4',
        size: tinyMp4(12.5).length,
      },
      gradeId: ctx.g1,
      subjectId: ctx.math,
      chapterId: ctx.ch1,
      chapterName: 'Numbers',
      topicId: ctx.top1,
      topicName: 'Counting',
      status: 'active',
    });
    expect(video.playUrl).toMatch(/^\/api\/media\/file\?id=\d+&part=file&exp=\d+&sig=/);
    expect(video.thumbnailUrl).toMatch(/part=thumbnail/);
  });

  it('streams the file through its signed link, with byte ranges', async () => {
    const whole = await ctx.t.app.inject({ method: 'GET', url: video.playUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['content-disposition']).toMatch(/^inline/);
    expect(whole.rawPayload.equals(tinyMp4(12.5))).toBe(true);
    const part = await ctx.t.app.inject({
      method: 'GET',
      url: video.playUrl,
      headers: { range: 'bytes=4-11' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${tinyMp4(12.5).length}`);
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom');
    const thumb = await ctx.t.app.inject({ method: 'GET', url: video.thumbnailUrl! });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/png');
  });

  it('refuses a tampered, crossed or expired link with 403, an unknown item with 404', async () => {
    const tampered = video.playUrl.replace(/sig=./, (s) => (s.endsWith('A') ? 'sig=B' : 'sig=A'));
    expect((await ctx.t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    // The thumbnail's signature does not open the file.
    const crossed = video.thumbnailUrl!.replace('part=thumbnail', 'part=file');
    expect((await ctx.t.app.inject({ method: 'GET', url: crossed })).statusCode).toBe(403);
    const unknown = video.playUrl.replace(/id=\d+/, 'id=987654');
    expect((await ctx.t.app.inject({ method: 'GET', url: unknown })).statusCode).toBe(404);
    const past = 2 * 60 * 60 * 1000 + 1000;
    ctx.t.clock.advance(past);
    try {
      const expired = await ctx.t.app.inject({ method: 'GET', url: video.playUrl });
      expect(expired.statusCode).toBe(403);
      expect(expired.json().code).toBe('invalid_file_link');
    } finally {
      // Back again: the signed-in tokens of this file expire too.
      ctx.t.clock.advance(-past);
    }
    expect((await ctx.t.app.inject({ method: 'GET', url: video.playUrl })).statusCode).toBe(200);
  });

  it('uploads a WAV, reads its duration and adds it as an audio', async () => {
    const file = await uploaded('audio', tinyWav(1.5), 'tone.wav');
    expect(file.durationSeconds).toBe(1.5);
    const audio = await added('/media/addaudiofile', {
      source: 'upload',
      fileKey: file.key,
      title: 'Tone',
    });
    expect(audio).toMatchObject({
      kind: 'audio',
      durationSeconds: 1.5,
      file: { contentType: 'audio/wav' },
    });
    const res = await get(ctx.token, `/media/getaudiobyid?id=${audio.id}`);
    expect(res.json().title).toBe('Tone');
    // A video path does not answer an audio.
    expect((await get(ctx.token, `/media/getvideobyid?id=${audio.id}`)).statusCode).toBe(404);
  });

  it('refuses an HTML file renamed .mp4 (415) and an oversized video (413), storing nothing', async () => {
    const before = storedFiles().length;
    const html = await upload(
      'video',
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      'x.mp4',
    );
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toMatch(/not an accepted video file/);
    const big = Buffer.concat([tinyMp4(1), Buffer.alloc(ctx.VIDEO_LIMIT)]);
    const over = await upload('video', big, 'big.mp4');
    expect(over.statusCode).toBe(413);
    expect((await upload('audio', tinyMp4(1), 'v.mp4')).statusCode).toBe(415);
    expect((await upload('nonsense', TINY_PNG, 'a.png')).statusCode).toBe(400);
    // The 413 can reach the client while the refused upload's partial file is
    // still being removed: it must be gone soon after, never kept.
    await expect.poll(() => storedFiles().length).toBe(before);
  });

  it('a key must name an upload of the right kind, used by one item only', async () => {
    const wav = await uploaded('audio', tinyWav(0.5), 'a.wav');
    const asVideo = await post(ctx.token, '/media/addvideo', {
      source: 'upload',
      fileKey: wav.key,
      title: 'X',
    });
    expect(asVideo.statusCode).toBe(400);
    expect(asVideo.json().details).toEqual([
      { path: 'body.fileKey', message: 'This file is not a video' },
    ]);
    const missing = await post(ctx.token, '/media/addvideo', {
      source: 'upload',
      fileKey: 'ab/cd/abcd0000-0000-4000-8000-000000000000',
      title: 'X',
    });
    expect(missing.statusCode).toBe(400);
    await added('/media/addaudiofile', { source: 'upload', fileKey: wav.key, title: 'First' });
    const twice = await post(ctx.token, '/media/addaudiofile', {
      source: 'upload',
      fileKey: wav.key,
      title: 'Second',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('deletes an item and its stored files', async () => {
    const file = await uploaded('video', tinyMp4(2), 'gone.mp4');
    const item = await added('/media/addvideo', {
      source: 'upload',
      fileKey: file.key,
      title: 'Gone',
    });
    expect(storedFiles()).toContain(file.key.split('/')[2]);
    expect((await post(ctx.token, '/media/deletevideo', { id: item.id })).json()).toEqual({
      ok: true,
    });
    expect(storedFiles()).not.toContain(file.key.split('/')[2]);
    expect((await get(ctx.token, `/media/getvideobyid?id=${item.id}`)).statusCode).toBe(404);
    expect((await post(ctx.token, '/media/deletevideo', { id: item.id })).statusCode).toBe(404);
  });
});
