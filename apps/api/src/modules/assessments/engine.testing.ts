import { assessmentDetailSchema, type ModuleKey } from '@bo/contract';
import { expect } from 'vitest';
import {
  choice,
  type QuestionsWorld,
  questionsWorld,
  uniqueWords,
} from '../questions/questions.testing.ts';

/** What the engine's kind tests share: an app and admin of `modules`, calls that expect 200. */
export async function engineWorld(modules: ModuleKey[]) {
  const w = await questionsWorld({}, ['questions', ...modules]);
  async function ok<T = Record<string, unknown>>(res: Awaited<ReturnType<QuestionsWorld['post']>>) {
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  }
  return {
    w,
    ok,
    post: async <T = { id: number }>(url: string, body: object) => ok<T>(await w.post(url, body)),
    get: async <T = Record<string, unknown>>(url: string) => ok<T>(await w.get(url)),
    detail: async (url: string) => assessmentDetailSchema.parse(await ok(await w.get(url))),
    /** `n` new active bank questions' ids. */
    questionIds: async (n: number) =>
      (
        await w.add(...Array.from({ length: n }, () => choice(uniqueWords(), { status: 'active' })))
      ).items.map((q) => q.id),
    /** The messages of a 409's details. */
    problems: (res: Awaited<ReturnType<QuestionsWorld['post']>>) => {
      expect(res.statusCode, res.body).toBe(409);
      return (res.json().details as { message: string }[]).map((d) => d.message);
    },
  };
}
