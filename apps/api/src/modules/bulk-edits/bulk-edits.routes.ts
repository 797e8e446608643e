import { bulkEditRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { getBulkEdit, startBulkEdit, startUndo } from './bulk-edits.service.ts';

/** Bulk edit of lists' rows as a job, and its undo (docs/bulk-edits.md). */
export function bulkEditsModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, bulkEditRoutes, {
    bulkEditQuestions: ({ body, admin, ctx }) => startBulkEdit(deps, ctx, admin, 'questions', body),
    bulkEditBooks: ({ body, admin, ctx }) => startBulkEdit(deps, ctx, admin, 'books', body),
    bulkEditQrCodes: ({ body, admin, ctx }) => startBulkEdit(deps, ctx, admin, 'qr_codes', body),
    bulkEditMedia: ({ body, admin, ctx }) => startBulkEdit(deps, ctx, admin, 'media', body),
    bulkEditLearners: ({ body, admin, ctx }) => startBulkEdit(deps, ctx, admin, 'learners', body),
    getBulkEdit: ({ query, admin }) => getBulkEdit(deps, admin, query.id),
    undoBulkEdit: ({ body, admin, ctx }) => startUndo(deps, ctx, admin, body.id),
  });
}
