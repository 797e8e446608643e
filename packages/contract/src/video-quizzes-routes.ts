import { withSettingsRules } from './assessment-bodies.ts';
import { ENGINE_OPS } from './assessment-ops.ts';
import { assessmentSchema, assessmentSettingsSchema } from './assessments.ts';
import { idSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/** A video quiz belongs to a video of the media library. */
export const addVideoQuizBody = withSettingsRules(
  assessmentSettingsSchema.extend({ videoId: idSchema }),
);

const quiz = { access: 'promotional', tag: 'video quizzes' } as const;

/**
 * Video quizzes (the video-question paths of `/promotional/`): the spec's
 * paths mapped onto the assessment engine, kind `video_quiz`. What is
 * theirs: the video, and each question's moment in it (to 0.1 s); their
 * order is the order of the moments.
 */
export const videoQuizRoutes = defineRoutes({
  addPracticeForVideo: {
    ...quiz,
    method: 'POST',
    path: '/promotional/addpracticeforvideo',
    spec: true,
    summary: 'Create a video quiz (a draft) on a video of the media library',
    body: addVideoQuizBody,
    response: assessmentSchema,
  },
  listOfOneVideo: {
    ...quiz,
    ...ENGINE_OPS.list,
    path: '/promotional/listofonevideo',
    spec: true,
    summary: 'Video quizzes, of every video or of one; name search, status and sort',
  },
  exportVideoQuiz: {
    ...quiz,
    ...ENGINE_OPS.exportContent,
    path: '/promotional/exportvideoquiz',
    summary:
      'A video quiz as content that travels: a QTI 3.0 package (ZIP) or Sunbird QuML 1.1 JSON, with its sections',
  },
  getVideoQuestionToc: {
    ...quiz,
    ...ENGINE_OPS.detail,
    path: '/promotional/getvideoquestiontoc',
    spec: true,
    summary: 'A video quiz in full: its questions in the order of their moments',
  },
  editOneVideoTitle: {
    ...quiz,
    ...ENGINE_OPS.rename,
    path: '/promotional/editonevediotitle',
    spec: true,
    summary: 'Rename a video quiz',
  },
  deleteOneVideo: {
    ...quiz,
    ...ENGINE_OPS.remove,
    path: '/promotional/deleteonevideo',
    spec: true,
    summary: 'Delete a video quiz that is not active (its questions stay in the bank)',
  },
  activeDeactive: {
    ...quiz,
    ...ENGINE_OPS.changeStatus,
    path: '/promotional/activedeactive',
    spec: true,
    summary: 'Activate (after the checklist; 409 listing every problem) or deactivate a video quiz',
  },
  editVideoQuiz: {
    ...quiz,
    ...ENGINE_OPS.editSettings,
    path: '/promotional/editvideoquiz',
    summary: 'Change a video quiz’s settings or status (activating runs the checklist)',
  },
  cloneVideoQuiz: {
    ...quiz,
    ...ENGINE_OPS.clone,
    path: '/promotional/clonevideoquiz',
    summary: 'Copy a video quiz with its questions and moments as a draft (no question copied)',
  },
  addOneVideoQuestion: {
    ...quiz,
    ...ENGINE_OPS.addQuestionAt,
    path: '/promotional/addonevideoquestion',
    spec: true,
    summary: 'Add one bank question at a moment of the video ("add a question here")',
  },
  videoQuestionMapping: {
    ...quiz,
    ...ENGINE_OPS.mapQuestions,
    path: '/promotional/videoquestionmapping',
    spec: true,
    summary: 'Add bank questions to a video quiz (each then needs its moment)',
  },
  changeVideoQuestionPriority: {
    ...quiz,
    ...ENGINE_OPS.itemMoment,
    path: '/promotional/changevideoquestionpriority',
    spec: true,
    summary:
      'Move a question to another moment of the video (a video quiz is ordered by its moments)',
  },
  updateVideoQuestionMarking: {
    ...quiz,
    ...ENGINE_OPS.itemMarks,
    path: '/promotional/updatequestionmarkinginone',
    spec: true,
    summary: 'Set one question’s marks and negative marks in a video quiz',
  },
  removeQuestionFromPractice: {
    ...quiz,
    ...ENGINE_OPS.removeItems,
    path: '/promotional/removequestionfrompractice',
    spec: true,
    summary: 'Remove questions from a video quiz',
  },
});
