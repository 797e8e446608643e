import { diagnosticTestRoutes } from '@bo/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { assessmentSections, chapters } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { engineHandlers } from '../assessments/assessments.handlers.ts';
import { resolveOwned } from '../assessments/assessments.owned.ts';
import { findAssessment } from '../assessments/assessments.queries.ts';
import { createAssessment } from '../assessments/assessments.service.ts';

/**
 * Diagnostic tests: the spec's diagnostic paths of `/promotional/` mapped
 * onto the assessment engine (kind `diagnostic`). What is theirs: a grade
 * and subject, and one section per chapter of that subject.
 */
export function diagnosticTestsModule(app: FastifyInstance, deps: Deps) {
  const engine = engineHandlers(deps, 'diagnostic');

  /** The chapters of the test's subject, each with its section (or null). */
  async function chaptersOf(id: number) {
    const test = await findAssessment(deps.db, 'diagnostic', id);
    if (test.subjectId == null) return [];
    return deps.db
      .select({
        chapterId: chapters.id,
        name: chapters.name,
        position: chapters.position,
        sectionId: assessmentSections.id,
      })
      .from(chapters)
      .leftJoin(
        assessmentSections,
        and(eq(assessmentSections.chapterId, chapters.id), eq(assessmentSections.assessmentId, id)),
      )
      .where(eq(chapters.subjectId, test.subjectId))
      .orderBy(asc(chapters.position), asc(chapters.id));
  }

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
    getDiagnosticToc: async ({ query }) => ({ items: await chaptersOf(query.id) }),
    getDiagnosticPractice: engine.sections,
    addDiagnosticPracticeMap: async (input) => {
      const chapter = (await chaptersOf(input.body.id)).find(
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
