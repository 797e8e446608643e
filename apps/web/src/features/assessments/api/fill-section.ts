import type { AssessmentKind, fillSectionBody } from '@bo/contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client.ts';
import { KINDS } from '../kinds.ts';
import { useAssessmentMutation } from './assessment-keys.ts';

export type FillSectionInput = z.input<typeof fillSectionBody>;

/**
 * The kind's rule fill (`/practice/fillsection`,
 * `/promotional/filldiagnosticsection`): answers how many were added and,
 * per difficulty, how many the bank lacked.
 */
export const useFillSection = (kind: AssessmentKind) =>
  useAssessmentMutation((body: FillSectionInput) => {
    const op = KINDS[kind].ops.fillSection;
    if (!op) throw new Error('Not available for this kind');
    return apiCall(op, { body });
  });
