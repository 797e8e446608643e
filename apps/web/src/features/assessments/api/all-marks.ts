import type { AssessmentKind } from '@bo/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { KINDS } from '../kinds.ts';
import { useAssessmentMutation } from './assessment-keys.ts';

/** One set of marks for every question of the assessment, where the kind has it. */
export const useAllMarks = (kind: AssessmentKind) =>
  useAssessmentMutation((body: { id: number; marks: number; negativeMarks: number }) => {
    const op = KINDS[kind].ops.allMarks;
    if (!op) throw new Error('Not available for this kind');
    return apiCall(op, { body });
  });
