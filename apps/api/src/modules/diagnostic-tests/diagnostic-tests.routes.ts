import { diagnosticTestRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { createAssessment, engineHandlers, resolveOwned } from '../assessments/index.ts';
import { chapterSections } from './diagnostic-tests.queries.ts';

/**
 * Diagnostic tests: the spec's diagnostic paths of `/promotional/` mapped
 * onto the assessment engine (kind `diagnostic`). What is theirs: a grade
 * and subject, and one section per chapter of that subject.
 */
export function diagnosticTestsModule(app: FastifyInstance, deps: Deps) {
  const engine = engineHandlers(deps, 'diagnostic');

  registerRoutes(app, deps, diagnosticTestRoutes, {
    addDiagnosticTest: async ({ body: { gradeId, subjectId, ...settings }, admin }) =>
      createAssessment(
        deps,
        'diagnostic',
        admin,
        settings,
        await resolveOwned(deps.db, { gradeId, subjectId }),
      ),
    listDiagnosticTests: engine.list,
    changeDiagnosticTestStatus: engine.changeStatus,
    getDiagnosticData: engine.detail,
    exportDiagnosticTest: engine.exportContent,
    getDiagnosticToc: async ({ query }) => ({ items: await chapterSections(deps.db, query.id) }),
    getDiagnosticPractice: engine.sections,
    addDiagnosticPracticeMap: async (input) => {
      const chapter = (await chapterSections(deps.db, input.body.id)).find(
        (c) => c.chapterId === input.body.chapterId,
      );
      if (!chapter)
        throw badRequest('This chapter is not a chapter of the test’s subject', [
          { path: 'body.chapterId', message: 'Choose a chapter of the test’s subject' },
        ]);
      return engine.addSection(input);
    },
    editDiagnosticPractice: engine.editSection,
    diagnosticQuestionMapping: engine.mapQuestions,
    diagnosticQuestionPriority: engine.reorder,
    updateDiagnosticQuestionMarking: engine.itemMarks,
    changeDiagnosticQuestionStatus: engine.itemActive,
    addDiagnosticInstruction: engine.addInstruction,
    removeFromDiagnosticTest: engine.removeItems,
    fillDiagnosticSection: engine.fillSection,
    editDiagnosticTest: engine.editSettings,
    cloneDiagnosticTest: engine.clone,
  });
}
