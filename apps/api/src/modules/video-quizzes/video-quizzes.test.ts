import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaItems } from '../../db/schema/index.ts';
import { engineWorld } from '../assessments/engine.testing.ts';

/**
 * Video quizzes on the engine: questions at moments (ordered by them), the
 * checklist's moment rules, deletion of a quiz (not while active) and of
 * its video (refused, naming the quiz).
 */

let e: Awaited<ReturnType<typeof engineWorld>>;
let videoId: number;

beforeAll(async () => {
  e = await engineWorld(['promotional', 'media']);
  videoId = (
    await e.post('/media/addvideo', {
      source: 'url',
      url: 'https://cdn.example.test/v.mp4',
      title: 'Light',
    })
  ).id;
  await e.w.t.app.deps.db
    .update(mediaItems)
    .set({ durationSeconds: 90 })
    .where(eq(mediaItems.id, videoId));
});
afterAll(() => e?.w.t.close());

const toc = (id: number) => e.detail(`/promotional/getvideoquestiontoc?id=${id}`);

describe('a video quiz', () => {
  it('places questions at moments, runs in their order, and checks them before going live', async () => {
    const quiz = await e.post('/promotional/addpracticeforvideo', { videoId, name: 'Light quiz' });
    const [q1, q2, q3] = await e.questionIds(3);
    await e.post('/promotional/addonevideoquestion', {
      id: quiz.id,
      questionId: q1,
      atSeconds: 40.5,
    });
    await e.post('/promotional/addonevideoquestion', {
      id: quiz.id,
      questionId: q2,
      atSeconds: 12.3,
    });
    await e.post('/promotional/videoquestionmapping', { id: quiz.id, questionIds: [q3] });
    let d = await toc(quiz.id);
    expect(d.items.map((i) => [i.questionId, i.atSeconds])).toEqual([
      [q2, 12.3],
      [q1, 40.5],
      [q3, null],
    ]);
    const [i2, i1, i3] = d.items.map((i) => i.id) as [number, number, number];

    await e.post('/promotional/changevideoquestionpriority', {
      id: quiz.id,
      itemId: i3,
      atSeconds: 95,
    });
    await e.post('/promotional/changevideoquestionpriority', {
      id: quiz.id,
      itemId: i1,
      atSeconds: 12.3,
    });
    const refused = await e.w.post('/promotional/activedeactive', {
      id: quiz.id,
      status: 'active',
    });
    expect(e.problems(refused)).toEqual([
      'Item 2: Item 1 is at the same moment',
      'Item 3: its moment is after the end of the video (90 s)',
    ]);
    const tenth = await e.w.post('/promotional/changevideoquestionpriority', {
      id: quiz.id,
      itemId: i3,
      atSeconds: 1.25,
    });
    expect(tenth.statusCode).toBe(400);

    await e.post('/promotional/changevideoquestionpriority', {
      id: quiz.id,
      itemId: i1,
      atSeconds: 30,
    });
    await e.post('/promotional/changevideoquestionpriority', {
      id: quiz.id,
      itemId: i3,
      atSeconds: 60,
    });
    await e.post('/promotional/activedeactive', { id: quiz.id, status: 'active' });
    d = await toc(quiz.id);
    expect(d.items.map((i) => [i.id, i.atSeconds])).toEqual([
      [i2, 12.3],
      [i1, 30],
      [i3, 60],
    ]);

    // Its video cannot go while the quiz uses it; the quiz goes only once inactive.
    const video = await e.w.post('/media/deletevideo', { id: videoId });
    expect(video.statusCode).toBe(409);
    expect(video.json().message).toMatch(/video quiz "Light quiz"/i);
    const live = await e.w.post('/promotional/deleteonevideo', { id: quiz.id });
    expect(live.statusCode).toBe(409);
    await e.post('/promotional/activedeactive', { id: quiz.id, status: 'inactive' });
    await e.post('/promotional/deleteonevideo', { id: quiz.id });
    expect((await e.w.get(`/promotional/getvideoquestiontoc?id=${quiz.id}`)).statusCode).toBe(404);
    const list = await e.get<{ items: unknown[] }>(
      `/promotional/listofonevideo?videoId=${videoId}`,
    );
    expect(list.items).toEqual([]);
  });

  it('refuses a media item that is not a video', async () => {
    const audio = await e.post('/media/addaudiofile', {
      source: 'url',
      url: 'https://cdn.example.test/a.mp3',
      title: 'A',
    });
    const res = await e.w.post('/promotional/addpracticeforvideo', {
      videoId: audio.id,
      name: 'X',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('body.videoId');
  });
});
