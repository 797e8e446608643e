import type { PromoVideo } from '@bo/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, grades } from '../../db/schema/index.ts';
import { appGet, get, ok, post, useFreeTestApp } from '../free-content/free-content.testing.ts';
import { makeAppKey } from '../learners/learners.testing.ts';

/** Promo videos: add, edit, order, status, delete, the library's refusal and the app's read. */
const w = useFreeTestApp();
let gradeIds: number[] = [];

beforeAll(async () => {
  const rows = await w.t.app.deps.db.select().from(grades).orderBy(grades.position).limit(2);
  gradeIds = rows.map((g) => g.id);
});

const video = (title: string, extra: object = {}) =>
  ok<{ id: number }>(
    post(w, '/media/addvideo', {
      source: 'url',
      url: `https://cdn.example.test/${title}.mp4`,
      title,
      ...extra,
    }),
  );
const add = async (title: string, extra: object = {}) =>
  ok<PromoVideo>(
    post(w, '/promotional/addpromovideo', {
      videoId: (await video(`${title} video`)).id,
      title,
      ...extra,
    }),
  );
const list = async (query = '') =>
  (await ok<{ items: PromoVideo[] }>(get(w, `/promotional/listofpromovideo?pageSize=100${query}`)))
    .items;
const titles = async (query = '') => (await list(query)).map((p) => p.title);

describe('promo videos', () => {
  it('adds each last, with its grades and a playable link; edits; audited', async () => {
    const a = await add('Welcome', { gradeIds: [gradeIds[1], gradeIds[0]], description: 'Hello' });
    expect(a).toMatchObject({
      title: 'Welcome',
      description: 'Hello',
      status: 'active',
      playUrl: 'https://cdn.example.test/Welcome video.mp4',
      videoTitle: 'Welcome video',
      grades: [{ id: gradeIds[0] }, { id: gradeIds[1] }],
    });
    const b = await add('Tour');
    expect(b.position).toBe(a.position + 1);
    const other = await video('Other video');
    const edited = await ok<PromoVideo>(
      post(w, '/promotional/editpromovideo', {
        id: b.id,
        title: 'Tour 2',
        videoId: other.id,
        gradeIds: [gradeIds[0]],
      }),
    );
    expect(edited).toMatchObject({
      title: 'Tour 2',
      videoId: other.id,
      grades: [{ id: gradeIds[0] }],
    });
    const [row] = await w.t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'promo_video_edited'));
    expect(row?.before).toMatchObject({ title: 'Tour', gradeIds: [] });
    expect(await titles(`&gradeId=${gradeIds[1]}`)).toEqual(['Welcome']);
  });

  it('refuses an unknown video, an audio, an unknown grade (400) and an unknown promo (404)', async () => {
    const res = await post(w, '/promotional/addpromovideo', { videoId: 99_999_999, title: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Video 99999999 is not in the media library');
    const audio = await ok<{ id: number }>(
      post(w, '/media/addaudiofile', {
        source: 'url',
        url: 'https://cdn.example.test/a.mp3',
        title: 'Audio',
      }),
    );
    expect(
      (await post(w, '/promotional/addpromovideo', { videoId: audio.id, title: 'X' })).statusCode,
    ).toBe(400);
    const v = await video('Graded');
    const bad = await post(w, '/promotional/addpromovideo', {
      videoId: v.id,
      title: 'X',
      gradeIds: [99_999_999],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('body.gradeIds');
    expect(
      (await post(w, '/promotional/editpromovideo', { id: 99_999_999, title: 'X' })).statusCode,
    ).toBe(404);
    expect((await post(w, '/promotional/deletepromovideo', { id: 99_999_999 })).statusCode).toBe(
      404,
    );
  });

  it('reorders with every id once; a stale or partial list is refused (409) and changes nothing', async () => {
    const before = await list();
    const ids = before.map((p) => p.id);
    await ok(post(w, '/promotional/reorderpromovideo', { ids: [...ids].reverse() }));
    expect((await list()).map((p) => p.id)).toEqual([...ids].reverse());
    const partial = await post(w, '/promotional/reorderpromovideo', { ids: ids.slice(1) });
    expect(partial.statusCode).toBe(409);
    expect(partial.json().message).toBe('The promo videos have changed; reload and try again');
    expect((await list()).map((p) => p.id)).toEqual([...ids].reverse());
  });

  it('activates and deactivates all or none; a video a promo uses cannot leave the library (409)', async () => {
    const p = await add('Status');
    const res = await ok<{ changed: number }>(
      post(w, '/promotional/activedeactivepromo', { ids: [p.id], status: 'inactive' }),
    );
    expect(res.changed).toBe(1);
    expect(await titles('&status=inactive')).toEqual(['Status']);
    const mixed = await post(w, '/promotional/activedeactivepromo', {
      ids: [p.id, 99_999_999],
      status: 'active',
    });
    expect(mixed.statusCode).toBe(404);
    expect(await titles('&status=inactive')).toEqual(['Status']);
    const del = await post(w, '/media/deletevideo', { id: p.videoId });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('1 promo video uses this video (promo "Status")');
    await ok(post(w, '/promotional/deletepromovideo', { id: p.id }));
    await ok(post(w, '/media/deletevideo', { id: p.videoId }));
  });

  it('the learner app reads active promos of active videos in order, by grade, with its key only', async () => {
    const hidden = await add('Hidden');
    await ok(post(w, '/promotional/activedeactivepromo', { ids: [hidden.id], status: 'inactive' }));
    const offVideo = await add('Video off');
    await ok(post(w, '/media/editvideo', { id: offVideo.videoId, status: 'inactive' }));
    const key = await makeAppKey(w.t, w.token);
    const res = await appGet(w, '/app/promo-videos', key);
    expect(res.statusCode).toBe(200);
    const shown = res.json().items as { title: string; gradeIds: number[]; playUrl: string }[];
    const active = (await list('&status=active')).filter((p) => p.title !== 'Video off');
    expect(shown.map((p) => p.title)).toEqual(active.map((p) => p.title));
    const graded = await appGet(w, `/app/promo-videos?gradeId=${gradeIds[1]}`, key);
    // Welcome is for grade 2; Tour 2 only for grade 1; ungraded promos are for everyone.
    expect(graded.json().items.map((p: { title: string }) => p.title)).not.toContain('Tour 2');
    expect(graded.json().items.map((p: { title: string }) => p.title)).toContain('Welcome');
    expect((await appGet(w, '/app/promo-videos')).statusCode).toBe(401);
    expect((await get(w, '/app/promo-videos')).statusCode).toBe(401);
  });
});
