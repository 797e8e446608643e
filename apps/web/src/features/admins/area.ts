import { IconUsersGroup } from '@tabler/icons-react';
import { type Area, screen } from '../../lib/area.ts';

export const adminsArea: Area = {
  label: 'Admins',
  path: '/admins',
  icon: IconUsersGroup,
  access: 'admins',
  description: 'Invite admins, set their role and modules, disable or remove them.',
  load: screen(() => import('./routes/admins-page.tsx').then((m) => m.AdminsPage)),
};
