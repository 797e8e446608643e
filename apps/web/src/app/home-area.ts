import { IconLayoutDashboard } from '@tabler/icons-react';
import { type Area, screen } from '../lib/area.ts';

/**
 * Home, first in the sidebar. Not in areas.ts: the home screen lists that
 * table's areas as cards, and a table that loaded the screen reading it
 * would import itself.
 */
export const HOME_AREA: Area = {
  label: 'Home',
  path: '/',
  icon: IconLayoutDashboard,
  access: 'session',
  description: 'The areas you can open.',
  // The dashboard (most admins' home) is asked for beside the home screen, not after
  // it has rendered; its figures start with the route.
  load: screen(() => {
    import('../features/dashboard/routes/dashboard-page.tsx').catch(() => {}); // home retries
    return import('./routes/home.tsx').then((m) => m.HomePage);
  }),
  prefetch: (prefetch, params, search) =>
    void import('../features/dashboard/api/get-dashboard.ts').then((m) =>
      m.prefetchDashboard(prefetch, params, search),
    ),
};
