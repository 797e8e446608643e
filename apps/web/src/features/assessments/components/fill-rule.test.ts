import { describe, expect, it } from 'vitest';
import { type FillValues, fillOutcome, ruleSummary, toRule, validateFill } from './fill-rule.ts';

const values = (patch: Partial<FillValues> = {}): FillValues => ({
  gradeId: null,
  subjectId: null,
  chapterId: null,
  topicId: null,
  type: null,
  tag: '',
  mix: { easy: '', medium: '', hard: '' },
  ...patch,
});

describe('the fill-by-rule form', () => {
  it('asks for at least one question, on the mix', () => {
    expect(validateFill(values())).toEqual({ mix: 'Ask for at least one question' });
    expect(validateFill(values({ mix: { easy: 0, medium: '', hard: 0 } }))).toEqual({
      mix: 'Ask for at least one question',
    });
    expect(validateFill(values({ mix: { easy: 2, medium: '', hard: '' } }))).toEqual({});
  });

  it('checks each count and the tag with the contract’s rules', () => {
    const errors = validateFill(
      values({ mix: { easy: 501, medium: 1, hard: '' }, tag: 'x'.repeat(41) }),
    );
    expect(Object.keys(errors).sort()).toEqual(['mix.easy', 'tag']);
  });

  it('sends empty counts as 0 and an empty tag as none', () => {
    expect(
      toRule(values({ subjectId: 4, tag: '  ', mix: { easy: '', medium: 3, hard: '' } })),
    ).toEqual({
      subjectId: 4,
      chapterId: null,
      topicId: null,
      type: null,
      tag: null,
      mix: { easy: 0, medium: 3, hard: 0 },
    });
  });

  it('says what was added per difficulty and what the bank lacked', () => {
    const mix = { easy: 2, medium: 3, hard: 0 };
    expect(fillOutcome(mix, { easy: 0, medium: 2, hard: 0 })).toEqual({
      added: '3 questions added: 2 easy, 1 medium.',
      shortfalls: ['The bank had only 1 medium question for this rule (3 asked).'],
    });
    expect(fillOutcome({ easy: 1, medium: 0, hard: 0 }, { easy: 0, medium: 0, hard: 0 })).toEqual({
      added: '1 question added: 1 easy.',
      shortfalls: [],
    });
    expect(ruleSummary(mix)).toBe('Rule: 2 easy, 3 medium');
  });
});
