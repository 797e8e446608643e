import { z } from 'zod';
import { idParam, okSchema } from './common.ts';
import { QUESTION_FILE_UPLOAD } from './imports.ts';
import { questionRevisionSchema, questionSchema } from './questions.ts';
import {
  addQuestionsBody,
  addQuestionsResponse,
  changeQuestionStatusBody,
  checkDuplicatesBody,
  checkDuplicatesResponse,
  deleteQuestionsBody,
  editQuestionBody,
  editQuestionResponse,
  questionExportQuery,
  questionImageQuery,
  questionImportQuery,
  questionImportResponse,
  questionListQuery,
  questionPageSchema,
  restoreRevisionBody,
  tagListQuery,
} from './questions-requests.ts';
import { defineRoutes } from './route.ts';

export * from './questions-requests.ts';

const common = { access: 'questions', tag: 'questions' } as const;

export const questionRoutes = defineRoutes({
  listQuestions: {
    ...common,
    method: 'GET',
    path: '/questions/listofquestions',
    spec: true,
    summary: 'Questions, newest first: text search over stem, options and explanation, and filters',
    query: questionListQuery,
    response: questionPageSchema,
  },
  filteredQuestions: {
    ...common,
    access: ['questions', 'practices', 'mock_tests', 'diagnostic_tests', 'promotional'],
    method: 'GET',
    path: '/questions/fileteredquestion',
    spec: true,
    summary:
      "The question list for the assessment builders' picker (same search and filters, e.g. notInAssessment)",
    query: questionListQuery,
    response: questionPageSchema,
  },
  getQuestion: {
    ...common,
    method: 'GET',
    path: '/questions/getquestionbyid',
    spec: true,
    summary: 'One question with its key, explanation and curriculum',
    query: z.object({ id: idParam }),
    response: questionSchema,
  },
  addQuestions: {
    refuses: ['question_duplicate'],
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/questions/addquestions',
    spec: true,
    summary:
      'Add one or more questions (all or none; 409 for an exact duplicate, near duplicates answered as warnings)',
    body: addQuestionsBody,
    response: addQuestionsResponse,
  },
  editQuestion: {
    refuses: ['question_changed', 'question_duplicate'],
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/questions/editquestion',
    spec: true,
    summary:
      'Save a question as a new revision (409 when it changed since `revision`, or for an exact duplicate)',
    body: editQuestionBody,
    response: editQuestionResponse,
  },
  changeQuestionStatus: {
    refuses: ['question_incomplete'],
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/questions/changequestionstatus',
    spec: true,
    summary: 'Set the status of several questions at once (all or none)',
    body: changeQuestionStatusBody,
    response: okSchema.extend({ updated: z.number().int() }),
  },
  deleteQuestions: {
    refuses: ['question_in_use'],
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/questions/deletequestions',
    spec: true,
    summary: 'Delete questions (all or none; 409 naming what uses a question that is in use)',
    body: deleteQuestionsBody,
    response: okSchema.extend({ deleted: z.number().int() }),
  },
  questionImport: {
    // Two commits of one file at once: the second meets the first's questions.
    refuses: ['question_duplicate'],
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/excelimport/questionimport',
    spec: true,
    summary:
      'Import questions (multipart, field "file"): XLSX, a ZIP of an XLSX and its images, Moodle XML, GIFT, Aiken, or QTI 3.0 / 2.1 (a content package ZIP or one item XML); a dry run reports every problem as { row, column, message }; dryRun=false imports all or none, or with validOnly=true the valid questions, answering the refused ones as a file in the same format with a comment on each',
    query: questionImportQuery,
    response: questionImportResponse,
    upload: QUESTION_FILE_UPLOAD,
  },
  questionImportTemplate: {
    ...common,
    method: 'GET',
    path: '/questions/importtemplate',
    summary:
      'The XLSX template of questionimport: a column per field, examples, and a sheet explaining the columns',
    download: true,
  },
  exportQuestions: {
    ...common,
    method: 'GET',
    path: '/questions/exportquestions',
    summary:
      "The list's questions (same search and filters) as XLSX, Moodle XML, a QTI 3.0 package (ZIP) or Sunbird QuML 1.1 JSON",
    query: questionExportQuery,
    download: true,
    refuses: ['questions_not_carried'],
  },
  checkDuplicates: {
    ...common,
    method: 'POST',
    audit: 'none',
    path: '/questions/checkduplicates',
    summary: 'The exact and near duplicates of a question being typed (a read: writes nothing)',
    body: checkDuplicatesBody,
    response: checkDuplicatesResponse,
  },
  questionRevisions: {
    ...common,
    method: 'GET',
    path: '/questions/revisions',
    summary: "A question's revisions, newest first: who, when, what changed",
    query: z.object({ id: idParam }),
    response: z.object({ items: z.array(questionRevisionSchema) }),
  },
  restoreRevision: {
    refuses: ['question_changed', 'question_duplicate'],
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/questions/restorerevision',
    summary: 'Bring back an earlier revision of a question, saved as a new revision',
    body: restoreRevisionBody,
    response: editQuestionResponse,
  },
  uploadQuestionImage: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/questions/uploadimage',
    summary:
      'Store an image for a question text (PNG, JPEG, WebP or GIF by content); answers the URL to put in an <img>',
    response: z.object({ url: z.string() }),
    upload: { field: 'file', kinds: ['image'] },
  },
  questionImage: {
    access: 'public',
    tag: 'questions',
    method: 'GET',
    path: '/questions/image',
    summary:
      'A question image by its unguessable key (learners see questions too); cached as immutable',
    query: questionImageQuery,
    download: true,
  },
  questionTags: {
    ...common,
    method: 'GET',
    path: '/questions/tags',
    summary: 'Tags in use, most used first, optionally starting with q',
    query: tagListQuery,
    response: z.object({ items: z.array(z.object({ tag: z.string(), count: z.number().int() })) }),
  },
});
