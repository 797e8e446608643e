import { shownOrder } from '@bo/contract';
import type { QtiQuestion } from './items.ts';
import { blankId, textEntry, typedDeclaration, typedRight, withGaps } from './items-basic.ts';
import { all, isNull, matchCorrect, type Part, type TypeWriter, variable } from './processing.ts';
import { block, esc, xhtml } from './xml.ts';

/**
 * The writers of the three types scored part by part (items.ts lists what
 * each becomes). A matching question's right-hand texts and an ordering
 * question's items are written in the order a learner would be shown them
 * (shownOrder, seeded with the question's id), not the stored one: a player
 * that does not shuffle would otherwise show the answer. The interactions
 * still say shuffle="true". The extra right-hand texts keep their own order
 * among the places they take, so that they read back in it.
 */

const leftId = (i: number) => `L${i + 1}`;
const rightId = (i: number) => `R${i + 1}`;
const itemId = (i: number) => `I${i + 1}`;
const choiceId = (gap: number, choice: number) => `G${gap + 1}_C${choice + 1}`;
const value = (type: string, v: string) =>
  `<qti-base-value base-type="${type}">${v}</qti-base-value>`;
const declaration = (cardinality: string, type: string, values: string[]) =>
  `<qti-response-declaration identifier="RESPONSE" cardinality="${cardinality}" base-type="${type}"><qti-correct-response>${values.map((v) => `<qti-value>${v}</qti-value>`).join('')}</qti-correct-response></qti-response-declaration>`;

const part = (right: string, response = 'RESPONSE'): Part => ({ response, right });

/** Indexes of the right-hand texts (the pairs' then the extra ones) as shown. */
function rightsShown(q: QtiQuestion): number[] {
  const n = q.matching!.pairs.length;
  const order = shownOrder(q, `qti-${q.id}`) ?? [];
  const extras = order.filter((i) => i >= n).sort((a, b) => a - b);
  return order.map((i) => (i >= n ? extras.shift()! : i));
}

const associable = (id: string, html: string) =>
  `<qti-simple-associable-choice identifier="${id}" match-max="1">${xhtml(html)}</qti-simple-associable-choice>`;

/** Directed pairs (left, right): each left-hand text matched to at most one right-hand text, and back. */
export const matching: TypeWriter = {
  responses: (q) =>
    declaration(
      'multiple',
      'directedPair',
      q.matching!.pairs.map((_, i) => `${leftId(i)} ${rightId(i)}`),
    ),
  body: (q) => {
    const { pairs, distractors } = q.matching!;
    const rights = [...pairs.map((p) => p.right), ...distractors];
    const lefts = pairs.map((p, i) => associable(leftId(i), p.left)).join('');
    const shown = rightsShown(q)
      .map((i) => associable(rightId(i), rights[i]!))
      .join('');
    return `${block(q.stem)}<qti-match-interaction response-identifier="RESPONSE" shuffle="true" max-associations="${pairs.length}"><qti-simple-match-set>${lefts}</qti-simple-match-set><qti-simple-match-set>${shown}</qti-simple-match-set></qti-match-interaction>`;
  },
  right: () => null,
  unanswered: () => isNull('RESPONSE'),
  parts: (q) =>
    q.matching!.pairs.map((_, i) =>
      part(
        `<qti-member>${value('directedPair', `${leftId(i)} ${rightId(i)}`)}${variable('RESPONSE')}</qti-member>`,
      ),
    ),
};

/** The items in their right order; each position is a part. */
export const ordering: TypeWriter = {
  responses: (q) =>
    declaration(
      'ordered',
      'identifier',
      q.ordering!.items.map((_, i) => itemId(i)),
    ),
  body: (q) => {
    const items = q.ordering!.items;
    const shown = (shownOrder(q, `qti-${q.id}`) ?? [])
      .map(
        (i) =>
          `<qti-simple-choice identifier="${itemId(i)}">${xhtml(items[i]!)}</qti-simple-choice>`,
      )
      .join('');
    return `${block(q.stem)}<qti-order-interaction response-identifier="RESPONSE" shuffle="true">${shown}</qti-order-interaction>`;
  },
  right: () => null,
  unanswered: () => isNull('RESPONSE'),
  parts: (q) =>
    q.ordering!.items.map((_, i) =>
      part(
        `<qti-match><qti-index n="${i + 1}">${variable('RESPONSE')}</qti-index>${value('identifier', itemId(i))}</qti-match>`,
      ),
    ),
};

const gapsOf = (q: QtiQuestion) => q.cloze?.gaps ?? [];

/** A drop-down (inline choice) or a text entry in place of each ___; each gap is a part. */
export const cloze: TypeWriter = {
  responses: (q) =>
    gapsOf(q)
      .map((g, i) => {
        if (g.kind === 'text') return typedDeclaration(blankId(i), g.answers, g.caseSensitive);
        const correct = g.choices.findIndex((c) => c.correct);
        return `<qti-response-declaration identifier="${blankId(i)}" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>${choiceId(i, correct)}</qti-value></qti-correct-response></qti-response-declaration>`;
      })
      .join(''),
  body: (q) =>
    withGaps(q.stem, (i) => {
      const g = gapsOf(q)[i];
      if (!g) return '___';
      if (g.kind === 'text') return textEntry(blankId(i));
      const choices = g.choices
        .map(
          (c, j) =>
            `<qti-inline-choice identifier="${choiceId(i, j)}">${esc(c.text)}</qti-inline-choice>`,
        )
        .join('');
      return `<qti-inline-choice-interaction response-identifier="${blankId(i)}" shuffle="false">${choices}</qti-inline-choice-interaction>`;
    }),
  right: () => null,
  unanswered: (q) => all(gapsOf(q).map((_, i) => isNull(blankId(i)))),
  parts: (q) =>
    gapsOf(q).map((g, i) =>
      part(g.kind === 'text' ? typedRight(blankId(i)) : matchCorrect(blankId(i)), blankId(i)),
    ),
};
