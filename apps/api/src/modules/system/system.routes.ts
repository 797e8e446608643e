import { systemRoutes } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { databaseUnavailable } from '../../lib/faults.ts';
import { registerRoutes } from '../../lib/register-routes.ts';

/** A database that has not answered by then counts as away (a hung host answers nothing). */
const PING_TIMEOUT_MS = 3000;

export function systemModule(app: FastifyInstance, deps: Deps) {
  registerRoutes(app, deps, systemRoutes, {
    health: async () => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer')), PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([deps.database.ping(), late]);
      } catch {
        throw databaseUnavailable();
      } finally {
        clearTimeout(timer);
      }
      const database = deps.faults.isFull('database') ? 'full' : 'ok';
      const files = deps.faults.isFull('files') ? 'full' : 'ok';
      const status = database === 'ok' && files === 'ok' ? 'ok' : 'degraded';
      return { status, database, files } as const;
    },
  });
}
