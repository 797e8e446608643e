import type { AssessmentKind } from '@bo/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { KINDS } from '../kinds.ts';
import { useAssessmentMutation } from './assessment-keys.ts';

/** The kind's mapping route: bank questions added at the end (or of a section), once each. */
export const useMapQuestions = (kind: AssessmentKind) =>
  useAssessmentMutation((body: { id: number; questionIds: number[]; sectionId?: number | null }) =>
    apiCall(KINDS[kind].ops.mapQuestions, { body }),
  );
