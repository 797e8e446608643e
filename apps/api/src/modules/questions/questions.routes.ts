import { questionRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { questionCoreHandlers } from './questions.core.routes.ts';
import { questionFormatHandlers } from './questions.formats.routes.ts';
import { questionListHandlers } from './questions.list.routes.ts';
// Loaded with the module: the curriculum's deletes name the questions that use a level.

/**
 * The question bank's routes, in three groups: a question and its history
 * (core), lists and search, and the file formats (imports, template, exports).
 */
export function questionsModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, questionRoutes, {
    ...questionCoreHandlers(deps),
    ...questionListHandlers(deps),
    ...questionFormatHandlers(deps),
  });
}
