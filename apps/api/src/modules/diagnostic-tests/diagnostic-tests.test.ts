import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grades } from '../../db/schema/index.ts';
import { engineWorld } from '../assessments/engine.testing.ts';

/**
 * Diagnostic tests on the engine: a subject's chapters as the test's TOC,
 * one section per chapter (a chapter of another subject refused), section
 * totals, and the subject and chapter naming the test when it uses them.
 */

let e: Awaited<ReturnType<typeof engineWorld>>;
let grade: number;
let subject: number;
let chapters: number[];

beforeAll(async () => {
  e = await engineWorld(['diagnostic_tests', 'curriculum']);
  grade = (await e.w.t.app.deps.db.select().from(grades).limit(1))[0]!.id;
  subject = (await e.post('/book/addsubject', { gradeId: grade, name: 'Science 7' })).id;
  chapters = [];
  for (const name of ['Light', 'Sound', 'Heat'])
    chapters.push((await e.post('/book/addchapter', { subjectId: subject, name })).id);
});
afterAll(() => e?.w.t.close());

describe('a diagnostic test', () => {
  it('has a section per chapter of its subject, with totals, and activates when each has a question', async () => {
    const test = await e.post('/promotional/adddiagnsotictest', {
      gradeId: grade,
      subjectId: subject,
      name: 'Science check',
    });
    const toc = await e.get<{ items: { name: string; sectionId: number | null }[] }>(
      `/promotional/getdiagnostictoc?id=${test.id}`,
    );
    expect(toc.items.map((c) => [c.name, c.sectionId])).toEqual([
      ['Light', null],
      ['Sound', null],
      ['Heat', null],
    ]);

    const light = await e.post('/promotional/adddiagnosticpraticemap', {
      id: test.id,
      chapterId: chapters[0],
      name: 'Light',
    });
    const again = await e.w.post('/promotional/adddiagnosticpraticemap', {
      id: test.id,
      chapterId: chapters[0],
      name: 'Light again',
    });
    expect(again.statusCode).toBe(409);
    const otherSubject = (await e.post('/book/addsubject', { gradeId: grade, name: 'Maths 7' })).id;
    const foreign = (await e.post('/book/addchapter', { subjectId: otherSubject, name: 'Sets' }))
      .id;
    const wrong = await e.w.post('/promotional/adddiagnosticpraticemap', {
      id: test.id,
      chapterId: foreign,
      name: 'Sets',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].path).toBe('body.chapterId');

    const sound = await e.post('/promotional/adddiagnosticpraticemap', {
      id: test.id,
      chapterId: chapters[1],
      name: 'Sound',
    });
    const [q1, q2, q3] = await e.questionIds(3);
    await e.post('/promotional/diagnosticqustmapping', {
      id: test.id,
      questionIds: [q1, q2],
      sectionId: light.id,
    });
    const empty = await e.w.post('/promotional/changediagnosticteststatus', {
      id: test.id,
      status: 'active',
    });
    expect(e.problems(empty)).toEqual(['Section "Sound" has no active question']);

    await e.post('/promotional/diagnosticqustmapping', {
      id: test.id,
      questionIds: [q3],
      sectionId: sound.id,
    });
    await e.post('/promotional/editdiagnosticpractice', {
      id: test.id,
      sectionId: sound.id,
      timeLimitMinutes: 5,
    });
    const sections = await e.get<{
      items: { name: string; questions: number; timeLimitMinutes: number | null }[];
    }>(`/promotional/getdiagnosticpractice?id=${test.id}`);
    expect(sections.items.map((s) => [s.name, s.questions, s.timeLimitMinutes])).toEqual([
      ['Light', 2, null],
      ['Sound', 1, 5],
    ]);
    const active = await e.post<{ status: string; totals: object }>(
      '/promotional/changediagnosticteststatus',
      { id: test.id, status: 'active' },
    );
    expect(active).toMatchObject({
      status: 'active',
      totals: { questions: 3, marks: 3, minutes: 5 },
    });
    const toc2 = await e.get<{ items: { sectionId: number | null }[] }>(
      `/promotional/getdiagnostictoc?id=${test.id}`,
    );
    expect(toc2.items.map((c) => c.sectionId)).toEqual([light.id, sound.id, null]);
  });
});
