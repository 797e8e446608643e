import type { AssessmentKind, AssessmentStatus } from '@bo/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { KINDS } from '../kinds.ts';
import { useAssessmentMutation } from './assessment-keys.ts';

/** The kind's status route; activating runs the checklist (409 with every problem in `details`). */
export const useChangeStatus = (kind: AssessmentKind) =>
  useAssessmentMutation((body: { id: number; status: AssessmentStatus }) =>
    apiCall(KINDS[kind].ops.status, { body }),
  );
