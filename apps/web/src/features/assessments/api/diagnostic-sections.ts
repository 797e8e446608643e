import { diagnosticTestRoutes } from '@bo/contract/diagnostic-tests-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall, postCall } from '../../../lib/api-client.ts';
import { useAssessmentMutation } from './assessment-keys.ts';

/** GET /promotional/getdiagnostictoc: the subject's chapters, each with its section or none. */
export function useDiagnosticToc(id: number) {
  return useQuery({
    queryKey: ['assessments', 'diagnostic', 'toc', id],
    queryFn: ({ signal }) =>
      apiCall(diagnosticTestRoutes.getDiagnosticToc, { query: { id }, signal }),
  });
}

/** POST /promotional/adddiagnosticpraticemap: the section for one chapter. */
export const useAddChapterSection = () =>
  useAssessmentMutation(postCall(diagnosticTestRoutes.addDiagnosticPracticeMap));

/** POST /promotional/editdiagnosticpractice: a section's name, instructions or time. */
export const useEditSection = () =>
  useAssessmentMutation(postCall(diagnosticTestRoutes.editDiagnosticPractice));
