import type { AssessmentDetail, AssessmentItem } from './assessments.ts';

/**
 * The order one attempt shows: with `shuffleQuestions`, the questions of
 * each section (and those outside any section) in an order of their own;
 * with `shuffleOptions`, the options of each single and multiple choice
 * question (true/false keeps True before False). The same seed always gives
 * the same order, so an attempt resumed shows what it showed; the learner
 * app seeds it with the attempt's id, the builder's preview with a new seed
 * per "Start again". No zod here: the preview loads it with the builder.
 *
 * Sections keep their order, and an instruction block travels with the
 * question after it (it introduces that question). A video quiz's questions
 * stay at their moments: its question order is never shuffled.
 */
type Shuffled = Pick<AssessmentDetail, 'kind' | 'shuffleQuestions' | 'shuffleOptions'> & {
  items: AssessmentItem[];
};

/** A small seeded generator (mulberry32 over a 32-bit hash of the seed): stable everywhere. */
function generator(seed: string) {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let t = h >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(list: T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Runs of items of one section, in order; each run split into [instructions…, question] units. */
function units(items: AssessmentItem[]) {
  const runs: { units: AssessmentItem[][]; tail: AssessmentItem[] }[] = [];
  let last: number | null | undefined;
  for (const item of items) {
    if (item.sectionId !== last || runs.length === 0) runs.push({ units: [], tail: [] });
    last = item.sectionId;
    const run = runs[runs.length - 1]!;
    run.tail.push(item);
    if (item.kind === 'question') {
      run.units.push(run.tail);
      run.tail = [];
    }
  }
  return runs;
}

const SHUFFLED_OPTIONS = new Set(['single_choice', 'multiple_choice']);

export function attemptOrder<A extends Shuffled>(a: A, seed: string): AssessmentItem[] {
  const random = generator(`${seed}`);
  const questionsMove = a.shuffleQuestions && a.kind !== 'video_quiz';
  const ordered = questionsMove
    ? units(a.items).flatMap((run) => [...shuffle(run.units, random).flat(), ...run.tail])
    : a.items;
  if (!a.shuffleOptions) return ordered;
  return ordered.map((item) =>
    item.question && SHUFFLED_OPTIONS.has(item.question.type)
      ? { ...item, question: { ...item.question, options: shuffle(item.question.options, random) } }
      : item,
  );
}

/**
 * The order a matching question's right-hand texts (the pairs' then the
 * extra ones) or an ordering question's items are shown in, as indexes of
 * the stored lists: always shuffled, whatever `shuffleOptions` says (in the
 * stored order the answer would be shown), and an ordering question never
 * shows its right order. The answer names the stored indexes (scoring.ts),
 * so the shown order never changes the score. Null for the other types.
 */
export function shownOrder(
  question: Pick<NonNullable<AssessmentItem['question']>, 'type' | 'matching' | 'ordering'>,
  seed: string,
): number[] | null {
  const random = generator(`${seed}`);
  const indexes = (n: number) => Array.from({ length: n }, (_, i) => i);
  if (question.type === 'matching' && question.matching) {
    const m = question.matching;
    return shuffle(indexes(m.pairs.length + m.distractors.length), random);
  }
  if (question.type === 'ordering' && question.ordering) {
    const order = shuffle(indexes(question.ordering.items.length), random);
    // Shuffled back into place: shown one step round instead.
    return order.every((v, i) => v === i) ? [...order.slice(1), order[0]!] : order;
  }
  return null;
}
