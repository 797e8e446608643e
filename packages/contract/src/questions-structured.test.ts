import { describe, expect, it } from 'vitest';
import { type QuestionInput, questionInputSchema } from './questions.ts';

/** The messages of a question's refusal, with their field paths. */
function problems(q: QuestionInput): string[] {
  const r = questionInputSchema.safeParse(q);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const pairs = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ left: `<p>L${i}</p>`, right: `<p>R${i}</p>` }));

describe('matching questions', () => {
  it('accepts pairs with extra right-hand texts', () => {
    expect(
      problems({
        type: 'matching',
        stem: '<p>Match</p>',
        matching: { pairs: pairs(2), distractors: ['<p>R9</p>'] },
      }),
    ).toEqual([]);
  });

  it('names the pair without a side, too few pairs and repeated right-hand texts', () => {
    expect(problems({ type: 'matching', stem: '<p>Match</p>' })).toEqual([
      'matching: Give the pairs to match',
    ]);
    expect(
      problems({
        type: 'matching',
        stem: '<p>Match</p>',
        matching: { pairs: [{ left: '<p>a</p>', right: '<p></p>' }], distractors: [' '] },
      }),
    ).toEqual([
      'matching.pairs: Give at least 2 pairs',
      'matching.pairs.0.right: Pair 1 has no right-hand side',
      'matching.distractors.0: Extra right-hand text 1 is empty',
    ]);
    expect(
      problems({
        type: 'matching',
        stem: '<p>Match</p>',
        matching: { pairs: [...pairs(2), { left: '', right: 'x' }], distractors: ['<b>r1</b>'] },
      }),
    ).toEqual([
      'matching.pairs.2.left: Pair 3 has no left-hand side',
      "matching: The right-hand texts must differ: extra right-hand text 1 is pair 2's right-hand side",
    ]);
    expect(
      problems({ type: 'matching', stem: '<p>Match</p>', matching: { pairs: pairs(13) } })[0],
    ).toBe('matching.pairs: At most 12 pairs');
  });
});

describe('ordering questions', () => {
  it('needs 2 items, none empty nor repeated', () => {
    const q = (items: string[]): QuestionInput => ({
      type: 'ordering',
      stem: '<p>Order</p>',
      ordering: { items },
    });
    expect(problems(q(['a', 'b', 'c']))).toEqual([]);
    expect(problems(q(['a']))).toEqual(['ordering.items: Give at least 2 items to put in order']);
    expect(problems(q(['a', '<p> </p>', 'A']))).toEqual([
      'ordering.items.1: Item 2 is empty',
      'ordering.items.2: Item 3 is the same as item 1: the right order would be ambiguous',
    ]);
  });
});

describe('cloze questions', () => {
  const stem = '<p>___ is the capital of ___ and ___.</p>';
  it('accepts text and choice gaps, one per ___', () => {
    expect(
      problems({
        type: 'cloze',
        stem,
        cloze: {
          gaps: [
            { kind: 'text', answers: ['Paris'] },
            {
              kind: 'choice',
              choices: [
                { text: 'France', correct: true },
                { text: 'Spain', correct: false },
              ],
            },
            { kind: 'text', answers: ['x', 'y'], caseSensitive: true },
          ],
        },
      }),
    ).toEqual([]);
  });

  it('names the gap without an accepted answer or a correct choice', () => {
    expect(
      problems({
        type: 'cloze',
        stem,
        cloze: {
          gaps: [
            { kind: 'text', answers: [] },
            { kind: 'choice', choices: [{ text: 'France', correct: false }] },
            {
              kind: 'choice',
              choices: [
                { text: 'a', correct: true },
                { text: 'A', correct: true },
              ],
            },
          ],
        },
      }),
    ).toEqual([
      'cloze.gaps.0.answers: Gap 1 has no accepted answer',
      'cloze.gaps.1.choices: Gap 2: give at least 2 choices',
      'cloze.gaps.1.choices: Gap 2: mark the correct choice',
      'cloze.gaps.2.choices: Gap 3: mark exactly one choice as correct',
      'cloze.gaps.2.choices: Gap 3: choice 2 is the same as choice 1',
    ]);
  });

  it('counts the gaps of the text against those described', () => {
    expect(
      problems({ type: 'cloze', stem, cloze: { gaps: [{ kind: 'text', answers: ['a'] }] } }),
    ).toEqual(['cloze.gaps: The text has 3 gaps but 1 is described']);
    expect(problems({ type: 'cloze', stem: '<p>No gap</p>' })).toEqual([
      'stem: Mark each gap in the text with ___ (three underscores)',
    ]);
  });

  it('refuses the parts of a structured type on another type', () => {
    expect(
      problems({
        type: 'subjective',
        stem: '<p>q</p>',
        ordering: { items: ['a', 'b'] },
        cloze: { gaps: [] },
      }),
    ).toEqual([
      'ordering: Only an ordering question has items to put in order',
      'cloze: Only a cloze question has gaps',
    ]);
  });
});
