import { IconKey, IconMail, IconSchool } from '@tabler/icons-react';
import { type Area, screen } from '../../lib/area.ts';

export const learnersArea: Area = {
  label: 'Learners',
  path: '/learners',
  icon: IconSchool,
  access: 'learners',
  description: 'Learners of the app: find them, see their activity, reset their device.',
  load: screen(() => import('./routes/learners-page.tsx').then((m) => m.LearnersPage)),
  pages: [
    {
      path: ':id',
      crumb: 'Learner',
      load: screen(() => import('./routes/learner-page.tsx').then((m) => m.LearnerPage)),
    },
  ],
};

export const contactMessagesArea: Area = {
  label: 'Contact messages',
  path: '/contact-messages',
  icon: IconMail,
  access: 'contact_us',
  description: "Messages from the learner app's contact form: read and resolve them.",
  load: screen(() => import('./routes/contact-page.tsx').then((m) => m.ContactPage)),
};

export const learnerAppArea: Area = {
  label: 'Learner app',
  path: '/learner-app',
  icon: IconKey,
  access: 'super_admin',
  description: 'Keys the learner app sends its events with: create and revoke them.',
  load: screen(() => import('./routes/app-keys-page.tsx').then((m) => m.AppKeysPage)),
};
