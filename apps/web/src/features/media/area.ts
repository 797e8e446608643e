import { IconMovie } from '@tabler/icons-react';
import { type Area, screen } from '../../lib/area.ts';

export const mediaArea: Area = {
  label: 'Media library',
  path: '/media',
  icon: IconMovie,
  access: 'media',
  description: 'Videos and audios: upload or link them, tag them to the curriculum, play them.',
  load: screen(() => import('./routes/media-page.tsx').then((m) => m.MediaPage)),
};
