import { questionInputSchema } from '@bo/contract/questions';
import { describe, expect, it } from 'vitest';
import {
  blanksFor,
  duplicateCheckBody,
  emptyValues,
  fromQuestion,
  toBody,
  validateEditor,
  withType,
} from './editor-values.ts';

const filled = () => ({
  ...emptyValues(),
  stem: '<p>What is \\(2+2\\)?</p>',
  options: [
    { html: '<p>3</p>', correct: false },
    { html: '<p>4</p>', correct: true },
  ],
});

describe('editor values', () => {
  it('a valid single choice has no errors and its body passes the contract', () => {
    const v = filled();
    expect(validateEditor(v)).toEqual({});
    expect(questionInputSchema.safeParse(toBody(v)).success).toBe(true);
  });

  it('flags every problem at once, on the form fields, in the contract words', () => {
    const v = { ...emptyValues(), marks: '' as const, negativeMarks: 2 };
    const errors = validateEditor(v);
    expect(errors.stem).toBe('Required');
    expect(errors.marks).toBe('Required');
    expect(errors['options.0.html']).toBe('Option A is empty');
    expect(errors.options).toBe('Mark the correct option');
  });

  it('says the cross-field rule even while another field is invalid', () => {
    const v = { ...filled(), marks: 1, negativeMarks: 2 };
    expect(validateEditor(v).negativeMarks).toBe('Negative marks cannot be more than the marks');
  });

  it('true/false sends the fixed options and flags a missing key on its radios', () => {
    const v = withType(filled(), 'true_false');
    expect(validateEditor(v).trueFalse).toBe('Mark either True or False as correct');
    const body = toBody({ ...v, trueFalse: 'B' });
    expect(body.options).toEqual([
      { id: 'A', html: 'True', correct: false },
      { id: 'B', html: 'False', correct: true },
    ]);
    expect(validateEditor({ ...v, trueFalse: 'B' })).toEqual({});
  });

  it('changing type keeps what applies and loses nothing on the way back', () => {
    const multi = withType(
      {
        ...filled(),
        options: [
          { html: '<p>a</p>', correct: true },
          { html: '<p>b</p>', correct: true },
        ],
      },
      'multiple_choice',
    );
    const single = withType(multi, 'single_choice');
    expect(single.options.map((o) => o.correct)).toEqual([true, false]);
    const numeric = withType({ ...single, numericValue: 3 }, 'numeric');
    expect(toBody(numeric).options).toEqual([]);
    expect(toBody(numeric).numeric).toEqual({ value: 3, tolerance: 0, unit: null });
    expect(withType(numeric, 'single_choice').options.map((o) => o.html)).toEqual([
      '<p>a</p>',
      '<p>b</p>',
    ]);
  });

  it('keeps one accepted-answers entry per blank of the stem', () => {
    const stem = '<p>___ is the capital of ___.</p>';
    const blanks = blanksFor(stem, []);
    expect(blanks).toHaveLength(2);
    const v = { ...withType(emptyValues(), 'fill_blank'), stem, blanks };
    expect(validateEditor(v)['blanks.0.answers']).toBe('Required');
    v.blanks = [
      { answers: ['Delhi'], caseSensitive: false },
      { answers: ['India'], caseSensitive: true },
    ];
    expect(validateEditor(v)).toEqual({});
    // A blank removed from the stem is not sent; its answers wait in the form.
    const shorter = { ...v, stem: '<p>___ is a city.</p>' };
    expect(toBody(shorter).blanks).toHaveLength(1);
    expect(blanksFor(shorter.stem, shorter.blanks)).toHaveLength(2);
  });

  it('numeric: an empty answer is required; the unit is optional', () => {
    const v = withType({ ...filled() }, 'numeric');
    expect(validateEditor(v).numericValue).toBe('Required');
    expect(validateEditor({ ...v, numericValue: 9.8, numericUnit: 'm/s²' })).toEqual({});
  });

  it('subjective needs a model answer, except as a draft', () => {
    const draft = withType(filled(), 'subjective');
    expect(draft.status).toBe('draft');
    expect(validateEditor(draft)).toEqual({});
    const v = { ...draft, status: 'active' as const };
    expect(validateEditor(v).modelAnswer).toBe('Write the model answer');
    expect(validateEditor({ ...v, modelAnswer: '<p>Because.</p>' })).toEqual({});
  });

  it('round-trips a saved question', () => {
    const body = toBody({ ...filled(), tags: ['algebra'], gradeId: 3 });
    const parsed = questionInputSchema.parse(body);
    expect(toBody(fromQuestion(parsed))).toEqual(body);
  });

  it('asks for duplicates only once there is a stem the schema takes', () => {
    expect(duplicateCheckBody(emptyValues())).toBe(null);
    expect(duplicateCheckBody({ ...emptyValues(), stem: '<p></p>' })).toBe(null);
    expect(duplicateCheckBody(filled())?.stem).toBe('<p>What is \\(2+2\\)?</p>');
  });
});

describe('editor values: matching, ordering, cloze', () => {
  const stem = '<p>Which?</p>';
  it('matching: errors at the pair and side, in the contract words; a filled one passes', () => {
    const v = withType({ ...emptyValues(), stem }, 'matching');
    v.matching = {
      pairs: [
        { left: '<p>a</p>', right: '<p>1</p>' },
        { left: '<p>b</p>', right: '' },
      ],
      distractors: [],
    };
    expect(validateEditor(v)['matching.pairs.1.right']).toBe('Pair 2 has no right-hand side');
    v.matching.pairs[1]!.right = '<p>2</p>';
    expect(validateEditor(v)).toEqual({});
    expect(questionInputSchema.safeParse(toBody(v)).success).toBe(true);
    expect(toBody(v).ordering).toBeNull();
  });

  it('ordering: an empty item is named', () => {
    const v = withType({ ...emptyValues(), stem }, 'ordering');
    v.ordering = { items: ['<p>x</p>', ''] };
    expect(validateEditor(v)['ordering.items.1']).toBe('Item 2 is empty');
  });

  it('cloze: a gap per ___ of the stem; its kind decides what is sent', () => {
    const v = withType({ ...emptyValues(), stem: '<p>The ___ is ___.</p>' }, 'cloze');
    expect(v.cloze.gaps).toHaveLength(2);
    expect(validateEditor(v)['cloze.gaps.0.choices.0.text']).toBe('Gap 1: choice 1 is empty');
    v.cloze.gaps[0]!.choices = [
      { text: 'sky', correct: true },
      { text: 'sea', correct: false },
    ];
    v.cloze.gaps[1] = { ...v.cloze.gaps[1]!, kind: 'text', answers: [] };
    expect(validateEditor(v)['cloze.gaps.1.answers']).toBe('Gap 2 has no accepted answer');
    v.cloze.gaps[1]!.answers = ['blue'];
    expect(validateEditor(v)).toEqual({});
    expect(toBody(v).cloze?.gaps[1]).toEqual({
      kind: 'text',
      answers: ['blue'],
      caseSensitive: false,
    });
  });
});
