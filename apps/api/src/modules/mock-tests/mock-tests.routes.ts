import { mockTestRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import {
  createAssessment,
  editAssessment,
  engineHandlers,
  resolveOwned,
} from '../assessments/index.ts';
import { addTestCategory, listTestCategories } from './test-categories.ts';

/**
 * Mock tests: the spec's `/practice/*` paths mapped onto the assessment
 * engine (kind `mock_test`). What is theirs: a test category (and its two
 * `/master/` paths), a grade and subject, and sections edited with the test.
 */
export function mockTestsModule(app: FastifyInstance, deps: Deps) {
  const engine = engineHandlers(deps, 'mock_test');
  registerRoutes(app, deps, mockTestRoutes, {
    addMockTest: async ({ body, admin }) => {
      const { testCategoryId, gradeId, subjectId, sections, ...settings } = body;
      const owned = await resolveOwned(deps.db, { testCategoryId, gradeId, subjectId });
      return createAssessment(deps, 'mock_test', admin, settings, owned, sections);
    },
    editMockTest: async ({ body, admin }) => {
      const { id, testCategoryId, gradeId, subjectId, ...change } = body;
      const owned = await resolveOwned(deps.db, { testCategoryId, gradeId, subjectId });
      return editAssessment(deps, 'mock_test', admin, id, { ...change, ...owned });
    },
    listMockTests: engine.list,
    getMockTest: engine.read,
    getMockTestData: engine.detail,
    exportMockTest: engine.exportContent,
    changeMockTestStatus: engine.changeStatus,
    cloneMockTest: engine.clone,
    mockTestQuestionMapping: engine.mapQuestions,
    removeFromMockTest: engine.removeItems,
    updateMockTestQuestion: engine.itemMarks,
    updateMarkingInAll: engine.allMarks,
    mockTestQuestionPriority: engine.reorder,
    changeMockTestQuestionStatus: engine.itemActive,
    addInstructionMockQuestion: engine.addInstruction,
    fillMockTestSection: engine.fillSection,
    addTestCategory: ({ body, admin }) => addTestCategory(deps, admin, body),
    listTestCategories: () => listTestCategories(deps),
  });
}
