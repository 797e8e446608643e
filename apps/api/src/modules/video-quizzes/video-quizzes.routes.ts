import { videoQuizRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { createAssessment, engineHandlers, resolveOwned } from '../assessments/index.ts';

/**
 * Video quizzes: the spec's video-question paths of `/promotional/` mapped
 * onto the assessment engine (kind `video_quiz`). What is theirs: the video
 * (checked to be a video of the library) and each question's moment, which
 * is also their order (`changevideoquestionpriority` moves a question in time).
 */
export function videoQuizzesModule(app: FastifyInstance, deps: Deps) {
  const engine = engineHandlers(deps, 'video_quiz');
  registerRoutes(app, deps, videoQuizRoutes, {
    addPracticeForVideo: async ({ body: { videoId, ...settings }, admin }) =>
      createAssessment(
        deps,
        'video_quiz',
        admin,
        settings,
        await resolveOwned(deps.db, { videoId }),
      ),
    listOfOneVideo: engine.list,
    getVideoQuestionToc: engine.detail,
    exportVideoQuiz: engine.exportContent,
    editOneVideoTitle: engine.rename,
    deleteOneVideo: engine.remove,
    activeDeactive: engine.changeStatus,
    editVideoQuiz: engine.editSettings,
    cloneVideoQuiz: engine.clone,
    addOneVideoQuestion: engine.addQuestionAt,
    videoQuestionMapping: engine.mapQuestions,
    changeVideoQuestionPriority: engine.itemMoment,
    updateVideoQuestionMarking: engine.itemMarks,
    removeQuestionFromPractice: engine.removeItems,
  });
}
