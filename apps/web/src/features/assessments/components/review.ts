import type { ReviewMode } from '@bo/contract/assessment-options';
import { formatDateTime } from '../../../lib/format-date.ts';

/**
 * Whether the preview shows a question's right answer (the key, model
 * answer, explanation, and whether the learner's answer was right), by the
 * assessment's `showAnswers`, as a learner would see it: after checking
 * that question, after submitting, once the window has closed, or never.
 */
export function answersShown(
  mode: ReviewMode,
  at: { submitted: boolean; checked: boolean; closesAt: string | null; now: number },
): boolean {
  switch (mode) {
    case 'after_each':
      return at.checked || at.submitted;
    case 'after_submit':
      return at.submitted;
    case 'after_close':
      return at.submitted && !!at.closesAt && at.now >= Date.parse(at.closesAt);
    case 'never':
      return false;
  }
}

/** What the scored preview says when the answers stay hidden. */
export function hiddenAnswersNote(mode: ReviewMode, closesAt: string | null): string | null {
  if (mode === 'never') return 'Learners never see the right answers: only their score and result.';
  if (mode === 'after_close')
    return `Learners see the right answers once the assessment closes${closesAt ? ` (${formatDateTime(closesAt)})` : ''}.`;
  return null;
}
