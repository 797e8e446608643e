import { z } from 'zod';
import { textSchema } from './common.ts';

/**
 * The result options every kind shares (docs/assessments.md, "Result
 * options"): a pass mark, grade bands with feedback, and when learners see
 * the right answers. The pass mark and the bands are percentages of the
 * marks the attempt could earn, not marks: the total moves as items are
 * added, removed or re-marked, and a percentage stays true through that.
 */

/** When learners may see the right answers (the key, model answers, explanations). */
export const REVIEW_MODES = ['after_each', 'after_submit', 'after_close', 'never'] as const;
export const reviewModeSchema = z.enum(REVIEW_MODES);
export type ReviewMode = z.infer<typeof reviewModeSchema>;

export const REVIEW_MODE_LABELS: Record<ReviewMode, string> = {
  after_each: 'After each question',
  after_submit: 'After submitting',
  after_close: 'After the assessment closes',
  never: 'Never',
};

export const MAX_GRADE_BANDS = 10;

/** A whole percentage of the attempt's marks, 0 to 100. */
const percent = z
  .number()
  .int('Whole percentages only')
  .min(0, 'At least 0%')
  .max(100, 'At most 100%');

/**
 * The pass mark, as a percentage; null: no pass mark, the result shows no
 * pass or fail. Named `cutoffPercent` rather than `passPercent`: the audit
 * hides the value of any key containing "pass" (a password's), and a pass
 * mark must show in the trail.
 */
export const cutoffPercentSchema = percent.min(1, 'At least 1% (leave it empty for no pass mark)');

/**
 * A band runs from its `fromPercent` up to the next band's (the last one to
 * 100%), so bands cannot overlap or leave a gap: the first starts at 0%.
 */
export const gradeBandSchema = z.object({
  fromPercent: percent,
  label: textSchema({ min: 1, max: 60 }),
  feedback: textSchema({ max: 1000, multiline: true }),
});
export type GradeBand = z.infer<typeof gradeBandSchema>;

/** Rules between bands, in an administrator's words, each on its field. */
export function gradeBandProblems(bands: readonly GradeBand[]) {
  const problems: { path: (string | number)[]; message: string }[] = [];
  if (bands[0] && bands[0].fromPercent !== 0)
    problems.push({
      path: [0, 'fromPercent'],
      message: 'The first band starts at 0%, so every score has a band',
    });
  const labels = new Set<string>();
  bands.forEach((b, i) => {
    const before = bands[i - 1];
    if (before && b.fromPercent <= before.fromPercent)
      problems.push({
        path: [i, 'fromPercent'],
        message: `Must start above the band before it (“${before.label}”, from ${before.fromPercent}%)`,
      });
    const key = b.label.trim().toLowerCase();
    if (key && labels.has(key))
      problems.push({ path: [i, 'label'], message: 'Each band needs a label of its own' });
    labels.add(key);
  });
  return problems;
}

export const gradeBandsSchema = z
  .array(gradeBandSchema)
  .max(MAX_GRADE_BANDS, `At most ${MAX_GRADE_BANDS} grade bands`)
  .superRefine((bands, ctx) => {
    for (const p of gradeBandProblems(bands)) ctx.addIssue({ code: 'custom', ...p });
  });

/** As answered (plain types). */
export const storedGradeBandSchema = z.object({
  fromPercent: z.number().int(),
  label: z.string(),
  feedback: z.string(),
});
