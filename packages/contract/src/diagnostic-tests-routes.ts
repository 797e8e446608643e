import { z } from 'zod';
import {
  addSectionBody,
  assessmentIdQuery,
  sectionSummarySchema,
  withSettingsRules,
} from './assessment-bodies.ts';
import { ENGINE_OPS } from './assessment-ops.ts';
import { assessmentSchema, assessmentSettingsSchema } from './assessments.ts';
import { idSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/** A diagnostic test is for one subject (of one grade). */
export const addDiagnosticTestBody = withSettingsRules(
  assessmentSettingsSchema.extend({ gradeId: idSchema, subjectId: idSchema }),
);

/** The chapters of the test's subject, each with the section made for it (null: none yet). */
export const diagnosticTocSchema = z.object({
  items: z.array(
    z.object({
      chapterId: z.number().int(),
      name: z.string(),
      position: z.number().int(),
      sectionId: z.number().int().nullable(),
    }),
  ),
});

/** Adds the section ("practice") for one chapter of the test's subject. */
export const addChapterSectionBody = addSectionBody.extend({ chapterId: idSchema });

const diagnostic = { access: 'diagnostic_tests', tag: 'diagnostic tests' } as const;

/**
 * Diagnostic tests (the diagnostic paths of `/promotional/`): the spec's
 * paths mapped onto the assessment engine, kind `diagnostic`. What is
 * theirs: a grade and subject, and one section per chapter of the subject
 * (the spec calls a section a "practice").
 */
export const diagnosticTestRoutes = defineRoutes({
  addDiagnosticTest: {
    ...diagnostic,
    method: 'POST',
    path: '/promotional/adddiagnsotictest',
    spec: true,
    summary: 'Create a diagnostic test (a draft) for a subject',
    body: addDiagnosticTestBody,
    response: assessmentSchema,
  },
  listDiagnosticTests: {
    ...diagnostic,
    ...ENGINE_OPS.list,
    path: '/promotional/listofdiagnostictest',
    spec: true,
    summary: 'Diagnostic tests by grade, subject and status; name search and sort',
  },
  changeDiagnosticTestStatus: {
    ...diagnostic,
    ...ENGINE_OPS.changeStatus,
    path: '/promotional/changediagnosticteststatus',
    spec: true,
    summary:
      'Activate (after the checklist; 409 listing every problem) or deactivate a diagnostic test',
  },
  exportDiagnosticTest: {
    ...diagnostic,
    ...ENGINE_OPS.exportContent,
    path: '/promotional/exportdiagnostictest',
    summary:
      'A diagnostic test as content that travels: a QTI 3.0 package (ZIP) or Sunbird QuML 1.1 JSON, with its sections',
  },
  getDiagnosticData: {
    ...diagnostic,
    ...ENGINE_OPS.detail,
    path: '/promotional/getdiagnosticdatabyid',
    spec: true,
    summary: 'A diagnostic test in full: settings, totals, sections per chapter and items',
  },
  getDiagnosticToc: {
    ...diagnostic,
    method: 'GET',
    path: '/promotional/getdiagnostictoc',
    spec: true,
    summary: 'The chapters of the test’s subject, each with its section if it has one',
    query: assessmentIdQuery,
    response: diagnosticTocSchema,
  },
  getDiagnosticPractice: {
    ...diagnostic,
    ...ENGINE_OPS.sections,
    path: '/promotional/getdiagnosticpractice',
    spec: true,
    summary: 'The sections of a diagnostic test with their active questions and marks',
  },
  addDiagnosticPracticeMap: {
    ...diagnostic,
    method: 'POST',
    path: '/promotional/adddiagnosticpraticemap',
    spec: true,
    summary: 'Add the section for one chapter of the test’s subject (one per chapter)',
    body: addChapterSectionBody,
    response: sectionSummarySchema,
  },
  editDiagnosticPractice: {
    ...diagnostic,
    ...ENGINE_OPS.editSection,
    path: '/promotional/editdiagnosticpractice',
    spec: true,
    summary: 'Rename a section of a diagnostic test, or change its instructions or time',
  },
  diagnosticQuestionMapping: {
    ...diagnostic,
    ...ENGINE_OPS.mapQuestions,
    path: '/promotional/diagnosticqustmapping',
    spec: true,
    summary: 'Add bank questions to a section of a diagnostic test (each question once)',
  },
  diagnosticQuestionPriority: {
    ...diagnostic,
    ...ENGINE_OPS.reorder,
    path: '/promotional/diagnosticquestionpriority',
    spec: true,
    summary:
      'Set the order of a diagnostic test’s items and sections, and move items between sections (every item id, in the new order)',
  },
  updateDiagnosticQuestionMarking: {
    ...diagnostic,
    ...ENGINE_OPS.itemMarks,
    path: '/promotional/updatequestionmarking',
    spec: true,
    summary: 'Set one question’s marks and negative marks in a diagnostic test',
  },
  changeDiagnosticQuestionStatus: {
    ...diagnostic,
    ...ENGINE_OPS.itemActive,
    path: '/promotional/changediaquestionstatus',
    spec: true,
    summary: 'Activate or deactivate one item of a diagnostic test',
  },
  addDiagnosticInstruction: {
    ...diagnostic,
    ...ENGINE_OPS.addInstruction,
    path: '/promotional/adddiagnsoticquestioninstruction',
    spec: true,
    summary: 'Add an instruction block (rich text) to a diagnostic test or one of its sections',
  },
  fillDiagnosticSection: {
    ...diagnostic,
    ...ENGINE_OPS.fillSection,
    path: '/promotional/filldiagnosticsection',
    summary:
      'Fill a section of a diagnostic test from the bank: N active questions per difficulty matching filters, not yet in the test',
  },
  editDiagnosticTest: {
    ...diagnostic,
    ...ENGINE_OPS.editSettings,
    path: '/promotional/editdiagnostictest',
    summary:
      'Rename a diagnostic test or change its settings or status (activating runs the checklist)',
  },
  cloneDiagnosticTest: {
    ...diagnostic,
    ...ENGINE_OPS.clone,
    path: '/promotional/clonediagnostictest',
    summary: 'Copy a diagnostic test with its sections and items as a draft (no question copied)',
  },
  removeFromDiagnosticTest: {
    ...diagnostic,
    ...ENGINE_OPS.removeItems,
    path: '/promotional/removefromdiagnostictest',
    spec: true,
    summary: 'Remove items from a diagnostic test',
  },
});
