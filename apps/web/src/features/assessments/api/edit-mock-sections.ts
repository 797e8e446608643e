import type { SectionInput } from '@bo/contract';
import { mockTestRoutes } from '@bo/contract/mock-tests-routes';
import { apiCall } from '../../../lib/api-client.ts';
import { useAssessmentMutation } from './assessment-keys.ts';

/**
 * POST /practice/editmocktest with `sections`: the whole ordered list (kept
 * with an id, new without, left out removed; a removed section's items stay).
 */
export const useEditMockSections = () =>
  useAssessmentMutation((body: { id: number; sections: Partial<SectionInput>[] }) =>
    apiCall(mockTestRoutes.editMockTest, { body: body as never }),
  );
