import type { AssessmentKind } from '@bo/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { KINDS } from '../kinds.ts';
import { useAssessmentMutation } from './assessment-keys.ts';

/** An instruction block (sanitised rich text) at the end, or of a section. */
export const useAddInstruction = (kind: AssessmentKind) =>
  useAssessmentMutation((body: { id: number; html: string; sectionId?: number | null }) => {
    const op = KINDS[kind].ops.instruction;
    if (!op) throw new Error('Not available for this kind');
    return apiCall(op, { body });
  });
