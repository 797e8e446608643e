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
  load: screen(() => import('./routes/home.tsx').then((m) => m.HomePage)),
};
