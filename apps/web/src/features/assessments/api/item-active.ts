import type { AssessmentKind } from '@bo/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { KINDS } from '../kinds.ts';
import { useAssessmentMutation } from './assessment-keys.ts';

/** Activate or deactivate one item, where the kind has it. */
export const useItemActive = (kind: AssessmentKind) =>
  useAssessmentMutation((body: { id: number; itemId: number; active: boolean }) => {
    const op = KINDS[kind].ops.itemActive;
    if (!op) throw new Error('Not available for this kind');
    return apiCall(op, { body });
  });
