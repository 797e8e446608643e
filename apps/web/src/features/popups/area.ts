import { IconWindowMaximize } from '@tabler/icons-react';
import { type Area, screen } from '../../lib/area.ts';

export const popupsArea: Area = {
  label: 'Pop-ups',
  path: '/popups',
  icon: IconWindowMaximize,
  access: 'popups',
  description:
    'Pop-ups the learner app shows: audience, window, priority and caps, with a preview.',
  load: screen(() => import('./routes/popups-page.tsx').then((m) => m.PopupsPage)),
};
