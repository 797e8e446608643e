import type { AssessmentKind, RouteAddress } from '@bo/contract';
import { diagnosticTestRoutes } from '@bo/contract/diagnostic-tests-routes';
import { mockTestRoutes } from '@bo/contract/mock-tests-routes';
import { practiceRoutes } from '@bo/contract/practices-routes';
import { videoQuizRoutes } from '@bo/contract/video-quizzes-routes';

type P = typeof practiceRoutes;
type M = typeof mockTestRoutes;

/**
 * The engine's operations as one kind's routes carry them. Every kind's
 * paths differ but carry the same bodies (docs/assessments.md), so each
 * operation is typed by one kind's route and the others fit it. An absent
 * operation is one the kind does not have (a video quiz orders by moments,
 * not by dragging).
 */
export interface KindOps {
  list: RouteAddress<P['listPractices']>;
  detail: RouteAddress<P['getQuizByPractice']>;
  /** The assessment as a QTI 3.0 package or QuML 1.1 JSON. */
  exportContent: RouteAddress<P['exportPractice']>;
  status: RouteAddress<M['changeMockTestStatus']>;
  rename?: RouteAddress<P['updatePracticeName']>;
  /** Duration, default marks, marking, attempts, shuffles, window. */
  settings: RouteAddress<P['updatePracticeDetails']>;
  mapQuestions: RouteAddress<P['practiceQuestionMapping']>;
  itemMarks: RouteAddress<P['updateItemMarks']>;
  removeItems: RouteAddress<P['removeFromPractice']>;
  reorder?: RouteAddress<P['changeQuestionPriority']>;
  itemActive?: RouteAddress<P['updateItemStatus']>;
  allMarks?: RouteAddress<P['updateMarking']>;
  instruction?: RouteAddress<P['addInstructionQuestion']>;
  clone?: RouteAddress<M['cloneMockTest']>;
  /** Fill a section from the bank by a rule (the kinds with sections). */
  fillSection?: RouteAddress<M['fillMockTestSection']>;
}

/** The list filters a kind offers, each a URL parameter of the list query. */
export type KindFilter = 'bookId' | 'testCategoryId' | 'gradeSubject' | 'videoId';

export interface KindDef {
  kind: AssessmentKind;
  /** Singular and plural, as headings and buttons say them. */
  label: string;
  plural: string;
  /** The screen's path; the builder is `<path>/:id`. */
  path: string;
  description: string;
  filters: readonly KindFilter[];
  ops: KindOps;
}

export const KINDS: Record<AssessmentKind, KindDef> = {
  practice: {
    kind: 'practice',
    label: 'Practice',
    plural: 'Practices',
    path: '/practices',
    description: 'Practices on the nodes of books’ tables of contents.',
    filters: ['bookId'],
    ops: {
      list: practiceRoutes.listPractices,
      detail: practiceRoutes.getQuizByPractice,
      exportContent: practiceRoutes.exportPractice,
      status: practiceRoutes.updatePracticeDetails,
      rename: practiceRoutes.updatePracticeName,
      settings: practiceRoutes.updatePracticeDetails,
      mapQuestions: practiceRoutes.practiceQuestionMapping,
      itemMarks: practiceRoutes.updateItemMarks,
      removeItems: practiceRoutes.removeFromPractice,
      reorder: practiceRoutes.changeQuestionPriority,
      itemActive: practiceRoutes.updateItemStatus,
      allMarks: practiceRoutes.updateMarking,
      instruction: practiceRoutes.addInstructionQuestion,
      clone: practiceRoutes.clonePractice,
    },
  },
  mock_test: {
    kind: 'mock_test',
    label: 'Mock test',
    plural: 'Mock tests',
    path: '/mock-tests',
    description: 'Timed tests in sections, by test category.',
    filters: ['testCategoryId', 'gradeSubject'],
    ops: {
      list: mockTestRoutes.listMockTests,
      detail: mockTestRoutes.getMockTestData,
      exportContent: mockTestRoutes.exportMockTest,
      status: mockTestRoutes.changeMockTestStatus,
      rename: mockTestRoutes.editMockTest,
      settings: mockTestRoutes.editMockTest,
      mapQuestions: mockTestRoutes.mockTestQuestionMapping,
      itemMarks: mockTestRoutes.updateMockTestQuestion,
      removeItems: mockTestRoutes.removeFromMockTest,
      reorder: mockTestRoutes.mockTestQuestionPriority,
      itemActive: mockTestRoutes.changeMockTestQuestionStatus,
      allMarks: mockTestRoutes.updateMarkingInAll,
      instruction: mockTestRoutes.addInstructionMockQuestion,
      clone: mockTestRoutes.cloneMockTest,
      fillSection: mockTestRoutes.fillMockTestSection,
    },
  },
  diagnostic: {
    kind: 'diagnostic',
    label: 'Diagnostic test',
    plural: 'Diagnostic tests',
    path: '/diagnostic-tests',
    description: 'A test per subject with a section per chapter.',
    filters: ['gradeSubject'],
    ops: {
      list: diagnosticTestRoutes.listDiagnosticTests,
      detail: diagnosticTestRoutes.getDiagnosticData,
      exportContent: diagnosticTestRoutes.exportDiagnosticTest,
      status: diagnosticTestRoutes.changeDiagnosticTestStatus,
      rename: diagnosticTestRoutes.editDiagnosticTest,
      settings: diagnosticTestRoutes.editDiagnosticTest,
      mapQuestions: diagnosticTestRoutes.diagnosticQuestionMapping,
      itemMarks: diagnosticTestRoutes.updateDiagnosticQuestionMarking,
      removeItems: diagnosticTestRoutes.removeFromDiagnosticTest,
      reorder: diagnosticTestRoutes.diagnosticQuestionPriority,
      itemActive: diagnosticTestRoutes.changeDiagnosticQuestionStatus,
      instruction: diagnosticTestRoutes.addDiagnosticInstruction,
      clone: diagnosticTestRoutes.cloneDiagnosticTest,
      fillSection: diagnosticTestRoutes.fillDiagnosticSection,
    },
  },
  video_quiz: {
    kind: 'video_quiz',
    label: 'Video quiz',
    plural: 'Video quizzes',
    path: '/video-quizzes',
    description: 'Questions at moments of a video of the media library.',
    filters: ['videoId'],
    ops: {
      list: videoQuizRoutes.listOfOneVideo,
      detail: videoQuizRoutes.getVideoQuestionToc,
      exportContent: videoQuizRoutes.exportVideoQuiz,
      status: videoQuizRoutes.activeDeactive,
      rename: videoQuizRoutes.editOneVideoTitle,
      settings: videoQuizRoutes.editVideoQuiz,
      mapQuestions: videoQuizRoutes.videoQuestionMapping,
      itemMarks: videoQuizRoutes.updateVideoQuestionMarking,
      removeItems: videoQuizRoutes.removeQuestionFromPractice,
      clone: videoQuizRoutes.cloneVideoQuiz,
    },
  },
};
