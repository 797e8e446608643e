import type { GradeBand, ReviewMode } from '@bo/contract/assessment-options';
import type { AssessmentDetail } from '@bo/contract/assessments';

/**
 * The settings form's values and their conversion both ways: empty text
 * for "none", local date-times for the window, a band's start empty while
 * it is being typed (the contract then says "Required").
 */
export interface BandValues {
  fromPercent: number | '';
  label: string;
  feedback: string;
}

export interface SettingsValues {
  durationMinutes: number | '';
  defaultMarks: number | '';
  defaultNegativeMarks: number | '';
  unansweredMarks: number | '';
  partialCredit: 'all_or_nothing' | 'per_option';
  attemptsAllowed: number | '';
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  cutoffPercent: number | '';
  showAnswers: ReviewMode;
  gradeBands: BandValues[];
  availableFrom: string;
  availableTo: string;
}

/** `2026-11-23T10:00:00.000Z` -> `2026-11-23T15:30` in the browser's time zone (what datetime-local shows). */
const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (local: string) => (local ? new Date(local).toISOString() : null);
const orNull = (n: number | '') => (n === '' ? null : n);

export const settingsValuesOf = (d: AssessmentDetail): SettingsValues => ({
  durationMinutes: d.durationMinutes ?? '',
  defaultMarks: d.defaultMarks ?? '',
  defaultNegativeMarks: d.defaultNegativeMarks ?? '',
  unansweredMarks: d.unansweredMarks,
  partialCredit: d.partialCredit,
  attemptsAllowed: d.attemptsAllowed ?? '',
  shuffleQuestions: d.shuffleQuestions,
  shuffleOptions: d.shuffleOptions,
  cutoffPercent: d.cutoffPercent ?? '',
  showAnswers: d.showAnswers,
  gradeBands: d.gradeBands.map((b) => ({ ...b })),
  availableFrom: toLocal(d.availableFrom),
  availableTo: toLocal(d.availableTo),
});

export const settingsChange = (v: SettingsValues) => ({
  durationMinutes: orNull(v.durationMinutes),
  defaultMarks: orNull(v.defaultMarks),
  defaultNegativeMarks: orNull(v.defaultNegativeMarks),
  unansweredMarks: v.unansweredMarks === '' ? 0 : v.unansweredMarks,
  partialCredit: v.partialCredit,
  attemptsAllowed: orNull(v.attemptsAllowed),
  shuffleQuestions: v.shuffleQuestions,
  shuffleOptions: v.shuffleOptions,
  cutoffPercent: orNull(v.cutoffPercent),
  showAnswers: v.showAnswers,
  // An empty start is sent as typed so the contract names it; submit waits for it.
  gradeBands: v.gradeBands as GradeBand[],
  availableFrom: fromLocal(v.availableFrom),
  availableTo: fromLocal(v.availableTo),
});

/** A new band below the next free tenth, so adding one never starts out invalid when room is left. */
export function nextBand(bands: readonly BandValues[]): BandValues {
  const last = bands[bands.length - 1];
  if (!last) return { fromPercent: 0, label: '', feedback: '' };
  const from =
    last.fromPercent === '' ? '' : Math.min(100, (Math.floor(last.fromPercent / 10) + 1) * 10);
  return { fromPercent: from, label: '', feedback: '' };
}

/** "= 12 of 30 marks now": what a pass mark in percent means for the marks as they are. */
export function cutoffInMarks(percent: number | '', totalMarks: number): string | null {
  if (percent === '' || totalMarks <= 0) return null;
  const marks = Math.round(((percent * totalMarks) / 100) * 100) / 100;
  return `${marks} of ${totalMarks} marks now`;
}
