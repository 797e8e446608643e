import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectZip } from '../../lib/import/xlsx/zip.ts';
import { uniqueWords } from '../questions/questions.testing.ts';
import { engineWorld } from './engine.testing.ts';

/**
 * An assessment exported as QTI (its sections as qti-assessment-sections,
 * in order, each item referenced and listed in the manifest) and as QuML
 * (a child question set per section); a mock test stands for the four kinds,
 * which share the engine's export. Its per-option partial credit reaches a
 * QTI item scored part by part. A question the format does not carry is
 * refused, naming it, or left out when asked (a section it leaves empty
 * goes too).
 */

let e: Awaited<ReturnType<typeof engineWorld>>;
beforeAll(async () => {
  e = await engineWorld(['mock_tests']);
}, 120_000);
afterAll(() => e?.w.t.close());

const LIMITS = { maxUncompressedBytes: 50e6, maxEntries: 1000, maxRatio: 1000 };

describe('assessment export', () => {
  it('writes the sections in order as QTI and as QuML', async () => {
    const { id: categoryId } = await e.post('/master/addtestcategory', { name: 'Boards' });
    const m = await e.post('/practice/addmocktest', {
      testCategoryId: categoryId,
      name: 'Term 1',
      sections: [{ name: 'Physics' }, { name: 'Chemistry', instructions: 'Answer all.' }],
    });
    const d = await e.detail(`/practice/getmocktestdata?id=${m.id}`);
    const [physics, chemistry] = d.sections.map((s) => s.id);
    const [q1, q2, q3] = await e.questionIds(3);
    await e.post('/practice/mocktestquestionmapping', {
      id: m.id,
      questionIds: [q2],
      sectionId: chemistry,
    });
    await e.post('/practice/mocktestquestionmapping', {
      id: m.id,
      questionIds: [q1, q3],
      sectionId: physics,
    });

    const qti = await e.w.get(`/practice/exportmocktest?id=${m.id}&format=qti`);
    expect(qti.statusCode, qti.body).toBe(200);
    const entries = await inspectZip(qti.rawPayload, LIMITS, () => true);
    const test = entries.find((f) => f.name === 'assessment-test.xml')!.data!.toString();
    const sections = [
      ...test.matchAll(
        /<qti-assessment-section identifier="[^"]+" title="([^"]+)"[^>]*>(.*?)<\/qti-assessment-section>/g,
      ),
    ].map((s) => [
      s[1],
      [...s[2]!.matchAll(/href="items\/Q(\d+)\.xml"/g)].map((r) => Number(r[1])),
    ]);
    expect(sections).toEqual([
      ['Physics', [q1, q3]],
      ['Chemistry', [q2]],
    ]);
    expect(test).toContain('Answer all.');
    const manifest = entries.find((f) => f.name === 'imsmanifest.xml')!.data!.toString();
    for (const f of entries.filter((f) => f.name !== 'imsmanifest.xml'))
      expect(manifest).toContain(`<file href="${f.name}"/>`);

    const quml = await e.w.get(`/practice/exportmocktest?id=${m.id}&format=quml`);
    expect(quml.statusCode, quml.body).toBe(200);
    const set = quml.json();
    expect(
      set.children.map((s: { name: string; children: unknown[] }) => [s.name, s.children.length]),
    ).toEqual([
      ['Physics', 2],
      ['Chemistry', 1],
    ]);
    expect(set.maxScore).toBe(3);

    const missing = await e.w.get('/practice/exportmocktest?id=987654&format=qti');
    expect(missing.statusCode).toBe(404);
  });

  it('writes part marks into a matching item when the assessment gives per-option credit', async () => {
    const { id: categoryId } = await e.post('/master/addtestcategory', { name: 'Part marks' });
    const [matching] = (
      await e.w.add({
        type: 'matching',
        stem: '<p>Match the symbols</p>',
        matching: {
          pairs: [
            { left: 'Hydrogen', right: 'H' },
            { left: 'Oxygen', right: 'O' },
            { left: 'Carbon', right: 'C' },
          ],
          distractors: ['He'],
        },
        marks: 2,
        negativeMarks: 0.5,
        status: 'active',
      })
    ).items;
    const itemOf = async (partialCredit: string) => {
      const m = await e.post('/practice/addmocktest', {
        testCategoryId: categoryId,
        name: `Credit ${partialCredit}`,
        partialCredit,
      });
      await e.post('/practice/mocktestquestionmapping', { id: m.id, questionIds: [matching!.id] });
      const qti = await e.w.get(`/practice/exportmocktest?id=${m.id}&format=qti`);
      expect(qti.statusCode, qti.body).toBe(200);
      const entries = await inspectZip(qti.rawPayload, LIMITS, () => true);
      return entries.find((f) => f.name === `items/Q${matching!.id}.xml`)!.data!.toString();
    };
    // 2 of 3 pairs right: 2 × 2/3 to the quarter, 1.25; 1 of 3: 0.75; none: −0.5.
    const scores = (xml: string) =>
      [...xml.matchAll(/identifier="SCORE"><qti-base-value base-type="float">([-\d.]+)</g)].map(
        (m) => Number(m[1]),
      );
    expect(scores(await itemOf('per_option'))).toEqual([0, 2, 1.25, 0.75, -0.5]);
    expect(scores(await itemOf('all_or_nothing'))).toEqual([0, 2, -0.5]);
  });

  it('refuses a question the format does not carry, and leaves it out when asked', async () => {
    const { id: categoryId } = await e.post('/master/addtestcategory', { name: 'Terms' });
    const m = await e.post('/practice/addmocktest', {
      testCategoryId: categoryId,
      name: 'Term 2',
      sections: [{ name: 'Geography' }, { name: 'Gaps' }],
    });
    const d = await e.detail(`/practice/getmocktestdata?id=${m.id}`);
    const [geography, gaps] = d.sections.map((s) => s.id);
    const [choiceId] = await e.questionIds(1);
    const stem = `${uniqueWords()}: the capital of France is ___.`;
    const [cloze] = (
      await e.w.add({
        type: 'cloze',
        stem,
        status: 'active',
        cloze: {
          gaps: [
            {
              kind: 'choice',
              choices: [
                { text: 'Lyon', correct: false },
                { text: 'Paris', correct: true },
              ],
            },
          ],
        },
      })
    ).items;
    await e.post('/practice/mocktestquestionmapping', {
      id: m.id,
      questionIds: [choiceId],
      sectionId: geography,
    });
    await e.post('/practice/mocktestquestionmapping', {
      id: m.id,
      questionIds: [cloze!.id],
      sectionId: gaps,
    });

    const refused = await e.w.get(`/practice/exportmocktest?id=${m.id}&format=quml`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'questions_not_carried',
      details: [
        {
          path: `question ${cloze!.id}`,
          message: expect.stringContaining(`Cloze question ${cloze!.id}: “`),
        },
      ],
    });
    const file = await e.w.get(
      `/practice/exportmocktest?id=${m.id}&format=quml&leaveOut=uncarried`,
    );
    expect(file.statusCode, file.body).toBe(200);
    const set = file.json();
    expect(set.children.map((s: { name: string }) => s.name)).toEqual(['Geography']);
    expect(set.description).toContain(`Cloze question ${cloze!.id}`);
  });
});
