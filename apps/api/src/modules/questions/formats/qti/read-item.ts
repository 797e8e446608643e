import { OPTION_IDS } from '@bo/contract';
import { DomUtils } from 'htmlparser2';
import { type Element, elements, first, htmlOf, textOf } from './dom.ts';
import {
  blanksOut,
  bodyHtml,
  type Item,
  type ItemRead,
  num,
  promptOut,
  remove,
  responsesOf,
  typedAnswers,
} from './read-shared.ts';
import { isCloze, readCloze, readMatching, readOrdering } from './read-structured.ts';
import { languageOfTag } from './xml.ts';

/**
 * One QTI item (3.0, or 2.1 renamed by dom.ts) as a bank question, or the
 * reason it cannot be one. The item's interactions say its type, through
 * one table (READERS: a new question type adds its reader):
 *  - one choice interaction: single choice (max-choices 1 or a single
 *    response), multiple choice, or true/false (options True and False);
 *  - text entries whose response is a float or integer, one of them:
 *    numeric (tolerance from qti-equal, the unit as the text after the box);
 *  - text entries otherwise: fill in the blank, a ___ in place of each,
 *    its accepted answers the mapping's keys (or the correct response);
 *  - one extended text: subjective, the scorer's rubric as model answer;
 *  - one match interaction, one order interaction, or inline choices (with
 *    text entries or not): matching, ordering, cloze (read-structured.ts);
 *    text entries alone are a cloze when the item counts its parts.
 * Any other interaction (associate, hotspot…) is a problem naming the
 * item and the interaction. Marks: MAXSCORE's default value, else SCORE's
 * normal-maximum, else 1; negative marks: a negative SCORE the response
 * processing sets. The explanation is the first modal feedback.
 */

function marksOf(root: Element): { marks: number; negativeMarks: number } {
  const outcome = (id: string) =>
    elements(root, 'qti-outcome-declaration').find((o) => o.attribs.identifier === id);
  const max = outcome('MAXSCORE');
  const marks =
    num(textOf(max && first(max, 'qti-value'))) ??
    num(outcome('SCORE')?.attribs['normal-maximum']) ??
    1;
  const negative = elements(root, 'qti-set-outcome-value')
    .filter((s) => s.attribs.identifier === 'SCORE')
    .map((s) => num(textOf(first(s, 'qti-base-value'))) ?? 0)
    .find((n) => n < 0);
  return { marks: marks > 0 ? marks : 1, negativeMarks: negative ? -negative : 0 };
}

const readChoice = (item: Item): ItemRead => {
  const [interaction] = item.interactions;
  const response = item.responses.get(interaction!.attribs['response-identifier'] ?? '');
  const choices = elements(interaction!, 'qti-simple-choice');
  if (choices.length > OPTION_IDS.length)
    return {
      problem: `it has ${choices.length} choices; a question takes at most ${OPTION_IDS.length}`,
    };
  const right = new Set(response?.correct ?? []);
  const options = choices.map((c, i) => ({
    id: OPTION_IDS[i]!,
    html: htmlOf(c.children),
    correct: right.has(c.attribs.identifier ?? ''),
  }));
  promptOut(interaction!);
  for (const c of choices) remove(c);
  const prompt = htmlOf(interaction!.children);
  const max = Number(interaction!.attribs['max-choices'] ?? '1');
  const single = max === 1 || response?.cardinality === 'single';
  const trueFalse =
    single && options.length === 2 && options[0]!.html === 'True' && options[1]!.html === 'False';
  remove(interaction!);
  const stem = [bodyHtml(item.body), prompt].filter(Boolean).join('');
  return {
    question: {
      type: trueFalse ? 'true_false' : single ? 'single_choice' : 'multiple_choice',
      stem,
      options,
    },
  };
};

const NUMERIC_TYPES = new Set(['float', 'integer']);

/**
 * A numeric answer's tolerance: qti-equal's absolute tolerance, or the
 * distance to the bounds of a qti-gte / qti-lte pair (as the export writes it).
 */
function toleranceOf(root: Element, value: number): number {
  const equal = elements(root, 'qti-equal')[0];
  if (equal) return Math.abs(num(equal.attribs.tolerance?.trim().split(/\s+/)[0]) ?? 0);
  const bound = (name: string) =>
    num(textOf(first(elements(root, name)[0] ?? root, 'qti-base-value')));
  const low = elements(root, 'qti-gte').length ? bound('qti-gte') : null;
  const high = elements(root, 'qti-lte').length ? bound('qti-lte') : null;
  const distance = Math.max(low === null ? 0 : value - low, high === null ? 0 : high - value);
  return Number(Math.max(0, distance).toFixed(10));
}

const readTextEntries = (item: Item): ItemRead => {
  const responses = item.interactions.map(
    (i) => item.responses.get(i.attribs['response-identifier'] ?? '') ?? null,
  );
  if (responses.length === 1 && NUMERIC_TYPES.has(responses[0]?.baseType ?? '')) {
    const interaction = item.interactions[0]!;
    const value = num(responses[0]!.correct[0]);
    if (value === null) return { problem: 'its numeric answer has no correct value' };
    const tolerance = toleranceOf(item.root, value);
    const after = interaction.next;
    const unit = after?.type === 'text' ? DomUtils.textContent(after).trim() : '';
    if (after && unit && unit.length <= 20 && !after.next) remove(after as Element);
    const parent = interaction.parent as Element | null;
    remove(interaction);
    if (
      parent &&
      parent !== item.body &&
      !DomUtils.textContent(parent).trim() &&
      !parent.children.some((c) => c.type === 'tag')
    )
      remove(parent);
    return {
      question: {
        type: 'numeric',
        stem: bodyHtml(item.body),
        numeric: { value, tolerance, unit: unit && unit.length <= 20 ? unit : null },
      },
    };
  }
  const blanks = responses.map((r) => typedAnswers(r ?? undefined));
  const empty = blanks.findIndex((b) => !b.answers.length);
  if (empty >= 0) return { problem: `its blank ${empty + 1} has no correct answer` };
  blanksOut(item.interactions);
  return { question: { type: 'fill_blank', stem: bodyHtml(item.body), blanks } };
};

const readExtendedText = (item: Item): ItemRead => {
  const rubric = elements(item.body, 'qti-rubric-block').find(
    (r) => r.attribs.view !== 'candidate',
  );
  let modelAnswer: string | null = null;
  if (rubric) {
    const content = first(rubric, 'qti-content-body') ?? rubric;
    modelAnswer = htmlOf(content.children);
    remove(rubric);
  }
  const interaction = item.interactions[0]!;
  promptOut(interaction);
  const prompt = htmlOf(interaction.children);
  remove(interaction);
  const stem = [bodyHtml(item.body), prompt].filter(Boolean).join('');
  return {
    question: {
      type: 'subjective',
      stem,
      modelAnswer,
      // A subjective question without a model answer can only be a draft.
      ...(modelAnswer ? {} : { status: 'draft' as const }),
    },
  };
};

const only = (kinds: string[], kind: string) => kinds.length === 1 && kinds[0] === kind;

/** The one table of this format: interactions and the reader of the question they make. */
const READERS: {
  accepts: (kinds: string[], item: Item) => boolean;
  read: (item: Item) => ItemRead;
}[] = [
  { accepts: (k) => only(k, 'qti-choice-interaction'), read: readChoice },
  { accepts: isCloze, read: readCloze },
  {
    accepts: (k) => k.length > 0 && k.every((n) => n === 'qti-text-entry-interaction'),
    read: readTextEntries,
  },
  { accepts: (k) => only(k, 'qti-extended-text-interaction'), read: readExtendedText },
  { accepts: (k) => only(k, 'qti-match-interaction'), read: readMatching },
  { accepts: (k) => only(k, 'qti-order-interaction'), read: readOrdering },
];

const interactionName = (name: string) => name.replace(/^qti-/, '').replace(/-/g, ' ');

export function readItem(root: Element): ItemRead {
  const body = first(root, 'qti-item-body');
  if (!body) return { problem: 'it has no item body' };
  // Rubric blocks for the candidate stay in the stem; feedback inside the body is not the question.
  for (const f of elements(body, (n) => n === 'qti-feedback-block' || n === 'qti-feedback-inline'))
    remove(f);
  const interactions = elements(body, (n) => n.endsWith('-interaction'));
  const kinds = interactions.map((i) => i.name);
  const item: Item = { root, body, responses: responsesOf(root), interactions };
  const reader = READERS.find((r) => r.accepts(kinds, item));
  if (!reader) {
    const named = [...new Set(kinds.map(interactionName))].join(', ');
    return {
      problem: kinds.length
        ? `its interaction (${named}) is not a kind the question bank holds (it takes one choice, text entries, one extended text, one match, one order, or inline choices)`
        : 'it has no interaction to answer',
    };
  }
  const read = reader.read(item);
  if ('problem' in read) return read;
  const feedback = first(root, 'qti-modal-feedback');
  const content = feedback && (first(feedback, 'qti-content-body') ?? feedback);
  const language = languageOfTag(root.attribs['xml:lang']);
  return {
    question: {
      ...read.question,
      ...marksOf(root),
      ...(content ? { explanation: bodyHtml(content) } : {}),
      ...(language ? { language } : {}),
    },
  };
}
