import type { AssessmentKind } from '@bo/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { KINDS } from '../kinds.ts';
import { useAssessmentMutation } from './assessment-keys.ts';

/** A draft copy ("Copy of …") with its sections and items, where the kind clones. */
export const useClone = (kind: AssessmentKind) =>
  useAssessmentMutation((body: { id: number }) => {
    const op = KINDS[kind].ops.clone;
    if (!op) throw new Error('Not available for this kind');
    return apiCall(op, { body });
  });
