import type { Access } from '@bo/contract';
import {
  type Icon,
  IconBooks,
  IconClockPlay,
  IconHierarchy3,
  IconHistory,
  IconLayoutDashboard,
  IconMovie,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

/**
 * Every area of the main layout, in sidebar order: the sidebar, the home
 * cards, the routes and their access checks are all built from this table, so
 * a new feature adds one line here. `access` is the contract's rule for the
 * area's API routes, so the sidebar never shows a link the API would refuse.
 */
export interface Area {
  label: string;
  /** Absolute path of the area's main screen. */
  path: string;
  icon: Icon;
  access: Access;
  description: string;
  load: () => Promise<{ Component: ComponentType }>;
  /** Screens under the area's path (e.g. `:id`), each with its breadcrumb. */
  pages?: readonly { path: string; crumb: string; load: Area['load'] }[];
}

export const AREAS: readonly Area[] = [
  {
    label: 'Home',
    path: '/',
    icon: IconLayoutDashboard,
    access: 'session',
    description: 'The areas you can open.',
    load: () => import('./routes/home.tsx').then((m) => ({ Component: m.HomePage })),
  },
  {
    label: 'Books',
    path: '/books',
    icon: IconBooks,
    access: 'books',
    description: 'Books by ISBN: create and edit them, their extra ISBNs and status.',
    load: () =>
      import('../features/books/routes/books-page.tsx').then((m) => ({ Component: m.BooksPage })),
    pages: [
      {
        path: ':id',
        crumb: 'Book',
        load: () =>
          import('../features/books/routes/book-page.tsx').then((m) => ({ Component: m.BookPage })),
      },
    ],
  },
  {
    label: 'Curriculum',
    path: '/curriculum',
    icon: IconHierarchy3,
    access: 'curriculum',
    description: 'Grades, subjects, chapters and topics: add, rename, order and download them.',
    load: () =>
      import('../features/curriculum/routes/curriculum-page.tsx').then((m) => ({
        Component: m.CurriculumPage,
      })),
  },
  {
    label: 'Media library',
    path: '/media',
    icon: IconMovie,
    access: 'media',
    description: 'Videos and audios: upload or link them, tag them to the curriculum, play them.',
    load: () =>
      import('../features/media/routes/media-page.tsx').then((m) => ({ Component: m.MediaPage })),
  },
  {
    label: 'Admins',
    path: '/admins',
    icon: IconUsersGroup,
    access: 'admins',
    description: 'Invite admins, set their role and modules, disable or remove them.',
    load: () =>
      import('../features/admins/routes/admins-page.tsx').then((m) => ({
        Component: m.AdminsPage,
      })),
  },
  {
    label: 'Audit log',
    path: '/audit',
    icon: IconHistory,
    access: 'super_admin',
    description: 'Every change: who made it, when, and what it looked like before and after.',
    load: () =>
      import('../features/audit/routes/audit-page.tsx').then((m) => ({ Component: m.AuditPage })),
  },
  {
    label: 'Jobs',
    path: '/jobs',
    icon: IconClockPlay,
    access: 'super_admin',
    description: 'Background work (mails, imports, clean-ups): its progress, failures and retries.',
    load: () =>
      import('../features/jobs/routes/jobs-page.tsx').then((m) => ({ Component: m.JobsPage })),
  },
];
