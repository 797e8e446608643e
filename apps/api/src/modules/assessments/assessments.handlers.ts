import type {
  AssessmentKind,
  addInstructionBody,
  addQuestionAtBody,
  addSectionBody,
  allMarksBody,
  assessmentExportQuery,
  assessmentIdBody,
  assessmentIdQuery,
  assessmentListQuery,
  changeStatusBody,
  defaultMarksBody,
  editSectionBody,
  editSettingsBody,
  fillSectionBody,
  itemActiveBody,
  itemMarksBody,
  itemMomentBody,
  mapQuestionsBody,
  removeItemsBody,
  renameBody,
  reorderItemsBody,
} from '@bo/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { exportAssessment } from './assessments.export.ts';
import { fillSection } from './assessments.fill.ts';
import {
  addInstruction,
  mapQuestions,
  setAllMarks,
  setItemActive,
  setItemMarks,
  setItemMoment,
} from './assessments.items.ts';
import { removeItems, reorderItems } from './assessments.order.ts';
import { findAssessment, listAssessments, readDetail } from './assessments.queries.ts';
import { addSection, editSection, listSections } from './assessments.sections.ts';
import { cloneAssessment, deleteAssessment, editAssessment } from './assessments.service.ts';

/** A write of the engine: its routes are guarded by a module, so an admin calls them. */
type In<B> = { body: z.infer<B>; admin: AuthAdmin };
type Q<S> = { query: z.infer<S> };

/**
 * The engine's operations as route handlers for one kind. Each kind's route
 * module maps its spec paths onto these by name (practicequestionmapping →
 * `mapQuestions`, mocktestquestionmapping → `mapQuestions`…), so the four
 * route modules hold no engine logic.
 */
export function engineHandlers(deps: Deps, kind: AssessmentKind) {
  return {
    list: ({ query }: Q<typeof assessmentListQuery>) => listAssessments(deps.db, kind, query),
    read: ({ query }: Q<typeof assessmentIdQuery>) => findAssessment(deps.db, kind, query.id),
    detail: ({ query }: Q<typeof assessmentIdQuery>) => readDetail(deps.db, kind, query.id),
    exportContent: ({ query }: Q<typeof assessmentExportQuery>) =>
      exportAssessment(deps, kind, query),
    rename: ({ body, admin }: In<typeof renameBody>) =>
      editAssessment(deps, kind, admin, body.id, { name: body.name }),
    editSettings: ({ body: { id, ...change }, admin }: In<typeof editSettingsBody>) =>
      editAssessment(deps, kind, admin, id, change),
    changeStatus: ({ body, admin }: In<typeof changeStatusBody>) =>
      editAssessment(deps, kind, admin, body.id, { status: body.status }),
    defaultMarks: ({ body: { id, ...marks }, admin }: In<typeof defaultMarksBody>) =>
      editAssessment(deps, kind, admin, id, marks),
    clone: ({ body, admin }: In<typeof assessmentIdBody>) =>
      cloneAssessment(deps, kind, admin, body.id),
    mapQuestions: ({ body, admin }: In<typeof mapQuestionsBody>) =>
      mapQuestions(deps, kind, admin, body),
    addInstruction: ({ body, admin }: In<typeof addInstructionBody>) =>
      addInstruction(deps, kind, admin, body),
    allMarks: async ({ body, admin }: In<typeof allMarksBody>) => {
      await setAllMarks(deps, kind, admin, body);
      return findAssessment(deps.db, kind, body.id);
    },
    itemMarks: ({ body, admin }: In<typeof itemMarksBody>) => setItemMarks(deps, kind, admin, body),
    itemActive: ({ body, admin }: In<typeof itemActiveBody>) =>
      setItemActive(deps, kind, admin, body),
    itemMoment: ({ body, admin }: In<typeof itemMomentBody>) =>
      setItemMoment(deps, kind, admin, body),
    removeItems: async ({ body, admin }: In<typeof removeItemsBody>) => ({
      ok: true as const,
      removed: await removeItems(deps, kind, admin, body),
    }),
    addQuestionAt: ({ body, admin }: In<typeof addQuestionAtBody>) =>
      mapQuestions(deps, kind, admin, {
        id: body.id,
        questionIds: [body.questionId],
        sectionId: null,
        atSeconds: body.atSeconds,
      }),
    sections: ({ query }: Q<typeof assessmentIdQuery>) => listSections(deps.db, kind, query.id),
    addSection: ({ body, admin }: In<typeof addSectionBody>) => addSection(deps, kind, admin, body),
    editSection: ({ body, admin }: In<typeof editSectionBody>) =>
      editSection(deps, kind, admin, body),
    fillSection: ({ body, admin }: In<typeof fillSectionBody>) =>
      fillSection(deps, kind, admin, body),
    remove: async ({ body }: In<typeof assessmentIdBody>) => {
      await deleteAssessment(deps, kind, body.id);
      return { ok: true as const };
    },
    reorder: async ({ body, admin }: In<typeof reorderItemsBody>) => {
      await reorderItems(deps, kind, admin, body);
      return { ok: true as const };
    },
  };
}
