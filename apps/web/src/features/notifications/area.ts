import { IconBell } from '@tabler/icons-react';
import { type Area, screen } from '../../lib/area.ts';

export const notificationsArea: Area = {
  label: 'Notifications',
  path: '/notifications',
  icon: IconBell,
  access: 'notifications',
  description: 'Messages to learners now or at a time: audience, live count, preview, delivery.',
  load: screen(() => import('./routes/notifications-page.tsx').then((m) => m.NotificationsPage)),
};
