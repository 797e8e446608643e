import type { AssessmentKind } from '@bo/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { KINDS } from '../kinds.ts';
import { useAssessmentMutation } from './assessment-keys.ts';

type MarksBody = { id: number; itemIds?: number[]; marks: number; negativeMarks: number };

/**
 * One set of marks for every question (`itemIds` left out), or for the
 * chosen ones. Both go through the kind's "marks for all", which takes the
 * chosen ids in one change; a kind without it (diagnostic tests and video
 * quizzes, whose items are few) sets the chosen items one at a time.
 */
export const useSetMarks = (kind: AssessmentKind) =>
  useAssessmentMutation(async (body: MarksBody) => {
    const { allMarks, itemMarks } = KINDS[kind].ops;
    if (allMarks) return apiCall(allMarks, { body });
    const { itemIds, ...rest } = body;
    if (!itemIds) throw new Error('Not available for this kind');
    for (const itemId of itemIds) await apiCall(itemMarks, { body: { ...rest, itemId } });
  });
