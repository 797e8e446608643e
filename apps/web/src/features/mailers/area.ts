import { IconMailFast } from '@tabler/icons-react';
import { type Area, screen } from '../../lib/area.ts';

export const mailersArea: Area = {
  label: 'Mailers',
  path: '/mailers',
  icon: IconMailFast,
  access: 'mail',
  description: 'Send a template to learners and follow it: sent, failed, skipped, unsubscribed.',
  load: screen(() => import('./routes/mailers-page.tsx').then((m) => m.MailersPage)),
  pages: [
    {
      path: 'new',
      crumb: 'New mailer',
      load: screen(() => import('./routes/new-mailer-page.tsx').then((m) => m.NewMailerPage)),
    },
    {
      path: ':id',
      crumb: 'Mailer',
      load: screen(() => import('./routes/mailer-page.tsx').then((m) => m.MailerPage)),
    },
  ],
};
