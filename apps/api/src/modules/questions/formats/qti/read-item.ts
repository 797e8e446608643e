import { OPTION_IDS, type QuestionFieldsInput } from '@bo/contract';
import { DomUtils, parseDocument } from 'htmlparser2';
import { type Element, elements, first, htmlOf, textOf } from './dom.ts';
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
 *  - one extended text: subjective, the scorer's rubric as model answer.
 * Any other interaction (match, order, hotspot…) is a problem naming the
 * item and the interaction. Marks: MAXSCORE's default value, else SCORE's
 * normal-maximum, else 1; negative marks: a negative SCORE the response
 * processing sets. The explanation is the first modal feedback.
 */

export type ItemRead = { question: QuestionFieldsInput } | { problem: string };

interface Response {
  baseType: string;
  cardinality: string;
  correct: string[];
  mapping: { key: string; caseSensitive: boolean }[];
}

interface Item {
  root: Element;
  body: Element;
  responses: Map<string, Response>;
  interactions: Element[];
}

const num = (s: string | undefined) =>
  s !== undefined && s !== '' && Number.isFinite(Number(s)) ? Number(s) : null;

function responsesOf(root: Element): Map<string, Response> {
  const map = new Map<string, Response>();
  for (const d of elements(root, 'qti-response-declaration')) {
    const correct = first(d, 'qti-correct-response');
    map.set(d.attribs.identifier ?? '', {
      baseType: d.attribs['base-type'] ?? '',
      cardinality: d.attribs.cardinality ?? 'single',
      correct: correct ? elements(correct, 'qti-value').map((v) => textOf(v)) : [],
      mapping: elements(d, 'qti-map-entry').map((e) => ({
        key: e.attribs['map-key'] ?? '',
        caseSensitive: e.attribs['case-sensitive'] !== 'false',
      })),
    });
  }
  return map;
}

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

/** The body as HTML; one bare <div> around it all (as the export writes it) is unwrapped. */
function bodyHtml(body: Element): string {
  const nodes = body.children.filter((n) => n.type !== 'text' || DomUtils.textContent(n).trim());
  const only = nodes.length === 1 && nodes[0]!.type === 'tag' ? (nodes[0] as Element) : null;
  if (only?.name === 'div' && !Object.keys(only.attribs).length) return htmlOf(only.children);
  return htmlOf(body.children);
}

const remove = (el: Element) => DomUtils.removeElement(el);
/** A prompt of the interaction comes before it in the stem. */
function promptOut(interaction: Element) {
  const prompt = first(interaction, 'qti-prompt');
  if (!prompt) return;
  remove(prompt);
  for (const n of [...prompt.children]) DomUtils.prepend(interaction, n);
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
  const blanks = [];
  for (const [i, r] of responses.entries()) {
    const answers = r?.mapping.length ? r.mapping.map((m) => m.key) : (r?.correct ?? []);
    if (!answers.length) return { problem: `its blank ${i + 1} has no correct answer` };
    blanks.push({
      answers,
      caseSensitive: r?.mapping.length ? r.mapping.some((m) => m.caseSensitive) : true,
    });
  }
  for (const interaction of item.interactions)
    DomUtils.replaceElement(interaction, parseDocument('___').children[0]!);
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

/** The one table of this format: interactions and the reader of the question they make. */
const READERS: { accepts: (kinds: string[]) => boolean; read: (item: Item) => ItemRead }[] = [
  { accepts: (k) => k.length === 1 && k[0] === 'qti-choice-interaction', read: readChoice },
  {
    accepts: (k) => k.length > 0 && k.every((n) => n === 'qti-text-entry-interaction'),
    read: readTextEntries,
  },
  {
    accepts: (k) => k.length === 1 && k[0] === 'qti-extended-text-interaction',
    read: readExtendedText,
  },
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
  const reader = READERS.find((r) => r.accepts(kinds));
  if (!reader) {
    const named = [...new Set(kinds.map(interactionName))].join(', ');
    return {
      problem: kinds.length
        ? `its interaction (${named}) is not a kind the question bank holds (it takes one choice, text entries, or one extended text)`
        : 'it has no interaction to answer',
    };
  }
  const read = reader.read({ root, body, responses: responsesOf(root), interactions });
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
