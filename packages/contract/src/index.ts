import { adminRoutes } from './admins.ts';
import { auditRoutes } from './audit.ts';
import { authRoutes } from './auth.ts';
import { bookRoutes } from './books.ts';
import { curriculumRoutes } from './curriculum-routes.ts';
import { importRoutes } from './imports.ts';
import { jobRoutes } from './jobs.ts';
import { mediaRoutes } from './media-routes.ts';
import type { RouteDef } from './route.ts';
import { systemRoutes } from './system.ts';
import { tocRoutes } from './toc-routes.ts';

export * from './admins.ts';
export * from './audit.ts';
export * from './audit-actions.ts';
export * from './auth.ts';
export * from './books.ts';
export * from './common.ts';
export * from './curriculum.ts';
export * from './curriculum-routes.ts';
export * from './imports.ts';
export * from './isbn.ts';
export * from './jobs.ts';
export * from './media.ts';
export * from './media-routes.ts';
export * from './modules.ts';
export * from './route.ts';
export * from './system.ts';
export * from './toc.ts';
export * from './toc-routes.ts';

/** Every route of the API, keyed by a stable name. */
export const routes = {
  ...systemRoutes,
  ...authRoutes,
  ...adminRoutes,
  ...auditRoutes,
  ...curriculumRoutes,
  ...bookRoutes,
  ...mediaRoutes,
  ...tocRoutes,
  ...importRoutes,
  ...jobRoutes,
} satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
