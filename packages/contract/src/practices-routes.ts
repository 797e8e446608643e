import {
  generalInstructionsBody,
  generalInstructionsSchema,
  withSettingsRules,
} from './assessment-bodies.ts';
import { ENGINE_OPS } from './assessment-ops.ts';
import { assessmentSchema, assessmentSettingsSchema } from './assessments.ts';
import { idSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/** A practice belongs to a node of a book's table of contents. */
export const createPracticeBody = withSettingsRules(
  assessmentSettingsSchema.extend({ tocNodeId: idSchema }),
);

const practice = { access: 'practices', tag: 'practices' } as const;

/**
 * Practices (`/toc/quiz/*`, and the two `/questions/` paths that act on a
 * practice's items): a thin mapping of the spec's paths onto the assessment
 * engine, kind `practice`.
 */
export const practiceRoutes = defineRoutes({
  createPractice: {
    ...practice,
    method: 'POST',
    path: '/toc/quiz/createpractice',
    spec: true,
    summary: 'Create a practice (a draft) on a node of a book’s table of contents',
    body: createPracticeBody,
    response: assessmentSchema,
  },
  listPractices: {
    ...practice,
    ...ENGINE_OPS.list,
    path: '/toc/quiz/listofpractices',
    summary: 'Practices of every book, or of one book or node; search, filters and sort',
  },
  getPracticeData: {
    ...practice,
    ...ENGINE_OPS.read,
    path: '/toc/quiz/getpracticedata',
    spec: true,
    summary: 'A practice’s settings and totals (questions, marks, time from its active items)',
  },
  exportPractice: {
    ...practice,
    ...ENGINE_OPS.exportContent,
    path: '/toc/quiz/exportpractice',
    summary:
      'A practice as content that travels: a QTI 3.0 package (ZIP) or Sunbird QuML 1.1 JSON, with its sections',
  },
  getQuizByPractice: {
    ...practice,
    ...ENGINE_OPS.detail,
    path: '/toc/quiz/getquizbypractice',
    spec: true,
    summary:
      'A practice in full for the builder and the preview: sections and items with their questions',
  },
  practiceQuestionMapping: {
    ...practice,
    ...ENGINE_OPS.mapQuestions,
    path: '/toc/quiz/practicequestionmapping',
    spec: true,
    summary: 'Add bank questions to a practice (each question once)',
  },
  addInstructionQuestion: {
    ...practice,
    ...ENGINE_OPS.addInstruction,
    path: '/toc/quiz/addinstructionquestion',
    spec: true,
    summary: 'Add an instruction block (rich text) to a practice',
  },
  updatePracticeName: {
    ...practice,
    ...ENGINE_OPS.rename,
    path: '/toc/quiz/updatepracticename',
    spec: true,
    summary: 'Rename a practice',
  },
  updatePracticeDetails: {
    ...practice,
    ...ENGINE_OPS.editSettings,
    path: '/toc/quiz/updatepracticedetails',
    spec: true,
    summary:
      'Change a practice’s settings or status; activating runs the checklist (409 listing every problem)',
  },
  updatePracticeMark: {
    ...practice,
    ...ENGINE_OPS.defaultMarks,
    path: '/toc/quiz/updatepractiemark',
    spec: true,
    summary: 'Set a practice’s default marks and negative marks (for questions added later)',
  },
  updateMarking: {
    ...practice,
    ...ENGINE_OPS.allMarks,
    path: '/toc/quiz/updatemarking',
    spec: true,
    summary: 'Set the marks and negative marks of every question of a practice',
  },
  updateItemMarks: {
    ...practice,
    ...ENGINE_OPS.itemMarks,
    path: '/toc/quiz/updatepracticequestionmarkinginone',
    spec: true,
    summary: 'Set one question’s marks and negative marks in a practice',
  },
  updateItemStatus: {
    ...practice,
    ...ENGINE_OPS.itemActive,
    path: '/toc/quiz/updatequestionstatusinone',
    spec: true,
    summary: 'Activate or deactivate one item of a practice',
  },
  clonePractice: {
    ...practice,
    ...ENGINE_OPS.clone,
    path: '/toc/quiz/clonepractice',
    summary:
      'Copy a practice with its items as a draft "Copy of …" on the same node (no question copied)',
  },
  getGeneralInstructions: {
    ...practice,
    method: 'GET',
    path: '/toc/quiz/getgeneralinstructions',
    spec: true,
    summary: 'The general instructions every practice shows unless it has its own',
    response: generalInstructionsSchema,
  },
  updateGeneralInstructions: {
    ...practice,
    method: 'POST',
    path: '/toc/quiz/updategetgeninstructions',
    spec: true,
    summary: 'Change the general instructions of practices',
    body: generalInstructionsBody,
    response: generalInstructionsSchema,
  },
  removeFromPractice: {
    ...practice,
    ...ENGINE_OPS.removeItems,
    path: '/questions/removefrompractice',
    spec: true,
    summary: 'Remove items (questions or instruction blocks) from a practice',
  },
  changeQuestionPriority: {
    ...practice,
    ...ENGINE_OPS.reorder,
    path: '/questions/changequestionpriority',
    spec: true,
    summary: 'Set the order of a practice’s items (every item id, in the new order)',
  },
});
