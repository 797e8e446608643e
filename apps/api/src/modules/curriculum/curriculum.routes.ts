import { curriculumRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { downloadLevel } from './curriculum.downloads.ts';
import { curriculumTemplate, uploadCurriculum } from './curriculum.import.ts';
import { LEVELS, listGrades, listLevel } from './curriculum.levels.ts';
import { addItem, editItem, removeItem, reorderItems } from './curriculum.service.ts';
import { downloadWorkbook } from './curriculum.workbook.ts';
import { uploadCurriculumWorkbook } from './curriculum.workbook-import.ts';

const ok = { ok: true as const };

export function curriculumModule(app: FastifyInstance, deps: Deps) {
  const db = deps.db;
  registerRoutes(app, deps, curriculumRoutes, {
    getGrades: () => listGrades(db),
    getSubjects: async ({ query }) => ({
      items: await listLevel(db, LEVELS.subject, { parentId: query.gradeId }),
    }),
    getChapters: async ({ query }) => ({
      items: await listLevel(db, LEVELS.chapter, { parentId: query.subjectId }),
    }),
    getTopics: async ({ query }) => ({
      items: await listLevel(db, LEVELS.topic, { parentId: query.chapterId }),
    }),
    addSubject: ({ body, ctx, admin }) => addItem(deps, ctx, admin, 'subject', body.gradeId, body),
    addChapter: ({ body, ctx, admin }) =>
      addItem(deps, ctx, admin, 'chapter', body.subjectId, body),
    addTopic: ({ body, ctx, admin }) => addItem(deps, ctx, admin, 'topic', body.chapterId, body),
    editSubject: ({ body, ctx, admin }) => editItem(deps, ctx, admin, 'subject', body.id, body),
    editChapter: ({ body, ctx, admin }) => editItem(deps, ctx, admin, 'chapter', body.id, body),
    editTopic: ({ body, ctx, admin }) => editItem(deps, ctx, admin, 'topic', body.id, body),
    removeSubject: async ({ body, ctx }) => {
      await removeItem(deps, ctx, 'subject', body.id);
      return ok;
    },
    removeChapter: async ({ body, ctx }) => {
      await removeItem(deps, ctx, 'chapter', body.id);
      return ok;
    },
    removeTopic: async ({ body, ctx }) => {
      await removeItem(deps, ctx, 'topic', body.id);
      return ok;
    },
    reorderSubjects: async ({ body, ctx, admin }) => {
      await reorderItems(deps, ctx, admin, 'subject', body.parentId, body.ids);
      return ok;
    },
    reorderChapters: async ({ body, ctx, admin }) => {
      await reorderItems(deps, ctx, admin, 'chapter', body.parentId, body.ids);
      return ok;
    },
    reorderTopics: async ({ body, ctx, admin }) => {
      await reorderItems(deps, ctx, admin, 'topic', body.parentId, body.ids);
      return ok;
    },
    downloadSubjects: ({ query }) => downloadLevel(db, 'subject', query.gradeId),
    downloadChapters: ({ query }) => downloadLevel(db, 'chapter', query.subjectId),
    downloadTopics: ({ query }) => downloadLevel(db, 'topic', query.chapterId),
    uploadCurriculum: ({ query, upload, ctx, admin }) =>
      uploadCurriculum(deps, { ctx, actor: admin }, upload.file, query.dryRun),
    curriculumTemplate: () => curriculumTemplate(),
    downloadCurriculumWorkbook: () => downloadWorkbook(db),
    uploadCurriculumWorkbook: ({ query, upload, ctx, admin }) =>
      uploadCurriculumWorkbook(deps, { ctx, actor: admin }, upload.file, query.dryRun),
  });
}
