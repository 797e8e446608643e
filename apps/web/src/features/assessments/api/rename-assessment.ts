import type { AssessmentKind } from '@bo/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { KINDS } from '../kinds.ts';
import { useAssessmentMutation } from './assessment-keys.ts';

/** The kind's rename route (a mock test's goes through editmocktest with the name alone). */
export const useRename = (kind: AssessmentKind) =>
  useAssessmentMutation((body: { id: number; name: string }) => {
    const op = KINDS[kind].ops.rename;
    if (!op) throw new Error(`A ${KINDS[kind].label.toLowerCase()} cannot be renamed`);
    return apiCall(op, { body });
  });
