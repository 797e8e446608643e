import { z } from 'zod';
import { editSettingsFields, sectionsInput, withSettingsRules } from './assessment-bodies.ts';
import { ENGINE_OPS } from './assessment-ops.ts';
import { assessmentSchema, assessmentSettingsSchema } from './assessments.ts';
import { idSchema, textSchema, timestampSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/** What a mock test owns beyond the shared settings: its category, grade and subject, sections. */
const mockTestOwned = {
  testCategoryId: idSchema,
  gradeId: idSchema.nullable().default(null),
  subjectId: idSchema.nullable().default(null),
  sections: sectionsInput.default([]),
};

export const addMockTestBody = withSettingsRules(assessmentSettingsSchema.extend(mockTestOwned));
export const editMockTestBody = withSettingsRules(
  editSettingsFields.extend({
    testCategoryId: idSchema.optional(),
    gradeId: idSchema.nullable().optional(),
    subjectId: idSchema.nullable().optional(),
    sections: sectionsInput.optional(),
  }),
);

export const testCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  /** Mock tests in the category. */
  mockTests: z.number().int(),
  createdAt: timestampSchema,
});
export type TestCategory = z.infer<typeof testCategorySchema>;
export const addTestCategoryBody = z.object({
  name: textSchema({ min: 1, max: 100 }),
  description: textSchema({ max: 500, multiline: true }).nullable().default(null),
});

const mock = { access: 'mock_tests', tag: 'mock tests' } as const;

/**
 * Mock tests (`/practice/*`, and their categories under `/master/`): the
 * spec's paths mapped onto the assessment engine, kind `mock_test`.
 */
export const mockTestRoutes = defineRoutes({
  addMockTest: {
    ...mock,
    method: 'POST',
    path: '/practice/addmocktest',
    spec: true,
    summary: 'Create a mock test (a draft) in a test category, with its sections',
    body: addMockTestBody,
    response: assessmentSchema,
  },
  editMockTest: {
    ...mock,
    method: 'POST',
    path: '/practice/editmocktest',
    spec: true,
    summary:
      'Change a mock test’s settings, category, grade and subject, or sections (kept, added, removed)',
    body: editMockTestBody,
    response: assessmentSchema,
  },
  listMockTests: {
    ...mock,
    ...ENGINE_OPS.list,
    path: '/practice/getlistofmocktest',
    spec: true,
    summary: 'Mock tests, by category, grade, subject and status; name search and sort',
  },
  getMockTest: {
    ...mock,
    ...ENGINE_OPS.read,
    path: '/practice/getmocktestbyid',
    spec: true,
    summary: 'A mock test’s settings and totals',
  },
  exportMockTest: {
    ...mock,
    ...ENGINE_OPS.exportContent,
    path: '/practice/exportmocktest',
    summary:
      'A mock test as content that travels: a QTI 3.0 package (ZIP) or Sunbird QuML 1.1 JSON, with its sections',
  },
  getMockTestData: {
    ...mock,
    ...ENGINE_OPS.detail,
    path: '/practice/getmocktestdata',
    spec: true,
    summary: 'A mock test in full for the builder and the preview: sections and items',
  },
  changeMockTestStatus: {
    ...mock,
    ...ENGINE_OPS.changeStatus,
    path: '/practice/changestatusmocktest',
    spec: true,
    summary: 'Activate (after the checklist; 409 listing every problem) or deactivate a mock test',
  },
  cloneMockTest: {
    ...mock,
    ...ENGINE_OPS.clone,
    path: '/practice/clonemocktest',
    spec: true,
    summary:
      'Copy a mock test with its sections and items as a draft "Copy of …" (no question copied)',
  },
  mockTestQuestionMapping: {
    ...mock,
    ...ENGINE_OPS.mapQuestions,
    path: '/practice/mocktestquestionmapping',
    spec: true,
    summary: 'Add bank questions to a mock test or one of its sections (each question once)',
  },
  removeFromMockTest: {
    ...mock,
    ...ENGINE_OPS.removeItems,
    path: '/practice/removefrommocktest',
    spec: true,
    summary: 'Remove items from a mock test',
  },
  updateMockTestQuestion: {
    ...mock,
    ...ENGINE_OPS.itemMarks,
    path: '/practice/updatemocktestquestion',
    spec: true,
    summary: 'Set one question’s marks and negative marks in a mock test',
  },
  updateMarkingInAll: {
    ...mock,
    ...ENGINE_OPS.allMarks,
    path: '/practice/updatemarkinginallquestion',
    spec: true,
    summary: 'Set the marks and negative marks of every question of a mock test',
  },
  mockTestQuestionPriority: {
    ...mock,
    ...ENGINE_OPS.reorder,
    path: '/practice/mocktestquestionpriority',
    spec: true,
    summary:
      'Set the order of a mock test’s items and sections, and move items between sections (every item id, in the new order)',
  },
  changeMockTestQuestionStatus: {
    ...mock,
    ...ENGINE_OPS.itemActive,
    path: '/practice/changemocktestquestionstatus',
    spec: true,
    summary: 'Activate or deactivate one item of a mock test',
  },
  addInstructionMockQuestion: {
    ...mock,
    ...ENGINE_OPS.addInstruction,
    path: '/practice/addinstructionmockquestion',
    spec: true,
    summary: 'Add an instruction block (rich text) to a mock test or one of its sections',
  },
  fillMockTestSection: {
    ...mock,
    ...ENGINE_OPS.fillSection,
    path: '/practice/fillsection',
    summary:
      'Fill a section of a mock test from the bank: N active questions per difficulty matching filters, not yet in the test',
  },
  addTestCategory: {
    ...mock,
    method: 'POST',
    path: '/master/addtestcategory',
    spec: true,
    summary: 'Add a test category (names are unique, whatever their case)',
    body: addTestCategoryBody,
    response: testCategorySchema,
  },
  listTestCategories: {
    ...mock,
    method: 'GET',
    path: '/master/getlistoftestcategory',
    spec: true,
    summary: 'Every test category in order, with how many mock tests each holds',
    response: z.object({ items: z.array(testCategorySchema) }),
  },
});
