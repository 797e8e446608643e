import { z } from 'zod';
import { textSchema } from './common.ts';
import { BLANK_PATTERN, richTextSchema } from './questions-parts.ts';

/**
 * The answer parts of the three structured types (docs/questions.md):
 * matching (pairs, with extra right-hand texts that match nothing),
 * ordering (items written in their right order) and cloze (gaps written in
 * the stem as `___`, each a choice list or a list of accepted answers).
 * Their shapes only bound sizes; what an author must fix (an empty side, a
 * gap without an answer, too few pairs) is said by `structuredProblems`,
 * which `questionProblems` calls, with the pair, item or gap numbered from 1.
 */

export const MATCHING_PAIRS = { min: 2, max: 12 } as const;
export const MATCHING_DISTRACTORS_MAX = 6;
export const ORDERING_ITEMS = { min: 2, max: 12 } as const;
export const CLOZE_GAPS_MAX = 20;
export const CLOZE_CHOICES = { min: 2, max: 8 } as const;

export const matchingPairSchema = z.object({ left: richTextSchema, right: richTextSchema });
export const matchingSchema = z.object({
  pairs: z.array(matchingPairSchema).max(MATCHING_PAIRS.max, `At most ${MATCHING_PAIRS.max} pairs`),
  /** Right-hand texts that match no left-hand one (the learner sees them among the others). */
  distractors: z
    .array(richTextSchema)
    .max(MATCHING_DISTRACTORS_MAX, `At most ${MATCHING_DISTRACTORS_MAX} extra right-hand texts`)
    .default([]),
});
export type Matching = z.infer<typeof matchingSchema>;

export const orderingSchema = z.object({
  /** The items in their right order (the learner gets them shuffled). */
  items: z
    .array(richTextSchema)
    .max(ORDERING_ITEMS.max, `At most ${ORDERING_ITEMS.max} items to put in order`),
});
export type Ordering = z.infer<typeof orderingSchema>;

const gapText = textSchema({ max: 200 });
export const clozeGapSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('choice'),
    /** Plain text shown in a drop-down inside the sentence; exactly one is correct. */
    choices: z
      .array(z.object({ text: gapText, correct: z.boolean() }))
      .max(CLOZE_CHOICES.max, `At most ${CLOZE_CHOICES.max} choices in a gap`),
  }),
  z.object({
    kind: z.literal('text'),
    /** Every accepted answer (plain text), compared with spacing folded. */
    answers: z.array(gapText).max(20, 'At most 20 accepted answers in a gap'),
    caseSensitive: z.boolean().default(false),
  }),
]);
export type ClozeGap = z.infer<typeof clozeGapSchema>;
export const clozeSchema = z.object({
  /** One per `___` of the stem, in order. */
  gaps: z.array(clozeGapSchema).max(CLOZE_GAPS_MAX, `At most ${CLOZE_GAPS_MAX} gaps`),
});
export type Cloze = z.infer<typeof clozeSchema>;

interface Structured {
  type: string;
  stem: string;
  matching: Matching | null;
  ordering: Ordering | null;
  cloze: Cloze | null;
}
type Add = (path: (string | number)[], message: string) => void;

/** Text with its tags removed, to tell an empty rich-text field from a filled one. */
export const isBlankHtml = (html: string | null) =>
  !html || (!/<img\b/i.test(html) && html.replace(/<[^>]*>|&nbsp;|\s/g, '') === '');

/** The same text twice (markup and case aside) would make two answers indistinguishable. */
const sameText = (html: string) =>
  html
    .replace(/<[^>]*>|&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

function firstRepeat(texts: string[]): [number, number] | null {
  const seen = new Map<string, number>();
  for (const [i, t] of texts.entries()) {
    if (/<img\b/i.test(t)) continue;
    const key = sameText(t);
    const before = seen.get(key);
    if (key && before !== undefined) return [before, i];
    seen.set(key, i);
  }
  return null;
}

function matchingProblems(m: Matching | null, add: Add) {
  if (!m) return add(['matching'], 'Give the pairs to match');
  if (m.pairs.length < MATCHING_PAIRS.min)
    add(['matching', 'pairs'], `Give at least ${MATCHING_PAIRS.min} pairs`);
  m.pairs.forEach((p, i) => {
    if (isBlankHtml(p.left))
      add(['matching', 'pairs', i, 'left'], `Pair ${i + 1} has no left-hand side`);
    if (isBlankHtml(p.right))
      add(['matching', 'pairs', i, 'right'], `Pair ${i + 1} has no right-hand side`);
  });
  m.distractors.forEach((d, i) => {
    if (isBlankHtml(d))
      add(['matching', 'distractors', i], `Extra right-hand text ${i + 1} is empty`);
  });
  const rights = [...m.pairs.map((p) => p.right), ...m.distractors];
  const repeat = firstRepeat(rights);
  if (repeat) {
    const name = (i: number) =>
      i < m.pairs.length
        ? `pair ${i + 1}'s right-hand side`
        : `extra right-hand text ${i - m.pairs.length + 1}`;
    add(['matching'], `The right-hand texts must differ: ${name(repeat[1])} is ${name(repeat[0])}`);
  }
  const leftRepeat = firstRepeat(m.pairs.map((p) => p.left));
  if (leftRepeat)
    add(
      ['matching', 'pairs', leftRepeat[1], 'left'],
      `Pair ${leftRepeat[1] + 1} has the same left-hand side as pair ${leftRepeat[0] + 1}`,
    );
}

function orderingProblems(o: Ordering | null, add: Add) {
  if (!o) return add(['ordering'], 'Give the items to put in order');
  if (o.items.length < ORDERING_ITEMS.min)
    add(['ordering', 'items'], `Give at least ${ORDERING_ITEMS.min} items to put in order`);
  o.items.forEach((item, i) => {
    if (isBlankHtml(item)) add(['ordering', 'items', i], `Item ${i + 1} is empty`);
  });
  const repeat = firstRepeat(o.items);
  if (repeat)
    add(
      ['ordering', 'items', repeat[1]],
      `Item ${repeat[1] + 1} is the same as item ${repeat[0] + 1}: the right order would be ambiguous`,
    );
}

function clozeProblems(stem: string, c: Cloze | null, add: Add) {
  const inStem = stem.match(BLANK_PATTERN)?.length ?? 0;
  if (inStem === 0) add(['stem'], 'Mark each gap in the text with ___ (three underscores)');
  const gaps = c?.gaps ?? [];
  if (inStem && inStem !== gaps.length)
    add(
      ['cloze', 'gaps'],
      `The text has ${inStem} gap${inStem === 1 ? '' : 's'} but ${gaps.length} ${gaps.length === 1 ? 'is' : 'are'} described`,
    );
  gaps.forEach((g, i) => {
    const at = ['cloze', 'gaps', i];
    const n = i + 1;
    if (g.kind === 'text') {
      if (!g.answers.some((a) => a.trim()))
        add([...at, 'answers'], `Gap ${n} has no accepted answer`);
      else if (g.answers.some((a) => !a.trim()))
        add([...at, 'answers'], `Gap ${n}: an accepted answer is empty`);
      return;
    }
    if (g.choices.length < CLOZE_CHOICES.min)
      add([...at, 'choices'], `Gap ${n}: give at least ${CLOZE_CHOICES.min} choices`);
    g.choices.forEach((ch, j) => {
      if (!ch.text.trim()) add([...at, 'choices', j, 'text'], `Gap ${n}: choice ${j + 1} is empty`);
    });
    const correct = g.choices.filter((ch) => ch.correct).length;
    if (correct !== 1)
      add(
        [...at, 'choices'],
        correct === 0
          ? `Gap ${n}: mark the correct choice`
          : `Gap ${n}: mark exactly one choice as correct`,
      );
    const repeat = firstRepeat(g.choices.map((ch) => ch.text));
    if (repeat)
      add(
        [...at, 'choices'],
        `Gap ${n}: choice ${repeat[1] + 1} is the same as choice ${repeat[0] + 1}`,
      );
  });
}

/** The structured types' rules, and that no other type carries their parts. */
export function structuredProblems(q: Structured, add: Add) {
  if (q.type === 'matching') matchingProblems(q.matching, add);
  else if (q.matching) add(['matching'], 'Only a matching question has pairs');
  if (q.type === 'ordering') orderingProblems(q.ordering, add);
  else if (q.ordering) add(['ordering'], 'Only an ordering question has items to put in order');
  if (q.type === 'cloze') clozeProblems(q.stem, q.cloze, add);
  else if (q.cloze) add(['cloze'], 'Only a cloze question has gaps');
}
