import type { AssessmentKind } from '@bo/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { KINDS } from '../kinds.ts';
import { useAssessmentMutation } from './assessment-keys.ts';

/** Remove items (questions or instruction blocks); the positions close up. */
export const useRemoveItems = (kind: AssessmentKind) =>
  useAssessmentMutation((body: { id: number; itemIds: number[] }) =>
    apiCall(KINDS[kind].ops.removeItems, { body }),
  );
