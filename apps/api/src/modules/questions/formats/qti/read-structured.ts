import type { ClozeGap } from '@bo/contract';
import { type Element, elements, htmlOf, textOf } from './dom.ts';
import { PARTS } from './processing.ts';
import {
  blanksOut,
  bodyHtml,
  type Item,
  type ItemRead,
  promptOut,
  remove,
  responseOf,
  typedAnswers,
} from './read-shared.ts';

/**
 * The readers of matching, ordering and cloze (read-item.ts's table says
 * which interactions make them):
 *  - one match interaction: matching. Its first set holds the left-hand
 *    texts, its second the right-hand ones; the correct directed pairs
 *    match them (either way round), and a right-hand text no pair names is
 *    an extra one. A left-hand text without exactly one match is a problem.
 *  - one order interaction: ordering, its items in the order of the correct
 *    response, which must name every item once.
 *  - inline choices with or without text entries, or text entries of an
 *    item that counts its parts (PARTS, as the export writes a cloze): cloze,
 *    a ___ in place of each; an inline choice is a choice gap (its correct
 *    response the correct choice), a text entry a typed gap (its accepted
 *    answers as a blank's).
 * The interaction's prompt, if any, is part of the stem.
 */

/** The stem: the body without the interaction (its choices read), its prompt in its place. */
function stemWithout(item: Item, interaction: Element, read: Element[]): string {
  promptOut(interaction);
  for (const e of read) remove(e);
  const prompt = htmlOf(interaction.children);
  remove(interaction);
  return [bodyHtml(item.body), prompt].filter(Boolean).join('');
}

export const readMatching = (item: Item): ItemRead => {
  const interaction = item.interactions[0]!;
  const sets = elements(interaction, 'qti-simple-match-set');
  if (sets.length !== 2) return { problem: 'its match interaction does not have two sets' };
  const [lefts, rights] = sets.map((s) => elements(s, 'qti-simple-associable-choice')) as [
    Element[],
    Element[],
  ];
  const id = (e: Element) => e.attribs.identifier ?? '';
  const leftIds = new Set(lefts.map(id));
  const rightIds = new Set(rights.map(id));
  const rightOf = new Map<string, string>();
  for (const pair of responseOf(item, interaction)?.correct ?? []) {
    const [a = '', b = ''] = pair.split(/\s+/);
    const [left, right] = leftIds.has(a) ? [a, b] : [b, a];
    if (!leftIds.has(left) || !rightIds.has(right))
      return { problem: `its correct pair "${pair}" does not match a choice of each set` };
    if (rightOf.has(left))
      return {
        problem: `its left-hand choice ${left} has more than one correct match; a question matches each with one`,
      };
    rightOf.set(left, right);
  }
  const unmatched = lefts.find((l) => !rightOf.has(id(l)));
  if (unmatched) return { problem: `its left-hand choice ${id(unmatched)} has no correct match` };
  const html = new Map([...lefts, ...rights].map((e) => [id(e), htmlOf(e.children)]));
  const paired = new Set(rightOf.values());
  const matching = {
    pairs: lefts.map((l) => ({ left: html.get(id(l))!, right: html.get(rightOf.get(id(l))!)! })),
    distractors: rights.filter((r) => !paired.has(id(r))).map((r) => html.get(id(r))!),
  };
  return { question: { type: 'matching', stem: stemWithout(item, interaction, sets), matching } };
};

export const readOrdering = (item: Item): ItemRead => {
  const interaction = item.interactions[0]!;
  const choices = elements(interaction, 'qti-simple-choice');
  const html = new Map(choices.map((c) => [c.attribs.identifier ?? '', htmlOf(c.children)]));
  const order = responseOf(item, interaction)?.correct ?? [];
  if (
    order.length !== choices.length ||
    new Set(order).size !== order.length ||
    order.some((o) => !html.has(o))
  )
    return { problem: 'its correct order does not name each of its items once' };
  const items = order.map((o) => html.get(o)!);
  return {
    question: {
      type: 'ordering',
      stem: stemWithout(item, interaction, choices),
      ordering: { items },
    },
  };
};

const INLINE_CHOICE = 'qti-inline-choice-interaction';
const TEXT_ENTRY = 'qti-text-entry-interaction';

/** Inline choices and text entries, one of them a choice or the item counting its parts. */
export function isCloze(kinds: string[], item: Item): boolean {
  if (!kinds.length || !kinds.every((k) => k === INLINE_CHOICE || k === TEXT_ENTRY)) return false;
  if (kinds.includes(INLINE_CHOICE)) return true;
  return elements(item.root, 'qti-outcome-declaration').some((o) => o.attribs.identifier === PARTS);
}

export const readCloze = (item: Item): ItemRead => {
  const gaps: ClozeGap[] = [];
  for (const [i, interaction] of item.interactions.entries()) {
    const response = responseOf(item, interaction);
    if (interaction.name === INLINE_CHOICE) {
      const right = new Set(response?.correct ?? []);
      const choices = elements(interaction, 'qti-inline-choice').map((c) => ({
        text: textOf(c),
        correct: right.has(c.attribs.identifier ?? ''),
      }));
      gaps.push({ kind: 'choice', choices });
      continue;
    }
    const typed = typedAnswers(response);
    if (!typed.answers.length) return { problem: `its gap ${i + 1} has no correct answer` };
    gaps.push({ kind: 'text', ...typed });
  }
  blanksOut(item.interactions);
  return { question: { type: 'cloze', stem: bodyHtml(item.body), cloze: { gaps } } };
};
