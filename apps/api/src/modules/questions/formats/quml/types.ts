import { BLANK_PATTERN, type QuestionType } from '@bo/contract';
import type { PartlyCarried } from '../carried.ts';
import type { QtiQuestion as QuestionFields } from '../qti/items.ts';

/**
 * How each question type is written in QuML 1.1: the fields the Sunbird
 * QuML player (6.x) reads to pick its component (primaryCategory, qType),
 * to draw it (body, interactions) and to score it (responseDeclaration,
 * responseProcessing, outcomeDeclaration):
 *
 *  - single choice, true/false: MCQ, a choice interaction "response1"
 *    whose options are numbered from 0, cardinality single;
 *  - multiple choice: MCQ, cardinality multiple, every correct option's
 *    value in correctResponse;
 *  - fill in the blank, and cloze whose gaps are all typed: FTB, each
 *    `___` of the stem a `[[responseN]]` text box whose accepted answers
 *    (with their case rule) are its mapping;
 *  - matching: MTF, the left sides and the right sides (the pairs' then the
 *    extra ones) as two columns; correctResponse maps each left to its
 *    right;
 *  - ordering: SEQ, the items to drag into order, correctResponse the
 *    right order;
 *  - numeric, subjective: SA (subjective answer): the player shows the stem
 *    and the answer (the number with its tolerance and unit, the model
 *    answer) as the solution; it scores neither.
 *
 * Matching, ordering, cloze and fill in the blank are scored by the player
 * with MAP_RESPONSE: each pair, position or gap right earns its share of
 * the marks, as multiple choice earns a share per correct option (the
 * bank's "per option" partial credit). A cloze with a drop-down gap is not
 * carried: the player has no drop-down in a sentence (carried.ts names it).
 */

type Json = Record<string, unknown>;
type At = (html: string) => string;
type TypeWriter = (q: QuestionFields, at: At) => Json;
export type QumlType = { write: TypeWriter } & Partial<PartlyCarried<QuestionFields>>;

const scored = (q: QuestionFields) => ({
  outcomeDeclaration: {
    maxScore: { cardinality: 'single', type: 'integer', defaultValue: q.marks },
  },
  maxScore: q.marks,
});

/** Scored a share per part right (MAP_RESPONSE): matching, ordering, blanks and gaps. */
const byParts = { responseProcessing: { template: 'MAP_RESPONSE' } };

const mcq: TypeWriter = (q, at) => {
  const multiple = q.type === 'multiple_choice';
  const right = q.options.flatMap((o, i) => (o.correct ? [i] : []));
  const options = q.options.map((o, i) => ({ label: at(o.html), value: i }));
  return {
    qType: 'MCQ',
    // One category for both: the player's MCQ component takes "multiple" from the cardinality.
    primaryCategory: 'Multiple Choice Question',
    interactionTypes: ['choice'],
    body: `<div class='question-body' tabindex='-1'><div class='mcq-title' tabindex='0'>${at(q.stem)}</div><div data-choice-interaction='response1' class='mcq-vertical'></div></div>`,
    responseDeclaration: {
      response1: {
        cardinality: multiple ? 'multiple' : 'single',
        type: 'integer',
        correctResponse: { value: multiple ? right : right[0] },
        mapping: right.map((value) => ({ value, score: q.marks / right.length })),
      },
    },
    interactions: {
      response1: { type: 'choice', options },
      validation: { required: 'Yes' },
    },
    editorState: {
      question: at(q.stem),
      options: q.options.map((o, i) => ({
        answer: o.correct,
        value: { body: at(o.html), value: i },
      })),
    },
    answer: multiple ? JSON.stringify(right) : String(right[0]),
    ...scored(q),
  };
};

/** A subjective answer: the stem to answer and the answer shown as its solution. */
const subjectiveAnswer =
  (answerOf: (q: QuestionFields, at: At) => string): TypeWriter =>
  (q, at) => ({
    qType: 'SA',
    primaryCategory: 'Subjective Question',
    interactionTypes: [],
    body: at(q.stem),
    editorState: { question: at(q.stem) },
    answer: answerOf(q, at),
    // Unscored, but declared: without a response key the player's "next" fails on this slide.
    responseDeclaration: { response1: { cardinality: 'single', type: 'string' } },
    interactions: {},
    ...scored(q),
  });

const escapeText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface TypedGap {
  answers: string[];
  caseSensitive: boolean;
}

/** A fill in the blank's blanks, or a cloze's gaps (all typed: the others are not carried). */
const typedGaps = (q: QuestionFields): TypedGap[] =>
  q.type === 'cloze'
    ? (q.cloze?.gaps ?? []).map((g) =>
        g.kind === 'text' ? g : { answers: [], caseSensitive: false },
      )
    : q.blanks;

const responseKey = (i: number) => `response${i + 1}`;

/** Text boxes in the sentence (the player's FTB), each `___` a `[[responseN]]`. */
const typedInSentence: TypeWriter = (q, at) => {
  const gaps = typedGaps(q);
  const share = q.marks / Math.max(gaps.length, 1);
  let n = 0;
  const body = at(q.stem).replace(BLANK_PATTERN, () => `[[${responseKey(n++)}]]`);
  return {
    qType: 'FTB',
    primaryCategory: 'Fill in the blank question',
    interactionTypes: ['text'],
    body,
    editorState: { question: at(q.stem) },
    responseDeclaration: Object.fromEntries(
      gaps.map((g, i) => [
        responseKey(i),
        {
          cardinality: 'single',
          type: 'string',
          correctResponse: { value: g.answers[0] ?? '' },
          mapping: g.answers.map((value) => ({
            value,
            score: share,
            caseSensitive: g.caseSensitive,
          })),
        },
      ]),
    ),
    ...byParts,
    interactions: Object.fromEntries(gaps.map((_, i) => [responseKey(i), { type: 'text' }])),
    ...scored(q),
  };
};

const matching: TypeWriter = (q, at) => {
  const { pairs, distractors } = q.matching!;
  const share = q.marks / pairs.length;
  // Values are strings: the player compares the learner's (string) values strictly.
  const key = (i: number) => String(i);
  return {
    qType: 'MTF',
    primaryCategory: 'Match The Following Question',
    interactionTypes: ['match'],
    body: at(q.stem),
    editorState: { question: at(q.stem) },
    responseDeclaration: {
      response1: {
        cardinality: 'multiple',
        type: 'map',
        correctResponse: { value: Object.fromEntries(pairs.map((_, i) => [key(i), key(i)])) },
        mapping: pairs.map((_, i) => ({ key: key(i), value: key(i), score: share })),
      },
    },
    ...byParts,
    interactions: {
      response1: {
        type: 'match',
        options: {
          left: pairs.map((p, i) => ({ label: at(p.left), value: key(i) })),
          right: [...pairs.map((p) => p.right), ...distractors].map((r, i) => ({
            label: at(r),
            value: key(i),
          })),
        },
      },
      validation: { required: 'Yes' },
    },
    ...scored(q),
  };
};

const ordering: TypeWriter = (q, at) => {
  const items = q.ordering!.items;
  const share = q.marks / items.length;
  const key = (i: number) => String(i);
  return {
    qType: 'SEQ',
    primaryCategory: 'Sequence Question',
    interactionTypes: ['order'],
    body: at(q.stem),
    editorState: { question: at(q.stem) },
    responseDeclaration: {
      response1: {
        cardinality: 'ordered',
        type: 'string',
        correctResponse: { value: items.map((_, i) => key(i)) },
        mapping: items.map((_, i) => ({ value: key(i), score: share })),
      },
    },
    ...byParts,
    interactions: {
      response1: {
        type: 'order',
        options: items.map((item, i) => ({ label: at(item), value: key(i) })),
      },
      validation: { required: 'Yes' },
    },
    ...scored(q),
  };
};

/** The one table of this format: a question type and how it is written. */
export const QUML_TYPES: Partial<Record<QuestionType, QumlType>> = {
  single_choice: { write: mcq },
  multiple_choice: { write: mcq },
  true_false: { write: mcq },
  fill_blank: { write: typedInSentence },
  numeric: {
    write: subjectiveAnswer((q) => {
      const n = q.numeric!;
      const tolerance = n.tolerance ? ` (± ${n.tolerance})` : '';
      return `<p>${n.value}${tolerance}${n.unit ? ` ${escapeText(n.unit)}` : ''}</p>`;
    }),
  },
  subjective: { write: subjectiveAnswer((q, at) => at(q.modelAnswer ?? '')) },
  matching: { write: matching },
  ordering: { write: ordering },
  cloze: {
    write: typedInSentence,
    cannotCarry: (q) => {
      const i = (q.cloze?.gaps ?? []).findIndex((g) => g.kind === 'choice');
      return i < 0 ? null : `its gap ${i + 1} is a drop-down, which the QuML player cannot show`;
    },
  },
};
