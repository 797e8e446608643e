import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type MediaItem, mediaItemSchema } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, chapters, grades, subjects, topics } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { TINY_PNG, tinyMp4, tinyWav } from './media.fixtures.ts';
import { MEDIA_USAGES } from './media.usage.ts';

let t: TestApp;
let token: string;
let noMedia: string;
let curriculumToken: string;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-media-'));
const VIDEO_LIMIT = 64 * 1024;
let g1: number;
let g2: number;
let math: number;
let ch1: number;
let ch2: number;
let top1: number;

const post = (tk: string, url: string, payload: object) =>
  t.as(tk, { method: 'POST', url: `/api${url}`, payload });
const get = (tk: string, url: string) => t.as(tk, { method: 'GET', url: `/api${url}` });
const ITEM_KEYS = Object.keys(mediaItemSchema.shape).sort();

async function multipart(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}
const upload = async (kind: string, bytes: Buffer, name: string, tk = token) =>
  t.as(tk, {
    method: 'POST',
    url: `/api/media/uploadfile?kind=${kind}`,
    ...(await multipart(bytes, name)),
  });

async function uploaded(kind: string, bytes: Buffer, name: string) {
  const res = await upload(kind, bytes, name);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { key: string; durationSeconds: number | null; originalName: string };
}

async function added(url: string, payload: object): Promise<MediaItem> {
  const res = await post(token, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const urlVideo = (extra: object = {}) =>
  added('/media/addvideo', {
    source: 'url',
    url: 'https://cdn.example.test/v.mp4',
    title: 'Linked',
    ...extra,
  });

function storedFiles(): string[] {
  try {
    return readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && !d.name.endsWith('.json'))
      .map((d) => d.name);
  } catch {
    return [];
  }
}

beforeAll(async () => {
  t = await createTestApp({
    DATA_DIR: dataDir,
    UPLOAD_MAX_VIDEO_MB: String(VIDEO_LIMIT / 1024 / 1024),
  });
  token = (await t.signIn((await t.createAdmin({ modules: ['media'] })).email)).accessToken;
  noMedia = (await t.signIn((await t.createAdmin({ modules: ['books', 'curriculum'] })).email))
    .accessToken;
  curriculumToken = (await t.signIn((await t.createAdmin({ modules: ['curriculum'] })).email))
    .accessToken;
  const db = t.app.deps.db;
  const [x, y] = await db.select().from(grades).orderBy(grades.position).limit(2);
  g1 = x!.id;
  g2 = y!.id;
  [{ id: math }] = (await db
    .insert(subjects)
    .values({ gradeId: g1, name: 'Maths', position: 1 })
    .returning()) as unknown as [{ id: number }];
  [ch1, ch2] = (
    await db
      .insert(chapters)
      .values([
        { subjectId: math, number: 1, name: 'Numbers', position: 1 },
        { subjectId: math, number: 2, name: 'Shapes', position: 2 },
      ])
      .returning()
  ).map((r) => r.id) as [number, number];
  [{ id: top1 }] = (await db
    .insert(topics)
    .values({ chapterId: ch1, name: 'Counting', position: 1 })
    .returning()) as unknown as [{ id: number }];
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

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
      topicId: top1,
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
      gradeId: g1,
      subjectId: math,
      chapterId: ch1,
      chapterName: 'Numbers',
      topicId: top1,
      topicName: 'Counting',
      status: 'active',
    });
    expect(video.playUrl).toMatch(/^\/api\/media\/file\?id=\d+&part=file&exp=\d+&sig=/);
    expect(video.thumbnailUrl).toMatch(/part=thumbnail/);
  });

  it('streams the file through its signed link, with byte ranges', async () => {
    const whole = await t.app.inject({ method: 'GET', url: video.playUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['content-disposition']).toMatch(/^inline/);
    expect(whole.rawPayload.equals(tinyMp4(12.5))).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: video.playUrl,
      headers: { range: 'bytes=4-11' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${tinyMp4(12.5).length}`);
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom');
    const thumb = await t.app.inject({ method: 'GET', url: video.thumbnailUrl! });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/png');
  });

  it('refuses a tampered, crossed or expired link with 403, an unknown item with 404', async () => {
    const tampered = video.playUrl.replace(/sig=./, (s) => (s.endsWith('A') ? 'sig=B' : 'sig=A'));
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    // The thumbnail's signature does not open the file.
    const crossed = video.thumbnailUrl!.replace('part=thumbnail', 'part=file');
    expect((await t.app.inject({ method: 'GET', url: crossed })).statusCode).toBe(403);
    const unknown = video.playUrl.replace(/id=\d+/, 'id=987654');
    expect((await t.app.inject({ method: 'GET', url: unknown })).statusCode).toBe(404);
    const past = 2 * 60 * 60 * 1000 + 1000;
    t.clock.advance(past);
    try {
      const expired = await t.app.inject({ method: 'GET', url: video.playUrl });
      expect(expired.statusCode).toBe(403);
      expect(expired.json().code).toBe('invalid_file_link');
    } finally {
      // Back again: the signed-in tokens of this file expire too.
      t.clock.advance(-past);
    }
    expect((await t.app.inject({ method: 'GET', url: video.playUrl })).statusCode).toBe(200);
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
    const res = await get(token, `/media/getaudiobyid?id=${audio.id}`);
    expect(res.json().title).toBe('Tone');
    // A video path does not answer an audio.
    expect((await get(token, `/media/getvideobyid?id=${audio.id}`)).statusCode).toBe(404);
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
    const big = Buffer.concat([tinyMp4(1), Buffer.alloc(VIDEO_LIMIT)]);
    const over = await upload('video', big, 'big.mp4');
    expect(over.statusCode).toBe(413);
    expect((await upload('audio', tinyMp4(1), 'v.mp4')).statusCode).toBe(415);
    expect((await upload('nonsense', TINY_PNG, 'a.png')).statusCode).toBe(400);
    expect(storedFiles().length).toBe(before);
  });

  it('a key must name an upload of the right kind, used by one item only', async () => {
    const wav = await uploaded('audio', tinyWav(0.5), 'a.wav');
    const asVideo = await post(token, '/media/addvideo', {
      source: 'upload',
      fileKey: wav.key,
      title: 'X',
    });
    expect(asVideo.statusCode).toBe(400);
    expect(asVideo.json().details).toEqual([
      { path: 'body.fileKey', message: 'This file is not a video' },
    ]);
    const missing = await post(token, '/media/addvideo', {
      source: 'upload',
      fileKey: 'ab/cd/abcd0000-0000-4000-8000-000000000000',
      title: 'X',
    });
    expect(missing.statusCode).toBe(400);
    await added('/media/addaudiofile', { source: 'upload', fileKey: wav.key, title: 'First' });
    const twice = await post(token, '/media/addaudiofile', {
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
    expect((await post(token, '/media/deletevideo', { id: item.id })).json()).toEqual({ ok: true });
    expect(storedFiles()).not.toContain(file.key.split('/')[2]);
    expect((await get(token, `/media/getvideobyid?id=${item.id}`)).statusCode).toBe(404);
    expect((await post(token, '/media/deletevideo', { id: item.id })).statusCode).toBe(404);
  });
});

describe('add and edit by URL', () => {
  it('adds a URL video with a typed duration; only http(s) addresses', async () => {
    const v = await urlVideo({ durationSeconds: 90, description: 'Intro' });
    expect(v).toMatchObject({
      source: 'url',
      url: 'https://cdn.example.test/v.mp4',
      playUrl: 'https://cdn.example.test/v.mp4',
      file: null,
      thumbnailUrl: null,
      durationSeconds: 90,
      description: 'Intro',
      language: 'English',
      gradeId: null,
    });
    const bad = await post(token, '/media/addvideo', {
      source: 'url',
      url: 'javascript:alert(1)',
      title: '',
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad
      .json()
      .details.map((d: { path: string }) => d.path)
      .sort();
    expect(paths).toEqual(['body.title', 'body.url']);
    const noSource = await post(token, '/media/addaudiofile', { title: 'x' });
    expect(noSource.statusCode).toBe(400);
    expect(noSource.json().details[0].path).toMatch(/^body/);
  });

  it('checks tags: a chapter brings subject and grade; a mismatch is a 400 on the field', async () => {
    const v = await urlVideo({ chapterId: ch2 });
    expect(v).toMatchObject({ gradeId: g1, subjectId: math, chapterId: ch2, topicId: null });
    const wrong = await post(token, '/media/addvideo', {
      source: 'url',
      url: 'https://x.test/a',
      title: 'T',
      gradeId: g2,
      subjectId: math,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      { path: 'body.subjectId', message: 'The subject does not belong to the chosen grade' },
    ]);
    const topicElsewhere = await post(token, '/media/addvideo', {
      source: 'url',
      url: 'https://x.test/a',
      title: 'T',
      chapterId: ch2,
      topicId: top1,
    });
    expect(topicElsewhere.json().details[0].path).toBe('body.topicId');
    const none = await post(token, '/media/addvideo', {
      source: 'url',
      url: 'https://x.test/a',
      title: 'T',
      topicId: 987654,
    });
    expect(none.json().details).toEqual([{ path: 'body.topicId', message: 'No such topic' }]);
  });

  it('edits title, status, tags and URL; an upload keeps its file; audited before/after', async () => {
    const v = await urlVideo({ chapterId: ch1 });
    const res = await post(token, '/media/editvideo', {
      id: v.id,
      title: 'Renamed',
      status: 'inactive',
      chapterId: ch2,
      url: 'https://cdn.example.test/w.mp4',
      description: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Renamed',
      status: 'inactive',
      chapterId: ch2,
      url: 'https://cdn.example.test/w.mp4',
      description: null,
    });
    const cleared = await post(token, '/media/editvideo', {
      id: v.id,
      gradeId: null,
      subjectId: null,
      chapterId: null,
    });
    expect(cleared.json()).toMatchObject({ gradeId: null, subjectId: null, chapterId: null });
    const file = await uploaded('audio', tinyWav(0.2), 'b.wav');
    const a = await added('/media/addaudiofile', {
      source: 'upload',
      fileKey: file.key,
      title: 'B',
    });
    const refused = await post(token, '/media/editaudio', { id: a.id, url: 'https://x.test/b' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].path).toBe('body.url');
    expect((await post(token, '/media/editaudio', { id: v.id, title: 'x' })).statusCode).toBe(404);
    expect(
      (await post(token, '/media/editvideo', { id: v.id, title: '' })).json().details[0].path,
    ).toBe('body.title');
    const [entry] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'video_edited'), eq(auditLog.entityId, String(v.id))))
      .orderBy(auditLog.id)
      .limit(1);
    expect(entry?.before).toMatchObject({ title: 'Linked', status: 'active' });
    expect(entry?.after).toMatchObject({ title: 'Renamed', status: 'inactive' });
    expect(JSON.stringify(entry)).not.toMatch(/sig=/);
  });
});

describe('lists and filters', () => {
  let ids: number[];
  beforeAll(async () => {
    const mk = (title: string, extra: object) => urlVideo({ title, ...extra });
    ids = [
      (await mk('Fractions explained', { language: 'Tamil', topicId: top1, status: 'active' })).id,
      (
        await mk('Fractions quiz walk-through', {
          language: 'tamil',
          chapterId: ch2,
          status: 'inactive',
          durationSeconds: 5,
        })
      ).id,
      (await mk('Geometry 100% basics', { language: 'Marathi', gradeId: g2, durationSeconds: 50 }))
        .id,
    ];
  });
  const filter = async (qs: string) => {
    const res = await get(token, `/media/filtervideo?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: MediaItem[]; total: number; page: number; pageSize: number };
  };

  it('filters by every field, one query for both list paths', async () => {
    expect((await filter('language=TAMIL')).items.map((i) => i.id).sort()).toEqual(
      ids.slice(0, 2).sort(),
    );
    expect((await filter('q=fractions&status=inactive')).items.map((i) => i.id)).toEqual([ids[1]]);
    expect((await filter(`topicId=${top1}&language=tamil`)).items.map((i) => i.id)).toEqual([
      ids[0],
    ]);
    expect((await filter(`chapterId=${ch2}&language=tamil`)).total).toBe(1);
    expect((await filter(`subjectId=${math}&language=tamil`)).total).toBe(2);
    expect((await filter(`gradeId=${g2}`)).items.map((i) => i.id)).toEqual([ids[2]]);
    expect((await filter('q=100%25')).items.map((i) => i.id)).toEqual([ids[2]]);
    expect((await filter('source=url&language=marathi')).total).toBe(1);
    expect((await filter('source=upload&language=marathi')).total).toBe(0);
    const sorted = await filter('language=tamil&sort=durationSeconds&order=desc');
    expect(sorted.items.map((i) => i.durationSeconds)).toEqual([null, 5]);
    const paged = await filter('pageSize=2&page=2');
    expect(paged).toMatchObject({ page: 2, pageSize: 2 });
    expect(paged.items.length).toBe(2);
    const list = await get(token, '/media/listofvideos?pageSize=100');
    expect(list.json().total).toBe(paged.total);
    expect(list.json().items.every((i: MediaItem) => i.kind === 'video')).toBe(true);
    const audios = await get(token, '/media/listofaudios?pageSize=100&q=tone');
    expect(audios.json().items.map((i: MediaItem) => i.title)).toEqual(['Tone']);
    expect((await get(token, '/media/filteraudio?status=inactive')).json().total).toBe(0);
  });

  it('refuses unknown filters values with field details', async () => {
    const res = await get(
      token,
      '/media/filtervideo?status=deleted&sort=password&pageSize=500&gradeId=x',
    );
    expect(res.statusCode).toBe(400);
    const paths = res
      .json()
      .details.map((d: { path: string }) => d.path)
      .sort();
    expect(paths).toEqual([
      'querystring.gradeId',
      'querystring.pageSize',
      'querystring.sort',
      'querystring.status',
    ]);
  });
});

describe('usage and access', () => {
  it('a chapter or topic used by media cannot be deleted: 409 naming the count', async () => {
    const db = t.app.deps.db;
    const [{ id: ch }] = (await db
      .insert(chapters)
      .values({ subjectId: math, number: 9, name: 'Used', position: 9 })
      .returning()) as unknown as [{ id: number }];
    await urlVideo({ chapterId: ch });
    await urlVideo({ chapterId: ch });
    await added('/media/addaudiofile', {
      source: 'url',
      url: 'https://x.test/a.mp3',
      title: 'A',
      chapterId: ch,
    });
    const res = await post(curriculumToken, '/book/removechapter', { id: ch });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('2 videos and 1 audio use this chapter');
    const topic = await post(curriculumToken, '/book/removetopic', { id: top1 });
    expect(topic.statusCode).toBe(409);
    expect(topic.json().message).toMatch(/videos? use/);
  });

  it('deleting an item something uses answers 409 with what uses it', async () => {
    const v = await urlVideo();
    MEDIA_USAGES.push({
      singular: 'TOC entry',
      plural: 'TOC entries',
      kinds: ['video'],
      count: async (_db, id) => (id === v.id ? 2 : 0),
    });
    try {
      const res = await post(token, '/media/deletevideo', { id: v.id });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('2 TOC entries use this video');
    } finally {
      MEDIA_USAGES.pop();
    }
    expect((await post(token, '/media/deletevideo', { id: v.id })).statusCode).toBe(200);
  });

  it('every media path is 403 for an admin without the media module', async () => {
    const calls = [
      get(noMedia, '/media/listofvideos'),
      get(noMedia, '/media/filtervideo'),
      get(noMedia, '/media/getvideobyid?id=1'),
      post(noMedia, '/media/addvideo', { source: 'url', url: 'https://x.test', title: 'x' }),
      post(noMedia, '/media/editvideo', { id: 1 }),
      post(noMedia, '/media/deletevideo', { id: 1 }),
      get(noMedia, '/media/listofaudios'),
      get(noMedia, '/media/filteraudio'),
      get(noMedia, '/media/getaudiobyid?id=1'),
      post(noMedia, '/media/addaudiofile', { source: 'url', url: 'https://x.test', title: 'x' }),
      post(noMedia, '/media/editaudio', { id: 1 }),
      post(noMedia, '/media/deleteaudio', { id: 1 }),
      upload('video', tinyMp4(1), 'a.mp4', noMedia),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('You do not have access to Media library');
    }
  });
});
