import type { AssessmentKind } from '@bo/contract';
import { diagnosticTestRoutes } from '@bo/contract/diagnostic-tests-routes';
import { mockTestRoutes } from '@bo/contract/mock-tests-routes';
import { practiceRoutes } from '@bo/contract/practices-routes';
import { videoQuizRoutes } from '@bo/contract/video-quizzes-routes';
import { apiCall } from '../../../lib/api-client.ts';
import { useAssessmentMutation } from './assessment-keys.ts';

/** What the "New" dialog collects; each kind reads the owner fields it has. */
export interface NewAssessment {
  name: string;
  tocNodeId?: number | null;
  testCategoryId?: number | null;
  gradeId?: number | null;
  subjectId?: number | null;
  videoId?: number | null;
}

const need = (value: number | null | undefined) => value ?? 0;

/** The kind's create route (createpractice, addmocktest, adddiagnsotictest, addpracticeforvideo). */
export function createAssessment(kind: AssessmentKind, v: NewAssessment) {
  const name = v.name;
  switch (kind) {
    case 'practice':
      return apiCall(practiceRoutes.createPractice, {
        body: { name, tocNodeId: need(v.tocNodeId) },
      });
    case 'mock_test':
      return apiCall(mockTestRoutes.addMockTest, {
        body: {
          name,
          testCategoryId: need(v.testCategoryId),
          gradeId: v.gradeId ?? null,
          subjectId: v.subjectId ?? null,
        },
      });
    case 'diagnostic':
      return apiCall(diagnosticTestRoutes.addDiagnosticTest, {
        body: { name, gradeId: need(v.gradeId), subjectId: need(v.subjectId) },
      });
    case 'video_quiz':
      return apiCall(videoQuizRoutes.addPracticeForVideo, {
        body: { name, videoId: need(v.videoId) },
      });
  }
}

export const useCreateAssessment = (kind: AssessmentKind) =>
  useAssessmentMutation((v: NewAssessment) => createAssessment(kind, v));
