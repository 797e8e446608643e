import { questionFieldsSchema, questionProblems } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../lib/errors.ts';
import { parseAiken } from './aiken.ts';
import { draftOf } from './cells.ts';
import { parseGift } from './gift.ts';
import { parseMoodle } from './moodle.ts';
import { moodleXml } from './moodle-export.ts';
import { detectFormat } from './read.ts';
import { sheetOf } from './rows.ts';

/** The parsers are pure: text in, drafts and problems out. */

const valid = (q: unknown) => questionProblems(questionFieldsSchema.parse(q));

describe('Aiken', () => {
  it('reads single-choice questions and reports a block without ANSWER and a bad letter', () => {
    const p = parseAiken(
      'What is 2+2?\nA. 3\nB) 4\nANSWER: B\n\nLargest <b>planet</b>?\nA. Mars\nB. Jupiter\nANSWER: D\n\nNo answer\nA. x\nB. y\n',
    );
    expect(p.drafts).toHaveLength(3);
    expect(p.drafts[0]!.question.options!.map((o) => o.correct)).toEqual([false, true]);
    expect(valid(p.drafts[0]!.question)).toEqual([]);
    expect(p.drafts[1]!.question.stem).toBe('Largest &lt;b&gt;planet&lt;/b&gt;?');
    expect(p.errors.map((e) => [e.row, e.message])).toEqual([
      [2, 'ANSWER: D is not one of the options A to B'],
      [3, 'Question 3 has no ANSWER: line after its options'],
    ]);
  });
});

describe('GIFT', () => {
  it('reads each type, notes categories and descriptions, reports a broken block', () => {
    const p = parseGift(
      [
        '// a comment',
        '$CATEGORY: $course$/Maths',
        '::Q1:: What is 2+2? {=4 ~3 ~5 ####Two and two.}',
        '::Q2:: The sun is a star {T}',
        '::Q3:: Capital of France {=Paris =paris}',
        '::Q4:: Pi to two places {#3.14:0.01}',
        '::Q5:: Explain gravity {####Mass attracts mass.}',
        '::Q6:: Pick primes {~%50%2 ~%50%3 ~%-100%4}',
        '::Q7:: Match {=a -> 1 =b -> 2}',
        'Just some text',
        '::Q9:: Broken {=yes ~no',
      ].join('\n\n'),
    );
    expect(p.drafts.map((d) => [d.row, d.question.type])).toEqual([
      [2, 'single_choice'],
      [3, 'true_false'],
      [4, 'fill_blank'],
      [5, 'numeric'],
      [6, 'subjective'],
      [7, 'multiple_choice'],
      [8, 'matching'],
    ]);
    for (const d of p.drafts) expect(valid(d.question), `row ${d.row}`).toEqual([]);
    expect(p.drafts[0]!.question.explanation).toBe('Two and two.');
    expect(p.drafts[2]!.question.blanks).toEqual([
      { answers: ['Paris', 'paris'], caseSensitive: false },
    ]);
    expect(p.drafts[3]!.question.numeric).toEqual({ value: 3.14, tolerance: 0.01, unit: null });
    // The essay has no model answer in GIFT: a draft, with a warning (gift.test.ts).
    expect(p.drafts[4]!.question).toMatchObject({
      status: 'draft',
      explanation: 'Mass attracts mass.',
    });
    expect(p.drafts[6]!.question.matching).toEqual({
      pairs: [
        { left: 'a', right: '1' },
        { left: 'b', right: '2' },
      ],
      distractors: [],
    });
    expect(p.notes.map((n) => n.row)).toEqual([1, 6, 9]);
    expect(p.errors).toEqual([
      {
        row: 10,
        column: 'Question',
        message:
          'Question 10 (line 21): the answer block "{" is never closed with "}" before the blank line that ends the question',
      },
    ]);
  });
});

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><quiz>${body}</quiz>`;

describe('Moodle XML', () => {
  it('reads the supported types, notes the others', () => {
    const p = parseMoodle(
      xml(`
      <question type="category"><category><text>$course$/Maths</text></category></question>
      <question type="multichoice"><questiontext format="html"><text><![CDATA[<p>2+2?</p>]]></text></questiontext>
        <defaultgrade>2</defaultgrade><single>true</single>
        <answer fraction="0"><text>3</text></answer><answer fraction="100"><text>4</text></answer>
        <tags><tag><text>maths</text></tag></tags></question>
      <question type="calculated"><questiontext><text>m</text></questiontext></question>
      <question type="truefalse"><questiontext><text>Sky is blue</text></questiontext>
        <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>
      <question type="numerical"><questiontext><text>g?</text></questiontext>
        <answer fraction="100"><text>9.8</text><tolerance>0.1</tolerance></answer>
        <units><unit><multiplier>1</multiplier><unit_name>m/s²</unit_name></unit></units></question>
      <question type="essay"><questiontext><text>Why?</text></questiontext><graderinfo><text>Because.</text></graderinfo></question>
      <question type="shortanswer"><questiontext><text>Capital of India</text></questiontext><usecase>1</usecase>
        <answer fraction="100"><text>New Delhi</text></answer></question>`),
    );
    expect(p.drafts.map((d) => [d.row, d.question.type])).toEqual([
      [2, 'single_choice'],
      [4, 'true_false'],
      [5, 'numeric'],
      [6, 'subjective'],
      [7, 'fill_blank'],
    ]);
    for (const d of p.drafts) expect(valid(d.question), `row ${d.row}`).toEqual([]);
    expect(p.drafts[0]!.question).toMatchObject({ marks: 2, tags: ['maths'], stem: '<p>2+2?</p>' });
    expect(p.drafts[2]!.question.numeric).toEqual({ value: 9.8, tolerance: 0.1, unit: 'm/s²' });
    expect(p.notes.map((n) => n.row)).toEqual([1, 3]);
    expect(p.notes[1]!.message).toMatch(/^Question 3 \(calculated\) cannot be imported/);
  });

  it('refuses entities, external entities and deep nesting with a 400', () => {
    const code = (text: string) => {
      try {
        parseMoodle(text);
        return 'parsed';
      } catch (err) {
        return (err as AppError).status === 400 ? (err as AppError).code : 'other';
      }
    };
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><quiz>&lol2;</quiz>`;
    expect(code(laughs)).toBe('xml_doctype_refused');
    expect(
      code(
        `<?xml version="1.0"?><!DOCTYPE q [<!ENTITY x SYSTEM "file:///etc/passwd">]><quiz>&x;</quiz>`,
      ),
    ).toBe('xml_doctype_refused');
    expect(code(`<quiz>${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}</quiz>`)).toBe(
      'xml_too_deep',
    );
    expect(code('<quiz><question type="essay"></quiz>')).toBe('xml_malformed');
    expect(code('<?xml version="1.0"?><other/>')).toBe('xml_not_moodle');
  });

  it('round-trips every type through its own export', async () => {
    const questions = [
      {
        type: 'single_choice',
        stem: '<p>A \\(x^2\\)</p>',
        options: [
          { id: 'A', html: 'one', correct: false },
          { id: 'B', html: '<b>two</b>', correct: true },
        ],
        marks: 2,
        tags: ['a', 'b'],
      },
      {
        type: 'multiple_choice',
        stem: 'M',
        options: [
          { id: 'A', html: '1', correct: true },
          { id: 'B', html: '2', correct: false },
          { id: 'C', html: '3', correct: true },
        ],
      },
      {
        type: 'true_false',
        stem: 'T',
        options: [
          { id: 'A', html: 'True', correct: false },
          { id: 'B', html: 'False', correct: true },
        ],
      },
      {
        type: 'fill_blank',
        stem: 'x ___ y',
        blanks: [{ answers: ['a|b', 'c;d'], caseSensitive: true }],
      },
      {
        type: 'fill_blank',
        stem: '___ and ___',
        blanks: [
          { answers: ['x}#~/'], caseSensitive: false },
          { answers: ['y'], caseSensitive: true },
        ],
      },
      {
        type: 'numeric',
        stem: 'N',
        numeric: { value: -2.5, tolerance: 0.25, unit: 'cm' },
        marks: 1.5,
      },
      { type: 'subjective', stem: 'S', modelAnswer: '<p>model</p>', explanation: 'why' },
    ].map((q) => questionFieldsSchema.parse(q));
    let text = '';
    for await (const chunk of moodleXml(questions, 'http://x')) text += chunk;
    const back = parseMoodle(text);
    expect(back.errors).toEqual([]);
    const rows = sheetOf(back);
    expect(rows.errors).toEqual([]);
    const fields = rows.rows.map((r) => questionFieldsSchema.parse(draftOf(r).draft.question));
    const pick = (q: (typeof questions)[number]) => ({
      type: q.type,
      stem: q.stem,
      options: q.options,
      blanks: q.blanks,
      numeric: q.numeric,
      marks: q.marks,
      tags: q.tags,
      modelAnswer: q.modelAnswer,
    });
    expect(fields.map(pick)).toEqual(questions.map(pick));
  });
});

describe('format detection', () => {
  const limits = { maxUncompressedBytes: 1 << 20, maxEntries: 100, maxRatio: 100 };
  const detect = (s: string) =>
    detectFormat(Buffer.from(s), Buffer.from(s).subarray(0, 4), async () => s, limits);
  it('tells each format from its content', async () => {
    expect(await detect('<?xml version="1.0"?><quiz></quiz>')).toBe('moodle');
    expect(await detect('Q?\nA. x\nB. y\nANSWER: A')).toBe('aiken');
    expect(await detect('::T:: Q {=a ~b}')).toBe('gift');
    await expect(detect('just words')).rejects.toThrow(/not a question file/);
  });
});
