import type { AssessmentDetail, AssessmentSection } from '@bo/contract';
import { sectionRuleSchema } from '@bo/contract/assessments';
import { DIFFICULTIES, type QuestionType } from '@bo/contract/questions';
import { validateWith } from '../../../lib/form.ts';

type Difficulty = (typeof DIFFICULTIES)[number];
type Mix = Record<Difficulty, number>;

/** The rule as the dialog's form holds it: empty counts and tag for "none". */
export interface FillValues {
  gradeId: number | null;
  subjectId: number | null;
  chapterId: number | null;
  topicId: number | null;
  type: QuestionType | null;
  tag: string;
  mix: Record<Difficulty, number | ''>;
}

/** The section's kept rule to run again, else the assessment's subject and the section's chapter. */
export function fillValuesOf(a: AssessmentDetail, s: AssessmentSection): FillValues {
  const r = s.rule;
  const subjectId = r ? r.subjectId : a.subjectId;
  return {
    // The grade is no filter of the rule, it only narrows the subjects offered:
    // shown when the subject is the assessment's, whose grade is known.
    gradeId: subjectId && subjectId === a.subjectId ? a.gradeId : null,
    subjectId,
    chapterId: r ? r.chapterId : s.chapterId,
    topicId: r?.topicId ?? null,
    type: r?.type ?? null,
    tag: r?.tag ?? '',
    mix: r ? { ...r.mix } : { easy: '', medium: '', hard: '' },
  };
}

/** The body's `rule` (typed plainly: the fill's answer is read against its `mix`). */
export const toRule = (v: FillValues) => ({
  subjectId: v.subjectId,
  chapterId: v.chapterId,
  topicId: v.topicId,
  type: v.type,
  tag: v.tag.trim() || null,
  mix: {
    easy: v.mix.easy === '' ? 0 : v.mix.easy,
    medium: v.mix.medium === '' ? 0 : v.mix.medium,
    hard: v.mix.hard === '' ? 0 : v.mix.hard,
  } satisfies Mix,
});

const check = validateWith(sectionRuleSchema);
/** The contract's rule checks, on the form's fields (`mix` itself: "ask for at least one"). */
export const validateFill = (v: FillValues) => check(toRule(v));

const count = (n: number) => `${n} ${n === 1 ? 'question' : 'questions'}`;

/** What a fill did, in words: added per difficulty, and what the bank lacked. */
export function fillOutcome(mix: Mix, short: Mix) {
  const added = DIFFICULTIES.filter((d) => mix[d] > 0).map((d) => `${mix[d] - short[d]} ${d}`);
  const total = DIFFICULTIES.reduce((n, d) => n + mix[d] - short[d], 0);
  return {
    added: `${count(total)} added: ${added.join(', ')}.`,
    shortfalls: DIFFICULTIES.filter((d) => short[d] > 0).map(
      (d) =>
        `The bank had only ${mix[d] - short[d]} ${d} ${mix[d] - short[d] === 1 ? 'question' : 'questions'} for this rule (${mix[d]} asked).`,
    ),
  };
}

/** A kept rule in a few words, as the section's header shows it. */
export const ruleSummary = (mix: Mix) =>
  `Rule: ${DIFFICULTIES.filter((d) => mix[d] > 0)
    .map((d) => `${mix[d]} ${d}`)
    .join(', ')}`;
