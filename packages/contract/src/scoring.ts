import type { GradeBand } from './assessment-options.ts';
import type { AssessmentDetail, AssessmentItem } from './assessments.ts';

/**
 * How an attempt scores under an assessment's marking: the learner preview
 * works a sample attempt out with it, and the learner app's results will be
 * the same function. No zod here: the preview loads it with the builder.
 */

/** A learner's answer to one question item, by its type. */
export type Answer =
  | { optionIds: string[] }
  /** Fill in the blank and cloze: one text per blank or gap (a choice gap's chosen choice text). */
  | { blanks: string[] }
  /** Matching: per pair, in order, the index of the right-hand text chosen among the pairs' right-hand sides then the extra ones (null: left unmatched). */
  | { matches: (number | null)[] }
  /** Ordering: the items' indexes (their right order is 0, 1, 2…) in the order the learner put them. */
  | { order: number[] }
  | { value: number }
  | { text: string };

export type Outcome = 'correct' | 'partial' | 'wrong' | 'unanswered' | 'to_mark';

export interface ItemScore {
  itemId: number;
  outcome: Outcome;
  /** Marks won (negative for a wrong answer with negative marks). */
  marks: number;
  /** What a fully right answer is worth. */
  max: number;
}

export interface AttemptScore {
  score: number;
  max: number;
  correct: number;
  partial: number;
  wrong: number;
  unanswered: number;
  /** Subjective answers: a teacher marks them, they count 0 here. */
  toMark: number;
  items: ItemScore[];
}

type Marking = Pick<AssessmentDetail, 'partialCredit' | 'unansweredMarks'>;

const quarter = (n: number) => Math.round(n * 4) / 4;

const normalise = (s: string, caseSensitive: boolean) => {
  const t = s.trim().replace(/\s+/g, ' ');
  return caseSensitive ? t : t.toLowerCase();
};

/**
 * Matching, ordering and cloze (docs/decisions.md): with per-option credit a
 * share per pair, position or gap right; otherwise all or nothing. Nothing
 * right is wrong, so negative marks apply to it either way.
 */
function partsShare(right: boolean[], marking: Marking): number {
  const n = right.filter(Boolean).length;
  if (right.length === 0 || n === right.length) return right.length ? 1 : 0;
  return marking.partialCredit === 'per_option' ? n / right.length : 0;
}

/** The share (0..1) of the marks an answer earns, or null when it is not answered. */
function share(item: AssessmentItem, answer: Answer | undefined, marking: Marking): number | null {
  const q = item.question!;
  switch (q.type) {
    case 'single_choice':
    case 'true_false':
    case 'multiple_choice': {
      const chosen = new Set(answer && 'optionIds' in answer ? answer.optionIds : []);
      if (chosen.size === 0) return null;
      const right = new Set<string>(q.options.filter((o) => o.correct).map((o) => o.id));
      if ([...chosen].some((id) => !right.has(id))) return 0;
      if (chosen.size === right.size) return 1;
      // Only correct options chosen, not all of them.
      return q.type === 'multiple_choice' && marking.partialCredit === 'per_option'
        ? chosen.size / right.size
        : 0;
    }
    case 'fill_blank': {
      const given = answer && 'blanks' in answer ? answer.blanks : [];
      if (given.every((g) => !g.trim())) return null;
      const ok = q.blanks.every((b, i) =>
        b.answers.some(
          (a) => normalise(a, b.caseSensitive) === normalise(given[i] ?? '', b.caseSensitive),
        ),
      );
      return ok ? 1 : 0;
    }
    case 'matching': {
      const pairs = q.matching?.pairs ?? [];
      const given = answer && 'matches' in answer ? answer.matches : [];
      if (given.every((g) => g == null)) return null;
      return partsShare(
        pairs.map((_, i) => given[i] === i),
        marking,
      );
    }
    case 'ordering': {
      const items = q.ordering?.items ?? [];
      const given = answer && 'order' in answer ? answer.order : [];
      if (given.length === 0) return null;
      return partsShare(
        items.map((_, i) => given[i] === i),
        marking,
      );
    }
    case 'cloze': {
      const given = answer && 'blanks' in answer ? answer.blanks : [];
      if (given.every((g) => !g?.trim())) return null;
      const right = (q.cloze?.gaps ?? []).map((g, i) => {
        const text = given[i] ?? '';
        if (g.kind === 'choice')
          return g.choices.some(
            (c) => c.correct && normalise(c.text, true) === normalise(text, true),
          );
        return g.answers.some(
          (a) => normalise(a, g.caseSensitive) === normalise(text, g.caseSensitive),
        );
      });
      return partsShare(right, marking);
    }
    case 'numeric': {
      if (!answer || !('value' in answer) || !Number.isFinite(answer.value)) return null;
      const n = q.numeric!;
      return Math.abs(answer.value - n.value) <= n.tolerance + 1e-9 ? 1 : 0;
    }
    default:
      return null;
  }
}

/** Scores `answers` (by item id) against the active question items of `a`. */
export function scoreAttempt(
  a: Marking & { items: AssessmentItem[] },
  answers: Record<number, Answer | undefined>,
): AttemptScore {
  const result: AttemptScore = {
    score: 0,
    max: 0,
    correct: 0,
    partial: 0,
    wrong: 0,
    unanswered: 0,
    toMark: 0,
    items: [],
  };
  for (const item of a.items) {
    if (item.kind !== 'question' || !item.active || !item.question) continue;
    const max = item.marks ?? 0;
    const answer = answers[item.id];
    let outcome: Outcome;
    let marks: number;
    if (item.question.type === 'subjective') {
      const written = answer && 'text' in answer && answer.text.trim();
      outcome = written ? 'to_mark' : 'unanswered';
      marks = written ? 0 : a.unansweredMarks;
    } else {
      const s = share(item, answer, a);
      if (s === null) [outcome, marks] = ['unanswered', a.unansweredMarks];
      else if (s === 1) [outcome, marks] = ['correct', max];
      else if (s > 0) [outcome, marks] = ['partial', quarter(max * s)];
      else [outcome, marks] = ['wrong', -(item.negativeMarks ?? 0)];
    }
    const key = outcome === 'to_mark' ? 'toMark' : outcome;
    result[key] += 1;
    result.score += marks;
    result.max += max;
    result.items.push({ itemId: item.id, outcome, marks, max });
  }
  result.score = quarter(result.score);
  return result;
}

/** A score against the pass mark and the grade bands (percentages of the marks it could earn). */
export interface AttemptResult {
  /** The score as a percentage of the marks, to one decimal; below 0 with negative marks. */
  percent: number;
  /** Null when the assessment has no pass mark. */
  passed: boolean | null;
  /** The band the percentage falls in (a score below 0 falls in the first); null without bands. */
  band: GradeBand | null;
}

/**
 * Pass or fail and the grade band of a score: passed when the percentage
 * reaches the pass mark; the band is the last one starting at or below the
 * percentage. Subjective answers still "to mark" count 0, so the result of
 * such an attempt is provisional.
 */
export function attemptResult(
  a: { cutoffPercent: number | null; gradeBands: readonly GradeBand[] },
  score: Pick<AttemptScore, 'score' | 'max'>,
): AttemptResult {
  const exact = score.max > 0 ? (score.score / score.max) * 100 : 0;
  let band: GradeBand | null = a.gradeBands[0] ?? null;
  for (const b of a.gradeBands) if (exact >= b.fromPercent) band = b;
  return {
    percent: Math.round(exact * 10) / 10,
    passed: a.cutoffPercent == null ? null : exact >= a.cutoffPercent,
    band,
  };
}
