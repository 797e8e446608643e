import { IconHierarchy3 } from '@tabler/icons-react';
import { type Area, screen } from '../../lib/area.ts';

export const curriculumArea: Area = {
  label: 'Curriculum',
  path: '/curriculum',
  icon: IconHierarchy3,
  access: 'curriculum',
  description: 'Grades, subjects, chapters and topics: add, rename, order and download them.',
  load: screen(() => import('./routes/curriculum-page.tsx').then((m) => m.CurriculumPage)),
};
