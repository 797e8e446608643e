import { assessmentSchema, MODULE_KEYS } from '@bo/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { gradeId } from '../../test/write-samples/curriculum.ts';
import { mk, unique, type World } from '../../test/write-samples/kit.ts';
import { video } from '../../test/write-samples/media.ts';
import { node } from '../../test/write-samples/toc.ts';
import { engineWorld } from './engine.testing.ts';

/**
 * The result options (pass mark, grade bands, when answers show) on the one
 * engine, through a mock test's spec paths: created, edited key by key,
 * refused in words on their field, audited and copied by a clone; then on
 * each other kind's own create, edit and read paths.
 */

let e: Awaited<ReturnType<typeof engineWorld>>;
let categoryId: number;

beforeAll(async () => {
  e = await engineWorld(MODULE_KEYS);
  categoryId = (await e.post('/master/addtestcategory', { name: 'Options' })).id;
});
afterAll(() => e?.w.t.close());

const bands = [
  { fromPercent: 0, label: 'Keep going', feedback: 'Read chapter 3 again.' },
  { fromPercent: 60, label: 'Good', feedback: 'Well done.' },
  { fromPercent: 85, label: 'Excellent', feedback: 'Outstanding work!' },
];
const addMock = (extra: object = {}) =>
  e.w.post('/practice/addmocktest', { testCategoryId: categoryId, name: 'Graded test', ...extra });
const read = async (id: number) =>
  assessmentSchema.parse(await e.get(`/practice/getmocktestbyid?id=${id}`));
const refusal = (res: Awaited<ReturnType<typeof addMock>>) => {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { message: string; code: string; details: { path: string }[] };
  expect(body.code).toBeTruthy();
  expect(body.message).toBeTruthy();
  return body.details.map((d) => d.path);
};

describe('an assessment’s result options', () => {
  it('are saved at creation and read back; without them, no pass mark, no band, answers after submitting', async () => {
    const plain = assessmentSchema.parse((await addMock()).json());
    expect(plain).toMatchObject({
      cutoffPercent: null,
      gradeBands: [],
      showAnswers: 'after_submit',
    });
    const res = await addMock({ cutoffPercent: 60, gradeBands: bands, showAnswers: 'after_each' });
    const made = assessmentSchema.parse(res.json());
    expect(await read(made.id)).toMatchObject({
      cutoffPercent: 60,
      gradeBands: bands,
      showAnswers: 'after_each',
    });
    const detail = await e.detail(`/practice/getmocktestdata?id=${made.id}`);
    expect(detail).toMatchObject({ cutoffPercent: 60, gradeBands: bands });
  });

  it('refuses broken options with 400 {message, code} naming the field, and saves nothing', async () => {
    expect(refusal(await addMock({ cutoffPercent: 101 }))).toEqual(['body.cutoffPercent']);
    expect(
      refusal(
        await addMock({
          gradeBands: [bands[0], { ...bands[1], fromPercent: 0 }],
        }),
      ),
    ).toEqual(['body.gradeBands.1.fromPercent']);
    expect(refusal(await addMock({ gradeBands: [bands[1]] }))).toEqual([
      'body.gradeBands.0.fromPercent',
    ]);
    const tooMany = Array.from({ length: 11 }, (_, i) => ({
      fromPercent: i * 9,
      label: `Band ${i}`,
      feedback: '',
    }));
    expect(refusal(await addMock({ gradeBands: tooMany }))).toEqual(['body.gradeBands']);
    expect(
      refusal(await addMock({ gradeBands: [{ ...bands[0], feedback: 'x'.repeat(1001) }] })),
    ).toEqual(['body.gradeBands.0.feedback']);
    expect(refusal(await addMock({ showAnswers: 'after_close' }))).toEqual(['body.showAnswers']);
    expect(refusal(await addMock({ showAnswers: 'sometimes' }))).toEqual(['body.showAnswers']);
  });

  it('are edited one key at a time, checked against what is stored, and audited', async () => {
    const { id } = assessmentSchema.parse((await addMock({ gradeBands: bands })).json());
    await e.post('/practice/editmocktest', { id, cutoffPercent: 50 });
    expect(await read(id)).toMatchObject({ cutoffPercent: 50, gradeBands: bands });
    // After the close needs a window end: the stored test has none.
    const res = await e.w.post('/practice/editmocktest', { id, showAnswers: 'after_close' });
    expect(refusal(res)).toEqual(['body.showAnswers']);
    expect(res.json().message).toMatch(/Available until/);
    await e.post('/practice/editmocktest', {
      id,
      showAnswers: 'after_close',
      availableTo: '2031-06-30T12:00:00.000Z',
    });
    // Clearing the end while answers wait for it is refused too.
    expect(refusal(await e.w.post('/practice/editmocktest', { id, availableTo: null }))).toEqual([
      'body.showAnswers',
    ]);
    await e.post('/practice/editmocktest', { id, cutoffPercent: null, gradeBands: [] });
    expect(await read(id)).toMatchObject({
      cutoffPercent: null,
      gradeBands: [],
      showAnswers: 'after_close',
    });
    const [row] = await e.w.t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row!.after).toMatchObject({ cutoffPercent: null, gradeBands: [] });
  });

  it('are copied by a clone', async () => {
    const { id } = assessmentSchema.parse(
      (
        await addMock({
          cutoffPercent: 40,
          gradeBands: bands,
          showAnswers: 'never',
          shuffleQuestions: true,
          shuffleOptions: true,
        })
      ).json(),
    );
    const copy = await e.post('/practice/clonemocktest', { id });
    expect(await read(copy.id)).toMatchObject({
      cutoffPercent: 40,
      gradeBands: bands,
      showAnswers: 'never',
      shuffleQuestions: true,
      shuffleOptions: true,
      clonedFromId: id,
    });
  });
});

describe('every kind', () => {
  const options = { cutoffPercent: 40, gradeBands: bands, showAnswers: 'never' };
  const kinds: [string, (w: World) => Promise<object>, string, string][] = [
    [
      'practice',
      async (w) => ({ tocNodeId: (await node(w)).id }),
      '/toc/quiz/createpractice',
      '/toc/quiz/updatepracticedetails',
    ],
    [
      'diagnostic test',
      async (w) => {
        const grade = await gradeId(w);
        const subject = await mk(w, '/book/addsubject', { gradeId: grade, name: unique('S') });
        return { gradeId: grade, subjectId: subject.id };
      },
      '/promotional/adddiagnsotictest',
      '/promotional/editdiagnostictest',
    ],
    [
      'video quiz',
      async (w) => ({ videoId: (await video(w)).id }),
      '/promotional/addpracticeforvideo',
      '/promotional/editvideoquiz',
    ],
  ];

  it.each(kinds)(
    'a %s takes them on its own create and edit paths',
    async (_, owner, add, edit) => {
      const w = { t: e.w.t, token: e.w.token };
      const made = assessmentSchema.parse(
        await e.post(add, { name: unique('Graded'), ...(await owner(w)), ...options }),
      );
      expect(made).toMatchObject(options);
      const edited = assessmentSchema.parse(
        await e.post(edit, { id: made.id, cutoffPercent: 75, showAnswers: 'after_each' }),
      );
      expect(edited).toMatchObject({
        cutoffPercent: 75,
        showAnswers: 'after_each',
        gradeBands: bands,
      });
      const bad = await e.w.post(edit, { id: made.id, gradeBands: [bands[2]] });
      expect(refusal(bad)).toEqual(['body.gradeBands.0.fromPercent']);
    },
  );
});
