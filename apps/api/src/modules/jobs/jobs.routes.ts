import { jobRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { getJob, listJobs, retryJob } from './jobs.service.ts';

export function jobsModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, jobRoutes, {
    listJobs: ({ query }) => listJobs(deps, query),
    getJob: ({ query, admin }) => getJob(deps, admin, query.id),
    retryJob: ({ body }) => retryJob(deps, body.id),
  });
}
