import type { AssessmentKind } from '@bo/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { KINDS } from '../kinds.ts';
import { useAssessmentMutation } from './assessment-keys.ts';

/**
 * Every item id in the new order (a 409 when the items changed meanwhile).
 * Resolves once the builder has been read again, so the optimistic order
 * gives way to the saved one without a flicker.
 */
export const useReorderItems = (kind: AssessmentKind) =>
  useAssessmentMutation((body: { id: number; itemIds: number[] }) => {
    const op = KINDS[kind].ops.reorder;
    if (!op) throw new Error('Not available for this kind');
    return apiCall(op, { body });
  });
