import { IconClockPlay } from '@tabler/icons-react';
import { type Area, screen } from '../../lib/area.ts';

export const jobsArea: Area = {
  label: 'Jobs',
  path: '/jobs',
  icon: IconClockPlay,
  access: 'super_admin',
  description: 'Background work (mails, imports, clean-ups): its progress, failures and retries.',
  load: screen(() => import('./routes/jobs-page.tsx').then((m) => m.JobsPage)),
};
