import type { MediaItem } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { tinyMp4, tinyWav } from './media.fixtures.ts';
import {
  added,
  ctx,
  get,
  post,
  storedFiles,
  uploaded,
  urlVideo,
  useMediaTestApp,
} from './media.testing.ts';

/**
 * Replacing an upload's content: the item keeps its id (so every node,
 * printed code and quiz that uses it plays the new file), takes the new
 * file's name, size and duration, and the old file is removed once the
 * change has committed. Only an upload has content to replace, and only
 * with a file of its kind.
 */
useMediaTestApp();

const edit = (body: object) => post(ctx.token, '/media/editvideo', body);
const keyName = (key: string) => key.split('/')[2]!;

describe('replacing a video’s file', () => {
  it('keeps the id, takes the new file and its duration, removes the old file', async () => {
    const first = await uploaded('video', tinyMp4(12.5), 'lesson-v1.mp4');
    const video = await added('/media/addvideo', {
      source: 'upload',
      fileKey: first.key,
      fileName: first.originalName,
      title: 'Counting to ten',
      topicId: ctx.top1,
    });
    const second = await uploaded('video', tinyMp4(40), 'lesson-v2.mp4');
    const res = await edit({ id: video.id, fileKey: second.key, fileName: second.originalName });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as MediaItem;
    expect(after).toMatchObject({
      id: video.id,
      title: 'Counting to ten',
      topicId: ctx.top1,
      durationSeconds: 40,
      file: { originalName: 'lesson-v2.mp4', size: tinyMp4(40).length },
    });
    expect(storedFiles()).toContain(keyName(second.key));
    expect(storedFiles()).not.toContain(keyName(first.key));
    // The player's link for the same id serves the new bytes.
    const played = await ctx.t.app.inject({ method: 'GET', url: after.playUrl });
    expect(played.statusCode).toBe(200);
    expect(Buffer.compare(played.rawPayload, tinyMp4(40))).toBe(0);
    const audit = await ctx.t.app.deps.db.query.auditLog.findFirst({
      where: (a, { and, eq }) =>
        and(eq(a.action, 'video_edited'), eq(a.entityId, String(video.id))),
      orderBy: (a, { desc }) => desc(a.id),
    });
    expect(audit?.before).toMatchObject({ durationSeconds: 12.5 });
    expect(audit?.after).toMatchObject({ durationSeconds: 40 });
  });

  it('refuses another kind’s file, a URL item, and a file another item holds; nothing changes', async () => {
    const mine = await uploaded('video', tinyMp4(5), 'mine.mp4');
    const video = await added('/media/addvideo', {
      source: 'upload',
      fileKey: mine.key,
      title: 'Mine',
    });
    const audio = await uploaded('audio', tinyWav(2), 'voice.wav');
    let res = await edit({ id: video.id, fileKey: audio.key });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This file is not a video');

    const linked = await urlVideo();
    const other = await uploaded('video', tinyMp4(6), 'other.mp4');
    res = await edit({ id: linked.id, fileKey: other.key });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A URL item has no file to replace: change its URL instead');

    const held = await uploaded('video', tinyMp4(7), 'held.mp4');
    await added('/media/addvideo', { source: 'upload', fileKey: held.key, title: 'Holder' });
    res = await edit({ id: video.id, fileKey: held.key });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This file already belongs to another media item');

    const stillMine = (await get(ctx.token, `/media/getvideobyid?id=${video.id}`)).json();
    expect(stillMine.file).toMatchObject({ originalName: 'video', size: tinyMp4(5).length });
    expect(storedFiles()).toContain(keyName(mine.key));
  });
});
