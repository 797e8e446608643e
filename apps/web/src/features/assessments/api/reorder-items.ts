import type { AssessmentKind, reorderItemsBody } from '@bo/contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client.ts';
import { KINDS } from '../kinds.ts';
import { useAssessmentMutation } from './assessment-keys.ts';

/**
 * Every item id in the new order (a 409 when the items changed meanwhile),
 * with every section id when the sections move, or the items that change
 * section. Resolves once the builder has been read again, so the optimistic
 * order gives way to the saved one without a flicker.
 */
export const useReorderItems = (kind: AssessmentKind) =>
  useAssessmentMutation((body: z.input<typeof reorderItemsBody>) => {
    const op = KINDS[kind].ops.reorder;
    if (!op) throw new Error('Not available for this kind');
    return apiCall(op, { body });
  });
