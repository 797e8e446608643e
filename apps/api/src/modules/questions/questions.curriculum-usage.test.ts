import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  choice,
  curriculum,
  type QuestionsWorld,
  questionsWorld,
  uniqueWords,
} from './questions.testing.ts';

/** The curriculum's deletes name the questions that use a level (lib/usage-table.ts). */

let w: QuestionsWorld;
let cur: Awaited<ReturnType<typeof curriculum>>;

beforeAll(async () => {
  w = await questionsWorld();
  cur = await curriculum(w.t);
});
afterAll(() => w?.t.close());

describe('curriculum levels in use by questions', () => {
  it('a chapter or topic a question uses cannot be removed; the refusal names the questions', async () => {
    await w.add(
      choice(uniqueWords(), {
        subjectId: cur.subject.id,
        chapterId: cur.chapter.id,
        topicId: cur.topic.id,
      }),
    );
    const super_ = await w.t.createAdmin({ role: 'super_admin' });
    const token = (await w.t.signIn(super_.email)).accessToken;
    for (const [url, id] of [
      ['/book/removetopic', cur.topic.id],
      ['/book/removechapter', cur.chapter.id],
    ] as const) {
      const res = await w.post(url, { id }, token);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toMatch(/\d+ questions? uses? this/);
    }
  });
});
