import type { AssessmentKind } from '@bo/contract';
import {
  IconCertificate,
  IconClipboardList,
  IconDeviceTv,
  IconStethoscope,
} from '@tabler/icons-react';
import { createElement } from 'react';
import { type Area, screen } from '../../lib/area.ts';

/**
 * The four kinds of assessment share one list screen and one builder (driven
 * by kinds.ts); each is an area of its own for the sidebar and its module's
 * access. Paths match kinds.ts, which is not imported here: its route
 * modules would join the areas' chunk.
 */
function assessmentArea(
  kind: AssessmentKind,
  area: Pick<Area, 'label' | 'path' | 'icon' | 'access' | 'description'>,
  crumb: string,
): Area {
  return {
    ...area,
    load: screen(() =>
      import('./routes/list-page.tsx').then(
        (m) => () => createElement(m.AssessmentsListPage, { kind }),
      ),
    ),
    pages: [
      {
        path: ':id',
        crumb,
        load: screen(() =>
          import('./routes/builder-page.tsx').then(
            (m) => () => createElement(m.AssessmentBuilderPage, { kind }),
          ),
        ),
        // A small chunk of its own, so the read starts before the builder's code has arrived.
        prefetch: (prefetch, params, search) =>
          void import('./api/get-assessment.ts').then((m) =>
            m.prefetchAssessment(kind)(prefetch, params, search),
          ),
      },
      {
        path: ':id/preview',
        crumb: 'Preview',
        load: screen(() =>
          import('./routes/preview-page.tsx').then(
            (m) => () => createElement(m.AssessmentPreviewPage, { kind }),
          ),
        ),
      },
    ],
  };
}

export const practicesArea = assessmentArea(
  'practice',
  {
    label: 'Practices',
    path: '/practices',
    icon: IconClipboardList,
    access: 'practices',
    description: 'Practices on book chapters and topics: build them from the question bank.',
  },
  'Practice',
);

export const mockTestsArea = assessmentArea(
  'mock_test',
  {
    label: 'Mock tests',
    path: '/mock-tests',
    icon: IconCertificate,
    access: 'mock_tests',
    description: 'Timed tests in sections, by test category: build, clone and preview them.',
  },
  'Mock test',
);

export const diagnosticTestsArea = assessmentArea(
  'diagnostic',
  {
    label: 'Diagnostic tests',
    path: '/diagnostic-tests',
    icon: IconStethoscope,
    access: 'diagnostic_tests',
    description: 'A test per subject with a section per chapter.',
  },
  'Diagnostic test',
);

export const videoQuizzesArea = assessmentArea(
  'video_quiz',
  {
    label: 'Video quizzes',
    path: '/video-quizzes',
    icon: IconDeviceTv,
    access: 'promotional',
    description: 'Questions at moments of a video: place them from the player.',
  },
  'Video quiz',
);
