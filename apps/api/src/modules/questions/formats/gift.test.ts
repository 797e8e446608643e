import { questionFieldsSchema, questionProblems } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { parseAiken } from './aiken.ts';
import { parseGift } from './gift.ts';
import { parseMoodle } from './moodle.ts';

/** Each case of GIFT and Aiken that Moodle reads one way and this import read another. */

const problems = (q: unknown) => questionProblems(questionFieldsSchema.parse(q));
const one = (text: string) => {
  const p = parseGift(text);
  return { ...p, q: p.drafts[0]?.question };
};

describe('GIFT short answers: only full marks are accepted answers', () => {
  it('keeps =Dog, names =%50%Cat and =%0%* instead of accepting them', () => {
    const p = one('Which animal purrs? {=Dog =%50%Cat =%0%*}');
    expect(p.q!.blanks).toEqual([{ answers: ['Dog'], caseSensitive: false }]);
    expect(p.notes.map((n) => n.message)).toEqual([
      'Question 1 (line 1): only answers worth full marks are accepted (the question bank has no partial credit); not kept: "Cat" (50%), "*" (0%)',
    ]);
    expect(p.errors).toEqual([]);
  });

  it('refuses a question whose answers are all part marks, and a * wildcard at full marks', () => {
    const p = parseGift('Purrs? {=%50%Cat =%0%*}\n\nStarts with Ca {=Ca*}\n\nStar {=a\\*b}');
    expect(p.errors.map((e) => [e.row, e.message])).toEqual([
      [
        1,
        'Question 1 (line 1): no answer is worth full marks (100%), so nothing would be accepted',
      ],
      [
        2,
        'Question 2 (line 3): the answer "Ca*" uses Moodle\'s * wildcard (any text), which a blank cannot hold; write the accepted answers out',
      ],
    ]);
    expect(p.drafts.map((d) => [d.row, d.question.blanks])).toEqual([
      [3, [{ answers: ['a*b'], caseSensitive: false }]],
    ]);
  });

  it('agrees with the Moodle XML import: the same answers, the same note', () => {
    const xml = parseMoodle(
      '<?xml version="1.0"?><quiz><question type="shortanswer"><questiontext><text>Which animal purrs?</text></questiontext>' +
        '<answer fraction="100"><text>Dog</text></answer><answer fraction="50"><text>Cat</text></answer>' +
        '<answer fraction="0"><text>*</text></answer></question></quiz>',
    );
    const gift = one('Which animal purrs? {=Dog =%50%Cat =%0%*}');
    expect(xml.drafts[0]!.question.blanks).toEqual(gift.q!.blanks);
    expect(xml.notes.map((n) => n.message)).toEqual(
      gift.notes.map((n) => n.message.replace(' (line 1)', '')),
    );
  });
});

describe('GIFT format markers are formats, never text', () => {
  it('reads [html], [plain], [markdown] and [moodle] on the question, options, feedback and general feedback', () => {
    const p = one(
      '::Sky::[html]<p>The sky is</p> {~[plain]blue <b>#[html]<b>No</b> =[moodle]grey#Yes ~[markdown]*red* ####[html]<i>Rayleigh</i>}',
    );
    expect(p.q).toMatchObject({
      type: 'single_choice',
      stem: '<p>The sky is</p>',
      options: [
        { id: 'A', html: 'blue &lt;b&gt;', correct: false },
        { id: 'B', html: 'grey', correct: true },
        { id: 'C', html: '*red*', correct: false },
      ],
      explanation: '<i>Rayleigh</i>',
    });
  });

  it('gives every part the question text format by default', () => {
    const p = one('[plain]Is 1 < 2? {=yes ~a<b ####because 1<2}');
    expect(p.q).toMatchObject({
      stem: 'Is 1 &lt; 2?',
      options: [
        { html: 'yes', correct: true },
        { html: 'a&lt;b', correct: false },
      ],
      explanation: 'because 1&lt;2',
    });
    expect(one('[markdown]What is **bold**? {=[plain]x ~y}').q!.stem).toBe('What is **bold**?');
  });
});

describe('GIFT numeric as Moodle reads it', () => {
  const numeric = (text: string) => {
    const p = one(text);
    expect(p.errors).toEqual([]);
    return { value: p.q!.numeric, notes: p.notes.map((n) => n.message) };
  };
  it('reads 3:2, a range 1..5, weighted answers and feedback after # or ~', () => {
    expect(numeric('A number from 1 to 5? {#3:2}').value).toEqual({
      value: 3,
      tolerance: 2,
      unit: null,
    });
    expect(numeric('A number from 1 to 5? {#1..5}').value).toEqual({
      value: 3,
      tolerance: 2,
      unit: null,
    });
    expect(numeric('Pi? {#3.14:0.01#Well done}').value).toMatchObject({ value: 3.14 });
    expect(numeric('A number from 1 to 5? {#3:2~#Completely wrong}').value).toMatchObject({
      value: 3,
      tolerance: 2,
    });
    const weighed = numeric('Grant was born in? {#\n=1822:0 # Right\n=%50%1822:2 # Close\n}');
    expect(weighed.value).toEqual({ value: 1822, tolerance: 0, unit: null });
    expect(weighed.notes).toEqual([
      'Question 1 (line 1): only answers worth full marks are accepted (the question bank has no partial credit); not kept: "1822:2" (50%)',
    ]);
    expect(numeric('Three? {#=%100%3:0 =%50%3:1}').value).toEqual({
      value: 3,
      tolerance: 0,
      unit: null,
    });
  });

  it('reports a value that is not a number and answers that are all part marks', () => {
    const p = parseGift('N? {#three}\n\nM? {#=%50%3}');
    expect(p.errors.map((e) => e.message)).toEqual([
      'Question 1 (line 1) (numeric): "three" is not a number, a number:tolerance or a range like 1..5',
      'Question 2 (line 3): no numeric answer is worth full marks (100%)',
    ]);
  });
});

describe('Moodle XML numerical agrees: only the full-credit answer is the value', () => {
  const numerical = (answers: string) =>
    parseMoodle(
      `<?xml version="1.0"?><quiz><question type="numerical"><questiontext><text>Three?</text></questiontext>${answers}</question></quiz>`,
    );
  it('names a part-marks answer and never takes it as the value', () => {
    const half = '<answer fraction="50"><text>3</text><tolerance>1</tolerance></answer>';
    const p = numerical(
      `${half}<answer fraction="100"><text>3</text><tolerance>0</tolerance></answer>`,
    );
    expect(p.drafts[0]!.question.numeric).toEqual({ value: 3, tolerance: 0, unit: null });
    expect(p.notes.map((n) => n.message)).toEqual([
      'Question 1: only answers worth full marks are accepted (the question bank has no partial credit); not kept: "3" (50%)',
    ]);
    const only = numerical(`${half}<answer fraction="0"><text>*</text></answer>`);
    expect(only.drafts).toEqual([]);
    expect(only.errors.map((e) => e.message)).toEqual([
      'Question 1: no numeric answer is worth full marks (100%)',
    ]);
  });
});

describe('GIFT: a malformed question never swallows the next one', () => {
  it('reports an unclosed { with its line; the question after the blank line is read', () => {
    const p = parseGift('::Q1:: Broken {\n=yes\n~no\n\n::Q2:: Fine {=a ~b}\n');
    expect(p.errors).toEqual([
      {
        row: 1,
        column: 'Question',
        message:
          'Question 1 (line 1): the answer block "{" is never closed with "}" before the blank line that ends the question',
      },
    ]);
    expect(p.drafts.map((d) => [d.row, d.question.stem, d.question.options?.length])).toEqual([
      [2, 'Fine', 2],
    ]);
  });

  it('reports an unclosed { followed by the next question without a blank line', () => {
    const p = parseGift('// two questions\n::Q1:: Broken {=yes ~no\n::Q2:: Fine {=a ~b}\n');
    expect(p.drafts).toEqual([]);
    expect(p.errors.map((e) => e.message)).toEqual([
      'Question 1 (line 2): the answer block "{" is not closed before another "{" on line 3; close it with "}" (or write a literal brace as \\{)',
    ]);
  });
});

describe('GIFT %weights% as Moodle reads them', () => {
  it('one positive weight without "=" is a multiple-answer question, as in Moodle', () => {
    const p = one('Capital of France? {~%100%Paris ~London ~Berlin}');
    expect(p.q).toMatchObject({
      type: 'multiple_choice',
      options: [{ correct: true }, { correct: false }, { correct: false }],
    });
    expect(p.notes).toEqual([]);
    expect(problems(p.q)).toEqual([]);
  });

  it('names weights that Moodle grades and the bank cannot', () => {
    const low = one('Half right? {~%50%a ~b ~c}');
    expect(low.q).toMatchObject({ type: 'multiple_choice', options: [{ correct: true }, {}, {}] });
    expect(low.notes[0]!.message).toBe(
      'Question 1 (line 1): the options with a positive weight (A 50%) are the correct ones; their weights add up to 50%, not 100%, and are not kept (choosing all of them earns full marks here)',
    );
    const single = one('Best? {=a ~%50%b ~c}');
    expect(single.q).toMatchObject({
      type: 'single_choice',
      options: [{ correct: true }, { correct: false }, { correct: false }],
    });
    expect(single.notes[0]!.message).toMatch(/option B \(50%\) earn part marks in Moodle/);
    expect(one('Even? {~%50%2 ~%50%4 ~%-100%3}').notes).toEqual([]);
  });
});

describe('Moodle XML multichoice agrees with GIFT on weights', () => {
  const choice = (single: boolean, fractions: number[]) =>
    parseMoodle(
      `<?xml version="1.0"?><quiz><question type="multichoice"><questiontext><text>Pick</text></questiontext><single>${single}</single>${fractions
        .map((f, i) => `<answer fraction="${f}"><text>o${i}</text></answer>`)
        .join('')}</question></quiz>`,
    );
  it('a part-marks option of a single-choice question is wrong and named, as in GIFT', () => {
    const xml = choice(true, [100, 50, 0]);
    const gift = one('Pick {=o0 ~%50%o1 ~o2}');
    expect(xml.drafts[0]!.question.options).toEqual(gift.q!.options);
    expect(xml.notes.map((n) => n.message)).toEqual(
      gift.notes.map((n) => n.message.replace(' (line 1)', '')),
    );
    expect(problems(xml.drafts[0]!.question)).toEqual([]);
  });
  it('weights of a multiple-answer question that do not add up to 100% are named', () => {
    const xml = choice(false, [50, 0, 0]);
    const gift = one('Pick {~%50%o0 ~o1 ~o2}');
    expect(xml.drafts[0]!.question.options).toEqual(gift.q!.options);
    expect(xml.notes.map((n) => n.message)).toEqual(
      gift.notes.map((n) => n.message.replace(' (line 1)', '')),
    );
  });
});

describe('GIFT essays', () => {
  it('come in as draft subjective questions with "model answer missing", not as errors', () => {
    const p = one('::E:: Explain gravity. {####Mass attracts mass.}');
    expect(p.errors).toEqual([]);
    expect(p.q).toMatchObject({
      type: 'subjective',
      stem: 'Explain gravity.',
      modelAnswer: null,
      explanation: 'Mass attracts mass.',
      status: 'draft',
    });
    expect(p.notes.map((n) => n.message)).toEqual([
      'Question 1 (line 1) (essay): model answer missing; it comes in as a draft subjective question: write its model answer before making it active',
    ]);
    expect(problems(p.q)).toEqual([]);
    expect(problems({ ...p.q, status: 'active' })).toEqual([
      { path: ['modelAnswer'], message: 'Write the model answer' },
    ]);
  });
});

describe('Aiken', () => {
  it('reads options written A)Text with no space', () => {
    const p = parseAiken('Largest planet?\nA)Mars\nB)Jupiter\nC.Venus\nANSWER: B\n');
    expect(p.errors).toEqual([]);
    expect(p.drafts[0]!.question.options).toEqual([
      { id: 'A', html: 'Mars', correct: false },
      { id: 'B', html: 'Jupiter', correct: true },
      { id: 'C', html: 'Venus', correct: false },
    ]);
    // Unspaced, only the next letter is an option: "I.e." stays in the question.
    expect(
      parseAiken('Pick one\nI.e. the first\nA. x\nB. y\nANSWER: A').drafts[0]!.question.stem,
    ).toBe('Pick one<br>I.e. the first');
  });

  it('never says "not one of the options A to A"', () => {
    const p = parseAiken('No options here\nANSWER: B\n\nOne option\nA. only\nANSWER: B\n');
    expect(p.errors.map((e) => e.message)).toEqual([
      'ANSWER: B, but question 1 has no options: write each on its own line as "A. text" or "A) text"',
      "ANSWER: B is not the question's only option, A",
    ]);
  });
});
