import type { MediaItem } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, chapters, promoVideos } from '../../db/schema/index.ts';
import { tinyMp4, tinyWav } from './media.fixtures.ts';
import {
  added,
  ctx,
  get,
  post,
  upload,
  uploaded,
  urlVideo,
  useMediaTestApp,
} from './media.testing.ts';

/** Media by URL, edits, lists and filters, usage and access. */
useMediaTestApp();

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
    const bad = await post(ctx.token, '/media/addvideo', {
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
    const noSource = await post(ctx.token, '/media/addaudiofile', { title: 'x' });
    expect(noSource.statusCode).toBe(400);
    expect(noSource.json().details[0].path).toMatch(/^body/);
  });

  it('checks tags: a chapter brings subject and grade; a mismatch is a 400 on the field', async () => {
    const v = await urlVideo({ chapterId: ctx.ch2 });
    expect(v).toMatchObject({
      gradeId: ctx.g1,
      subjectId: ctx.math,
      chapterId: ctx.ch2,
      topicId: null,
    });
    const wrong = await post(ctx.token, '/media/addvideo', {
      source: 'url',
      url: 'https://x.test/a',
      title: 'T',
      gradeId: ctx.g2,
      subjectId: ctx.math,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      { path: 'body.subjectId', message: 'The subject does not belong to the chosen grade' },
    ]);
    const topicElsewhere = await post(ctx.token, '/media/addvideo', {
      source: 'url',
      url: 'https://x.test/a',
      title: 'T',
      chapterId: ctx.ch2,
      topicId: ctx.top1,
    });
    expect(topicElsewhere.json().details[0].path).toBe('body.topicId');
    const none = await post(ctx.token, '/media/addvideo', {
      source: 'url',
      url: 'https://x.test/a',
      title: 'T',
      topicId: 987654,
    });
    expect(none.json().details).toEqual([{ path: 'body.topicId', message: 'No such topic' }]);
  });

  it('edits title, status, tags and URL; an upload keeps its file; audited before/after', async () => {
    const v = await urlVideo({ chapterId: ctx.ch1 });
    const res = await post(ctx.token, '/media/editvideo', {
      id: v.id,
      title: 'Renamed',
      status: 'inactive',
      chapterId: ctx.ch2,
      url: 'https://cdn.example.test/w.mp4',
      description: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Renamed',
      status: 'inactive',
      chapterId: ctx.ch2,
      url: 'https://cdn.example.test/w.mp4',
      description: null,
    });
    const cleared = await post(ctx.token, '/media/editvideo', {
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
    const refused = await post(ctx.token, '/media/editaudio', {
      id: a.id,
      url: 'https://x.test/b',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].path).toBe('body.url');
    expect((await post(ctx.token, '/media/editaudio', { id: v.id, title: 'x' })).statusCode).toBe(
      404,
    );
    expect(
      (await post(ctx.token, '/media/editvideo', { id: v.id, title: '' })).json().details[0].path,
    ).toBe('body.title');
    const [entry] = await ctx.t.app.deps.db
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
    await added('/media/addaudiofile', {
      source: 'url',
      url: 'https://cdn.example.test/tone.mp3',
      title: 'Tone',
    });
    ids = [
      (await mk('Fractions explained', { language: 'Tamil', topicId: ctx.top1, status: 'active' }))
        .id,
      (
        await mk('Fractions quiz walk-through', {
          language: 'tamil',
          chapterId: ctx.ch2,
          status: 'inactive',
          durationSeconds: 5,
        })
      ).id,
      (
        await mk('Geometry 100% basics', {
          language: 'Marathi',
          gradeId: ctx.g2,
          durationSeconds: 50,
        })
      ).id,
    ];
  });
  const filter = async (qs: string) => {
    const res = await get(ctx.token, `/media/filtervideo?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: MediaItem[]; total: number; page: number; pageSize: number };
  };

  it('filters by every field, one query for both list paths', async () => {
    expect((await filter('language=TAMIL')).items.map((i) => i.id).sort()).toEqual(
      ids.slice(0, 2).sort(),
    );
    expect((await filter('q=fractions&status=inactive')).items.map((i) => i.id)).toEqual([ids[1]]);
    expect((await filter(`topicId=${ctx.top1}&language=tamil`)).items.map((i) => i.id)).toEqual([
      ids[0],
    ]);
    expect((await filter(`chapterId=${ctx.ch2}&language=tamil`)).total).toBe(1);
    expect((await filter(`subjectId=${ctx.math}&language=tamil`)).total).toBe(2);
    expect((await filter(`gradeId=${ctx.g2}`)).items.map((i) => i.id)).toEqual([ids[2]]);
    expect((await filter('q=100%25')).items.map((i) => i.id)).toEqual([ids[2]]);
    expect((await filter('source=url&language=marathi')).total).toBe(1);
    expect((await filter('source=upload&language=marathi')).total).toBe(0);
    const sorted = await filter('language=tamil&sort=durationSeconds&order=desc');
    expect(sorted.items.map((i) => i.durationSeconds)).toEqual([null, 5]);
    const paged = await filter('pageSize=2&page=2');
    expect(paged).toMatchObject({ page: 2, pageSize: 2 });
    expect(paged.items.length).toBe(2);
    const list = await get(ctx.token, '/media/listofvideos?pageSize=100');
    expect(list.json().total).toBe(paged.total);
    expect(list.json().items.every((i: MediaItem) => i.kind === 'video')).toBe(true);
    const audios = await get(ctx.token, '/media/listofaudios?pageSize=100&q=tone');
    expect(audios.json().items.map((i: MediaItem) => i.title)).toEqual(['Tone']);
    expect((await get(ctx.token, '/media/filteraudio?status=inactive')).json().total).toBe(0);
  });

  it('refuses unknown filters values with field details', async () => {
    const res = await get(
      ctx.token,
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
    const db = ctx.t.app.deps.db;
    const [{ id: ch }] = (await db
      .insert(chapters)
      .values({ subjectId: ctx.math, number: 9, name: 'Used', position: 9 })
      .returning()) as unknown as [{ id: number }];
    await urlVideo({ chapterId: ch });
    await urlVideo({ chapterId: ch });
    await added('/media/addaudiofile', {
      source: 'url',
      url: 'https://x.test/a.mp3',
      title: 'A',
      chapterId: ch,
    });
    const res = await post(ctx.curriculumToken, '/book/removechapter', { id: ch });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('2 videos and 1 audio use this chapter');
    const topic = await post(ctx.curriculumToken, '/book/removetopic', { id: ctx.top1 });
    expect(topic.statusCode).toBe(409);
    expect(topic.json().message).toMatch(/videos? use/);
  });

  it('deleting an item something uses answers 409 with what uses it', async () => {
    const v = await urlVideo();
    const db = ctx.t.app.deps.db;
    await db.insert(promoVideos).values(
      ['Welcome', 'Tour'].map((title, position) => ({
        videoId: v.id,
        title,
        position,
        status: 'active' as const,
      })),
    );
    const res = await post(ctx.token, '/media/deletevideo', { id: v.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      '2 promo videos use this video (promo "Welcome"; promo "Tour")',
    );
    await db.delete(promoVideos).where(eq(promoVideos.videoId, v.id));
    expect((await post(ctx.token, '/media/deletevideo', { id: v.id })).statusCode).toBe(200);
  });

  it('every media path is 403 for an admin without the media module', async () => {
    const calls = [
      get(ctx.noMedia, '/media/listofvideos'),
      get(ctx.noMedia, '/media/filtervideo'),
      get(ctx.noMedia, '/media/getvideobyid?id=1'),
      post(ctx.noMedia, '/media/addvideo', { source: 'url', url: 'https://x.test', title: 'x' }),
      post(ctx.noMedia, '/media/editvideo', { id: 1 }),
      post(ctx.noMedia, '/media/deletevideo', { id: 1 }),
      get(ctx.noMedia, '/media/listofaudios'),
      get(ctx.noMedia, '/media/filteraudio'),
      get(ctx.noMedia, '/media/getaudiobyid?id=1'),
      post(ctx.noMedia, '/media/addaudiofile', {
        source: 'url',
        url: 'https://x.test',
        title: 'x',
      }),
      post(ctx.noMedia, '/media/editaudio', { id: 1 }),
      post(ctx.noMedia, '/media/deleteaudio', { id: 1 }),
      upload('video', tinyMp4(1), 'a.mp4', ctx.noMedia),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(403);
      // The library's reads are open to video quizzes and QR codes too (their video pickers).
      expect(res.json().message).toMatch(
        /^You do not have access to (Media library|any of Media library, Promotional, QR codes)$/,
      );
    }
  });
});
