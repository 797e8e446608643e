import { IconGift } from '@tabler/icons-react';
import { type Area, screen } from '../../lib/area.ts';

export const freeContentArea: Area = {
  label: 'Free content',
  path: '/free-content',
  icon: IconGift,
  access: 'free_content',
  description: 'Whole books free to every learner, and free samples of TOCs.',
  load: screen(() => import('./routes/free-content-page.tsx').then((m) => m.FreeContentPage)),
  pages: [
    {
      path: ':isbn',
      crumb: 'Free sample',
      load: screen(() => import('./routes/free-sample-page.tsx').then((m) => m.FreeSamplePage)),
    },
  ],
};
