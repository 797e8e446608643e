import { z } from 'zod';
import { defineRoutes } from './route.ts';

export const systemRoutes = defineRoutes({
  health: {
    method: 'GET',
    path: '/health',
    access: 'public',
    tag: 'system',
    summary: 'Answers 200 when the database answers',
    response: z.object({ status: z.literal('ok') }),
  },
});
