import { z } from 'zod';
import { defineRoutes } from './route.ts';

export const systemRoutes = defineRoutes({
  health: {
    method: 'GET',
    path: '/health',
    access: 'public',
    tag: 'system',
    summary:
      'Answers 200 when the database answers (status "degraded" when a store is full), 503 database_unavailable when it does not',
    response: z.object({
      /** "degraded": the server answers, but a store refuses writes for want of space. */
      status: z.enum(['ok', 'degraded']),
      database: z.enum(['ok', 'full']),
      files: z.enum(['ok', 'full']),
    }),
  },
});
