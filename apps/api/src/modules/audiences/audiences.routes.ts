import { audienceRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { describeAudience } from './audiences.service.ts';

/** The audience count shared by pop-ups, notifications and mailers. */
export function audiencesModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, audienceRoutes, {
    countAudience: ({ body }) => describeAudience(deps, body.audience),
  });
}
