import { describe, expect, it } from 'vitest';
import type { AssessmentItem } from './assessments.ts';
import { shownOrder } from './attempt-order.ts';
import { scoreAttempt } from './scoring.ts';

type Q = NonNullable<AssessmentItem['question']>;
let next = 0;
const base = {
  stem: '<p>q</p>',
  options: [] as Q['options'],
  blanks: [] as Q['blanks'],
  numeric: null,
  matching: null,
  ordering: null,
  cloze: null,
  modelAnswer: null,
  explanation: null,
  difficulty: 'medium' as const,
  marks: 1,
  negativeMarks: 0,
  status: 'active' as const,
};
const item = (
  question: Partial<Q> & Pick<Q, 'type'>,
  marks = 4,
  negativeMarks = 1,
): AssessmentItem => {
  const id = ++next;
  return {
    id,
    kind: 'question',
    sectionId: null,
    position: id,
    questionId: id,
    instruction: null,
    marks,
    negativeMarks,
    active: true,
    atSeconds: null,
    question: { ...base, id, ...question },
  };
};
const opts = (...correct: boolean[]) =>
  correct.map((c, i) => ({ id: 'ABCDEF'[i]!, html: `o${i}`, correct: c })) as Q['options'];

const single = item({ type: 'single_choice', options: opts(false, true, false) });
const multi = item({ type: 'multiple_choice', options: opts(true, true, true, false) });
const blank = item({
  type: 'fill_blank',
  blanks: [
    { answers: ['Paris'], caseSensitive: false },
    { answers: ['Rome', 'Roma'], caseSensitive: true },
  ],
});
const numeric = item({ type: 'numeric', numeric: { value: 9.8, tolerance: 0.1, unit: 'm/s²' } });
const essay = item({ type: 'subjective' });
const off = { ...item({ type: 'single_choice', options: opts(true, false) }), active: false };
const items = [single, multi, blank, numeric, essay, off];

describe('scoreAttempt', () => {
  it('gives marks for right answers, takes negative marks for wrong ones, unanswered counts its marks', () => {
    const s = scoreAttempt(
      { partialCredit: 'all_or_nothing', unansweredMarks: 0, items },
      {
        [single.id]: { optionIds: ['B'] },
        [multi.id]: { optionIds: ['A', 'B'] },
        [blank.id]: { blanks: ['  paris ', 'Roma'] },
        [numeric.id]: { value: 9.75 },
        [essay.id]: { text: 'Because…' },
        [off.id]: { optionIds: ['B'] },
      },
    );
    expect(s.items.map((i) => [i.outcome, i.marks])).toEqual([
      ['correct', 4],
      ['wrong', -1],
      ['correct', 4],
      ['correct', 4],
      ['to_mark', 0],
    ]);
    expect(s).toMatchObject({ score: 11, max: 20, correct: 3, wrong: 1, toMark: 1, unanswered: 0 });
  });

  it('gives a share per correct option chosen under per-option credit, nothing with a wrong one', () => {
    const marking = { partialCredit: 'per_option' as const, unansweredMarks: 0, items: [multi] };
    expect(scoreAttempt(marking, { [multi.id]: { optionIds: ['A', 'B'] } }).items[0]).toMatchObject(
      {
        outcome: 'partial',
        marks: 2.75, // 4 × 2/3 = 2.67, to the quarter mark
      },
    );
    expect(scoreAttempt(marking, { [multi.id]: { optionIds: ['A', 'D'] } }).items[0]).toMatchObject(
      {
        outcome: 'wrong',
        marks: -1,
      },
    );
    expect(scoreAttempt(marking, { [multi.id]: { optionIds: ['C', 'B', 'A'] } }).score).toBe(4);
  });

  it('is case sensitive only where a blank says so, and scores unanswered with the assessment’s marks', () => {
    const s = scoreAttempt(
      { partialCredit: 'all_or_nothing', unansweredMarks: -0.5, items: [blank, numeric, single] },
      { [blank.id]: { blanks: ['Paris', 'roma'] }, [numeric.id]: { value: 10 } },
    );
    expect(s.items.map((i) => [i.outcome, i.marks])).toEqual([
      ['wrong', -1],
      ['wrong', -1],
      ['unanswered', -0.5],
    ]);
    expect(s.score).toBe(-2.5);
  });

  const matching = item({
    type: 'matching',
    matching: {
      pairs: [
        { left: 'H', right: 'Hydrogen' },
        { left: 'O', right: 'Oxygen' },
        { left: 'N', right: 'Nitrogen' },
        { left: 'C', right: 'Carbon' },
      ],
      distractors: ['Helium'],
    },
  });
  const ordering = item({ type: 'ordering', ordering: { items: ['1', '2', '3', '4'] } });
  const cloze = item({
    type: 'cloze',
    stem: '<p>___ is the capital of ___ (a ___ country).</p>',
    cloze: {
      gaps: [
        { kind: 'text', answers: ['Paris'], caseSensitive: false },
        {
          kind: 'choice',
          choices: [
            { text: 'France', correct: true },
            { text: 'Spain', correct: false },
          ],
        },
        { kind: 'text', answers: ['European'], caseSensitive: true },
      ],
    },
  });
  const structured = [matching, ordering, cloze];
  const per = { partialCredit: 'per_option' as const, unansweredMarks: 0, items: structured };
  const whole = { ...per, partialCredit: 'all_or_nothing' as const };

  it('gives matching, ordering and cloze a share per pair, position or gap under per-option credit', () => {
    const s = scoreAttempt(per, {
      [matching.id]: { matches: [0, 1, 4, null] }, // 2 of 4 pairs, one on the distractor
      [ordering.id]: { order: [0, 1, 3, 2] }, // 2 of 4 in place
      [cloze.id]: { blanks: [' paris', 'France', 'european'] }, // the third is case sensitive
    });
    expect(s.items.map((i) => [i.outcome, i.marks])).toEqual([
      ['partial', 2],
      ['partial', 2],
      ['partial', 2.75], // 4 × 2/3, to the quarter mark
    ]);
  });

  it('takes negative marks when nothing is right, and gives all or nothing without per-option credit', () => {
    const wrong = {
      [matching.id]: { matches: [1, 0, 4, 4] },
      [ordering.id]: { order: [3, 2, 1, 0] },
      [cloze.id]: { blanks: ['Rome', 'Spain', ''] },
    };
    expect(scoreAttempt(per, wrong).items.map((i) => [i.outcome, i.marks])).toEqual([
      ['wrong', -1],
      ['wrong', -1],
      ['wrong', -1],
    ]);
    const almost = {
      [matching.id]: { matches: [0, 1, 2, 4] },
      [ordering.id]: { order: [0, 1, 2] },
      [cloze.id]: { blanks: ['Paris', 'france', 'European'] }, // a choice is the choice's own text
    };
    expect(scoreAttempt(whole, almost).items.map((i) => i.outcome)).toEqual([
      'wrong',
      'wrong',
      'wrong',
    ]);
    const right = {
      [matching.id]: { matches: [0, 1, 2, 3] },
      [ordering.id]: { order: [0, 1, 2, 3] },
      [cloze.id]: { blanks: ['PARIS', 'France', 'European'] },
    };
    expect(scoreAttempt(whole, right)).toMatchObject({ score: 12, correct: 3 });
  });

  it('counts a structured question unanswered when nothing is given', () => {
    const s = scoreAttempt(
      { ...whole, unansweredMarks: -0.25 },
      { [matching.id]: { matches: [null, null] }, [ordering.id]: { order: [] } },
    );
    expect(s.items.map((i) => i.outcome)).toEqual(['unanswered', 'unanswered', 'unanswered']);
    expect(s.score).toBe(-0.75);
  });
});

describe('shownOrder', () => {
  it('always shuffles matching right-hand texts and never shows an ordering question in order', () => {
    const matchingQ = {
      type: 'matching' as const,
      matching: {
        pairs: [
          { left: 'a', right: '1' },
          { left: 'b', right: '2' },
        ],
        distractors: ['3'],
      },
      ordering: null,
    };
    const shown = shownOrder(matchingQ, 'attempt-1');
    expect([...shown!].sort()).toEqual([0, 1, 2]);
    expect(shownOrder(matchingQ, 'attempt-1')).toEqual(shown); // the same seed, the same order
    for (let i = 0; i < 50; i++) {
      const order = shownOrder(
        { type: 'ordering', matching: null, ordering: { items: ['x', 'y'] } },
        `seed-${i}`,
      );
      expect(order).toEqual([1, 0]);
    }
    expect(shownOrder({ type: 'single_choice', matching: null, ordering: null }, 's')).toBeNull();
  });
});
