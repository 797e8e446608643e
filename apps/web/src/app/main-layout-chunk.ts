import { screen } from '../lib/area.ts';

/**
 * The header, sidebar and breadcrumb every signed-in screen renders in: the
 * guarded route's `lazy` (signed-in-routes.tsx), also asked for at boot
 * beside the routes' table (first-screen.ts).
 */
export const loadMainLayout = screen(() =>
  import('./layout/main-layout.tsx').then((m) => m.MainLayout),
);
