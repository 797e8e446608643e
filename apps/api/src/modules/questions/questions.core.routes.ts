import type { questionRoutes } from '@bo/contract';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { Handlers } from '../../lib/register-routes.ts';
import { changeQuestionStatus, deleteQuestions } from './questions.bulk.ts';
import { checkDuplicates } from './questions.duplicates.ts';
import { serveQuestionImage, uploadQuestionImage } from './questions.images.ts';
import { findQuestion } from './questions.queries.ts';
import { listRevisions, restoreRevision } from './questions.revisions.ts';
import { addQuestions, editQuestion } from './questions.service.ts';

type Routes = Pick<
  typeof questionRoutes,
  | 'getQuestion'
  | 'addQuestions'
  | 'editQuestion'
  | 'changeQuestionStatus'
  | 'deleteQuestions'
  | 'checkDuplicates'
  | 'questionRevisions'
  | 'restoreRevision'
  | 'uploadQuestionImage'
  | 'questionImage'
>;

/** A question and its history: read, add, edit, status, delete, duplicates, revisions, images. */
export function questionCoreHandlers(deps: Deps): Handlers<Routes> {
  return {
    getQuestion: async ({ query }) => {
      const question = await findQuestion(deps.db, query.id);
      if (!question) throw notFound('Question');
      return question;
    },
    addQuestions: ({ body, ctx, admin }) => addQuestions(deps, ctx, admin, body),
    editQuestion: ({ body, ctx, admin }) => editQuestion(deps, ctx, admin, body),
    changeQuestionStatus: async ({ body, ctx, admin }) => ({
      ok: true as const,
      updated: await changeQuestionStatus(deps, ctx, admin, body.ids, body.status),
    }),
    deleteQuestions: async ({ body, ctx, admin }) => ({
      ok: true as const,
      deleted: await deleteQuestions(deps, ctx, admin, body.ids),
    }),
    checkDuplicates: ({ body }) => checkDuplicates(deps, body),
    questionRevisions: async ({ query }) => ({ items: await listRevisions(deps.db, query.id) }),
    restoreRevision: ({ body, ctx, admin }) => restoreRevision(deps, ctx, admin, body),
    uploadQuestionImage: ({ upload, ctx, admin }) => uploadQuestionImage(deps, ctx, admin, upload),
    questionImage: ({ query }) => serveQuestionImage(deps, query),
  };
}
