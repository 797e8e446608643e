import { describe, expect, it } from 'vitest';
import type { AssessmentItem } from './assessments.ts';
import { attemptOrder } from './attempt-order.ts';
import { addMockTestBody } from './mock-tests-routes.ts';
import { attemptResult } from './scoring.ts';

const band = (fromPercent: number, label: string) => ({
  fromPercent,
  label,
  feedback: `${label}!`,
});
const bands = [band(0, 'Keep going'), band(50, 'Good'), band(80, 'Excellent')];

const issues = (body: object) => {
  const r = addMockTestBody.safeParse({ testCategoryId: 1, name: 'T', ...body });
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('the result options’ rules', () => {
  it('takes a pass mark, ascending bands from 0% and a review mode, with defaults', () => {
    expect(issues({ cutoffPercent: 40, gradeBands: bands, showAnswers: 'never' })).toEqual([]);
    const d = addMockTestBody.parse({ testCategoryId: 1, name: 'T' });
    expect(d).toMatchObject({ cutoffPercent: null, gradeBands: [], showAnswers: 'after_submit' });
  });

  it('refuses each broken rule on its field, in words', () => {
    expect(issues({ cutoffPercent: 120 })).toEqual([['cutoffPercent', 'At most 100%']]);
    expect(issues({ cutoffPercent: 0 })[0]![0]).toBe('cutoffPercent');
    expect(issues({ gradeBands: [band(10, 'A'), band(60, 'B')] })).toEqual([
      ['gradeBands.0.fromPercent', 'The first band starts at 0%, so every score has a band'],
    ]);
    expect(issues({ gradeBands: [band(0, 'Low'), band(60, 'Mid'), band(60, 'High')] })).toEqual([
      ['gradeBands.2.fromPercent', 'Must start above the band before it (“Mid”, from 60%)'],
    ]);
    expect(issues({ gradeBands: [band(0, 'Good'), band(60, 'good ')] })).toEqual([
      ['gradeBands.1.label', 'Each band needs a label of its own'],
    ]);
    const eleven = Array.from({ length: 11 }, (_, i) => band(i * 9, `B${i}`));
    expect(issues({ gradeBands: eleven })).toEqual([['gradeBands', 'At most 10 grade bands']]);
    expect(issues({ gradeBands: [{ ...band(0, 'A'), feedback: 'x'.repeat(1001) }] })).toEqual([
      ['gradeBands.0.feedback', 'At most 1000 characters'],
    ]);
    expect(issues({ showAnswers: 'after_close' })).toEqual([
      [
        'showAnswers',
        'Answers shown after the assessment closes need an end to its window (Available until)',
      ],
    ]);
    expect(issues({ showAnswers: 'after_close', availableTo: '2030-01-01T00:00:00.000Z' })).toEqual(
      [],
    );
  });
});

describe('attemptResult', () => {
  const a = { cutoffPercent: 50, gradeBands: bands };
  it('passes at the pass mark and picks the band the percentage falls in', () => {
    expect(attemptResult(a, { score: 10, max: 20 })).toMatchObject({
      percent: 50,
      passed: true,
      band: { label: 'Good' },
    });
    expect(attemptResult(a, { score: 9.75, max: 20 })).toMatchObject({
      percent: 48.8,
      passed: false,
      band: { label: 'Keep going' },
    });
    expect(attemptResult(a, { score: 20, max: 20 }).band?.label).toBe('Excellent');
  });
  it('puts a negative score in the first band; no pass mark or bands: neither', () => {
    expect(attemptResult(a, { score: -2, max: 20 })).toMatchObject({
      percent: -10,
      passed: false,
      band: { label: 'Keep going' },
    });
    expect(attemptResult({ cutoffPercent: null, gradeBands: [] }, { score: 3, max: 4 })).toEqual({
      percent: 75,
      passed: null,
      band: null,
    });
  });
});

describe('attemptOrder', () => {
  const item = (
    id: number,
    sectionId: number | null,
    kind: 'question' | 'instruction' = 'question',
  ): AssessmentItem => ({
    id,
    kind,
    sectionId,
    position: id,
    questionId: kind === 'question' ? id : null,
    instruction: kind === 'instruction' ? `<p>before ${id + 1}</p>` : null,
    marks: 1,
    negativeMarks: 0,
    active: true,
    atSeconds: null,
    question:
      kind === 'question'
        ? ({
            id,
            type: 'single_choice',
            options: ['A', 'B', 'C', 'D', 'E'].map((o) => ({ id: o, html: o, correct: o === 'A' })),
          } as unknown as AssessmentItem['question'])
        : null,
  });
  const items = [
    item(1, null),
    item(2, 10),
    item(3, 10, 'instruction'),
    item(4, 10),
    ...[5, 6, 7, 8, 9].map((i) => item(i, 10)),
    ...[11, 12, 13, 14].map((i) => item(i, 20)),
  ];
  const test = { kind: 'mock_test' as const, shuffleQuestions: true, shuffleOptions: true, items };
  const ids = (list: AssessmentItem[]) => list.map((i) => i.id);

  it('is the same for one seed, another for another, and keeps every item in its section', () => {
    const one = attemptOrder(test, 'attempt-1');
    expect(ids(attemptOrder(test, 'attempt-1'))).toEqual(ids(one));
    expect(ids(attemptOrder(test, 'attempt-2'))).not.toEqual(ids(one));
    expect([...ids(one)].sort((x, y) => x - y)).toEqual(ids(items));
    expect(one.map((i) => i.sectionId)).toEqual(items.map((i) => i.sectionId));
    // The instruction block still comes just before its question.
    const at = ids(one).indexOf(3);
    expect(one[at + 1]!.id).toBe(4);
    expect(one.map((i) => i.question?.options.map((o) => o.id).join(''))).not.toEqual(
      items.map((i) => i.question?.options.map((o) => o.id).join('')),
    );
  });

  it('leaves the order alone when the options are off, and a video quiz’s questions at their moments', () => {
    expect(attemptOrder({ ...test, shuffleQuestions: false, shuffleOptions: false }, 's')).toBe(
      items,
    );
    const video = attemptOrder({ ...test, kind: 'video_quiz' }, 's');
    expect(ids(video)).toEqual(ids(items));
  });
});
