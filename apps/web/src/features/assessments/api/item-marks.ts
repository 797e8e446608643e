import type { AssessmentKind } from '@bo/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { KINDS } from '../kinds.ts';
import { useAssessmentMutation } from './assessment-keys.ts';

/** One item's marks and negative marks. */
export const useItemMarks = (kind: AssessmentKind) =>
  useAssessmentMutation(
    (body: { id: number; itemId: number; marks: number; negativeMarks: number }) =>
      apiCall(KINDS[kind].ops.itemMarks, { body }),
  );
