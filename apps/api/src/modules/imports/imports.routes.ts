import { importRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { importStatus } from '../../lib/xlsx/import-job.ts';

/** How an import run as a job is doing (the import screen polls it). */
export function importsModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, importRoutes, {
    importStatus: ({ query, admin }) => importStatus(deps, admin!, query.id),
  });
}
