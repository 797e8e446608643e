import { z } from 'zod';
import {
  addInstructionBody,
  addQuestionAtBody,
  allMarksBody,
  assessmentExportQuery,
  assessmentIdBody,
  assessmentIdQuery,
  assessmentListQuery,
  assessmentPageSchema,
  changeStatusBody,
  defaultMarksBody,
  editSectionBody,
  editSettingsBody,
  fillSectionBody,
  fillSectionResponse,
  itemActiveBody,
  itemMarksBody,
  itemMomentBody,
  mapQuestionsBody,
  mapQuestionsResponse,
  removeItemsBody,
  renameBody,
  reorderItemsBody,
  sectionListSchema,
  sectionSummarySchema,
} from './assessment-bodies.ts';
import { assessmentDetailSchema, assessmentItemSchema, assessmentSchema } from './assessments.ts';
import { okSchema } from './common.ts';

/**
 * Each operation of the assessment engine: its method and shapes. A kind's
 * route table spreads one into each of its spec paths
 * (`{ ...mock, ...ENGINE_OPS.mapQuestions, path: '/practice/mocktestquestionmapping', … }`),
 * and the API's `engineHandlers` answers it under the same name, so a path
 * of any kind is one line of mapping onto one operation.
 */
export const ENGINE_OPS = {
  list: { method: 'GET', query: assessmentListQuery, response: assessmentPageSchema },
  read: { method: 'GET', query: assessmentIdQuery, response: assessmentSchema },
  detail: { method: 'GET', query: assessmentIdQuery, response: assessmentDetailSchema },
  exportContent: {
    method: 'GET',
    query: assessmentExportQuery,
    download: true,
    refuses: ['questions_not_carried'],
  },
  sections: { method: 'GET', query: assessmentIdQuery, response: sectionListSchema },
  rename: { method: 'POST', body: renameBody, response: assessmentSchema },
  editSettings: { method: 'POST', body: editSettingsBody, response: assessmentSchema },
  changeStatus: { method: 'POST', body: changeStatusBody, response: assessmentSchema },
  defaultMarks: { method: 'POST', body: defaultMarksBody, response: assessmentSchema },
  clone: { method: 'POST', body: assessmentIdBody, response: assessmentSchema },
  remove: { method: 'POST', body: assessmentIdBody, response: okSchema },
  mapQuestions: { method: 'POST', body: mapQuestionsBody, response: mapQuestionsResponse },
  addQuestionAt: { method: 'POST', body: addQuestionAtBody, response: mapQuestionsResponse },
  addInstruction: { method: 'POST', body: addInstructionBody, response: assessmentItemSchema },
  itemMarks: { method: 'POST', body: itemMarksBody, response: assessmentItemSchema },
  itemActive: { method: 'POST', body: itemActiveBody, response: assessmentItemSchema },
  itemMoment: { method: 'POST', body: itemMomentBody, response: assessmentItemSchema },
  allMarks: { method: 'POST', body: allMarksBody, response: assessmentSchema },
  removeItems: {
    method: 'POST',
    body: removeItemsBody,
    response: okSchema.extend({ removed: z.number().int() }),
  },
  reorder: { method: 'POST', body: reorderItemsBody, response: okSchema },
  editSection: { method: 'POST', body: editSectionBody, response: sectionSummarySchema },
  fillSection: { method: 'POST', body: fillSectionBody, response: fillSectionResponse },
} as const;
