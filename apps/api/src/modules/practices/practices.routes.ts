import { practiceRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import {
  createAssessment,
  engineHandlers,
  getGeneralInstructions,
  resolveOwned,
  setGeneralInstructions,
} from '../assessments/index.ts';

/**
 * Practices: the spec's `/toc/quiz/*` paths mapped onto the assessment
 * engine (kind `practice`). What is theirs: a practice belongs to a TOC
 * node (and so to the node's book), and they share a global default of
 * general instructions.
 */
export function practicesModule(app: FastifyInstance, deps: Deps) {
  const engine = engineHandlers(deps, 'practice');
  registerRoutes(app, deps, practiceRoutes, {
    createPractice: async ({ body: { tocNodeId, ...settings }, admin }) =>
      createAssessment(
        deps,
        'practice',
        admin,
        settings,
        await resolveOwned(deps.db, { tocNodeId }),
      ),
    listPractices: engine.list,
    getPracticeData: engine.read,
    getQuizByPractice: engine.detail,
    exportPractice: engine.exportContent,
    practiceQuestionMapping: engine.mapQuestions,
    addInstructionQuestion: engine.addInstruction,
    updatePracticeName: engine.rename,
    updatePracticeDetails: engine.editSettings,
    updatePracticeMark: engine.defaultMarks,
    updateMarking: engine.allMarks,
    updateItemMarks: engine.itemMarks,
    updateItemStatus: engine.itemActive,
    clonePractice: engine.clone,
    getGeneralInstructions: () => getGeneralInstructions(deps),
    updateGeneralInstructions: ({ body, admin }) => setGeneralInstructions(deps, admin, body.html),
    removeFromPractice: engine.removeItems,
    changeQuestionPriority: engine.reorder,
  });
}
