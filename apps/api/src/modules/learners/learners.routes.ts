import { learnerRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { ingestEvents } from './ingest.ts';
import { createAppKey, listAppKeys, revokeAppKey } from './learner-app-keys.ts';
import { guardLearnerRoutes } from './learner-token.ts';
import { learnerDetail } from './learners.detail.ts';
import { listLearners } from './learners.queries.ts';
import {
  exportLearners,
  listContactMessages,
  resetDevice,
  resolveContactMessage,
} from './learners.service.ts';

/** Profile changes act for a learner: with LEARNER_TOKEN_REQUIRED, only with their token. */
const profileChanges = (input: Record<string, unknown>) =>
  (input.events as { type: string; learnerId: string }[])
    .filter((e) => e.type === 'learner_updated')
    .map((e) => e.learnerId);

export function learnersModule(app: FastifyInstance, deps: Deps) {
  const db = deps.db;
  guardLearnerRoutes(app, deps, { ingestEvents: profileChanges });
  registerRoutes(app, deps, learnerRoutes, {
    listLearners: ({ query }) => listLearners(db, query),
    exportLearners: ({ query }) => exportLearners(db, query),
    getLearner: ({ query }) => learnerDetail(db, query.id),
    resetUserDevice: ({ body, admin }) => resetDevice(deps, admin, body),
    listContactMessages: ({ query }) => listContactMessages(db, query),
    resolveContactMessage: ({ body, admin }) => resolveContactMessage(deps, admin, body),
    listLearnerAppKeys: () => listAppKeys(deps),
    createLearnerAppKey: ({ body, admin }) => createAppKey(deps, admin, body.name),
    revokeLearnerAppKey: ({ body, admin }) => revokeAppKey(deps, admin, body.id),
    ingestEvents: ({ body }) => ingestEvents(deps, body.events),
  });
}
