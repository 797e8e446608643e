import type { Access, AssessmentKind } from '@bo/contract';
import {
  type Icon,
  IconBell,
  IconBooks,
  IconCertificate,
  IconChartBar,
  IconClipboardList,
  IconClockPlay,
  IconDeviceTv,
  IconGift,
  IconHierarchy3,
  IconHistory,
  IconKey,
  IconLayoutDashboard,
  IconListCheck,
  IconMail,
  IconMailFast,
  IconMovie,
  IconQrcode,
  IconSchool,
  IconSpeakerphone,
  IconStethoscope,
  IconTemplate,
  IconUsersGroup,
  IconWindowMaximize,
} from '@tabler/icons-react';
import { createElement } from 'react';
import type { ScreenPrefetch } from '../lib/screen-prefetch.ts';
import type { ScreenLoad } from './screens.ts';

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
  load: ScreenLoad;
  /** Screens under the area's path (e.g. `:id`), each with its breadcrumb. */
  pages?: readonly {
    path: string;
    crumb: string;
    load: Area['load'];
    /** Starts the page's first reads with its route (lib/screen-prefetch.ts). */
    prefetch?: ScreenPrefetch;
  }[];
}

/**
 * /questions/new and /questions/:id: one editor screen. Its rich-text editor
 * (Tiptap, ProseMirror) is a chunk of its own that the screen loads lazily;
 * asking for it here too starts its download beside the screen's instead of
 * after the screen has rendered.
 */
const loadQuestionEditor = () => {
  import('../components/rich-text/rich-text-editor.tsx').catch(() => {}); // the screen retries
  return import('../features/questions/routes/editor-page.tsx').then((m) => ({
    Component: m.QuestionEditorPage,
  }));
};

/**
 * The four kinds of assessment share one list screen and one builder
 * (features/assessments, driven by its kinds.ts); each is an area of its own
 * for the sidebar and its module's access. Paths match kinds.ts.
 */
function assessmentArea(
  kind: AssessmentKind,
  area: Pick<Area, 'label' | 'path' | 'icon' | 'access' | 'description'>,
  crumb: string,
): Area {
  return {
    ...area,
    load: () =>
      import('../features/assessments/routes/list-page.tsx').then((m) => ({
        Component: () => createElement(m.AssessmentsListPage, { kind }),
      })),
    pages: [
      {
        path: ':id',
        crumb,
        load: () =>
          import('../features/assessments/routes/builder-page.tsx').then((m) => ({
            Component: () => createElement(m.AssessmentBuilderPage, { kind }),
          })),
        // A small chunk of its own, so the read starts before the builder's code has arrived.
        prefetch: (prefetch, params) =>
          void import('../features/assessments/api/get-assessment.ts').then((m) =>
            m.prefetchAssessment(kind)(prefetch, params),
          ),
      },
      {
        path: ':id/preview',
        crumb: 'Preview',
        load: () =>
          import('../features/assessments/routes/preview-page.tsx').then((m) => ({
            Component: () => createElement(m.AssessmentPreviewPage, { kind }),
          })),
      },
    ],
  };
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
    label: 'QR codes',
    path: '/qr-codes',
    icon: IconQrcode,
    access: 'qr_codes',
    description:
      'QR codes of books and videos: generate, print, retarget, disable, and their scans.',
    load: () =>
      import('../features/qr-codes/routes/qr-codes-page.tsx').then((m) => ({
        Component: m.QrCodesPage,
      })),
    pages: [
      {
        path: ':bookId',
        crumb: 'Book',
        load: () =>
          import('../features/qr-codes/routes/qr-book-page.tsx').then((m) => ({
            Component: m.QrBookPage,
          })),
      },
    ],
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
    label: 'Question bank',
    path: '/questions',
    icon: IconListCheck,
    access: 'questions',
    description: 'Questions with math and images: find, preview, import and export them.',
    load: () =>
      import('../features/questions/routes/list-page.tsx').then((m) => ({
        Component: m.QuestionsListPage,
      })),
    pages: [
      { path: 'new', crumb: 'New question', load: loadQuestionEditor },
      { path: ':id', crumb: 'Question', load: loadQuestionEditor },
    ],
  },
  assessmentArea(
    'practice',
    {
      label: 'Practices',
      path: '/practices',
      icon: IconClipboardList,
      access: 'practices',
      description: 'Practices on book chapters and topics: build them from the question bank.',
    },
    'Practice',
  ),
  assessmentArea(
    'mock_test',
    {
      label: 'Mock tests',
      path: '/mock-tests',
      icon: IconCertificate,
      access: 'mock_tests',
      description: 'Timed tests in sections, by test category: build, clone and preview them.',
    },
    'Mock test',
  ),
  assessmentArea(
    'diagnostic',
    {
      label: 'Diagnostic tests',
      path: '/diagnostic-tests',
      icon: IconStethoscope,
      access: 'diagnostic_tests',
      description: 'A test per subject with a section per chapter.',
    },
    'Diagnostic test',
  ),
  assessmentArea(
    'video_quiz',
    {
      label: 'Video quizzes',
      path: '/video-quizzes',
      icon: IconDeviceTv,
      access: 'promotional',
      description: 'Questions at moments of a video: place them from the player.',
    },
    'Video quiz',
  ),
  // Free content and promo videos (features/free-content, features/promo-videos).
  {
    label: 'Free content',
    path: '/free-content',
    icon: IconGift,
    access: 'free_content',
    description: 'Whole books free to every learner, and free samples of TOCs.',
    load: () =>
      import('../features/free-content/routes/free-content-page.tsx').then((m) => ({
        Component: m.FreeContentPage,
      })),
    pages: [
      {
        path: ':isbn',
        crumb: 'Free sample',
        load: () =>
          import('../features/free-content/routes/free-sample-page.tsx').then((m) => ({
            Component: m.FreeSamplePage,
          })),
      },
    ],
  },
  {
    label: 'Promo videos',
    path: '/promo-videos',
    icon: IconSpeakerphone,
    access: 'promotional',
    description: "The learner app's promo shelf: videos in order, by grade, active or not.",
    load: () =>
      import('../features/promo-videos/routes/promo-videos-page.tsx').then((m) => ({
        Component: m.PromoVideosPage,
      })),
  },
  {
    label: 'Learners',
    path: '/learners',
    icon: IconSchool,
    access: 'learners',
    description: 'Learners of the app: find them, see their activity, reset their device.',
    load: () =>
      import('../features/learners/routes/learners-page.tsx').then((m) => ({
        Component: m.LearnersPage,
      })),
    pages: [
      {
        path: ':id',
        crumb: 'Learner',
        load: () =>
          import('../features/learners/routes/learner-page.tsx').then((m) => ({
            Component: m.LearnerPage,
          })),
      },
    ],
  },
  {
    label: 'Contact messages',
    path: '/contact-messages',
    icon: IconMail,
    access: 'contact_us',
    description: "Messages from the learner app's contact form: read and resolve them.",
    load: () =>
      import('../features/learners/routes/contact-page.tsx').then((m) => ({
        Component: m.ContactPage,
      })),
  },
  {
    label: 'Pop-ups',
    path: '/popups',
    icon: IconWindowMaximize,
    access: 'popups',
    description:
      'Pop-ups the learner app shows: audience, window, priority and caps, with a preview.',
    load: () =>
      import('../features/popups/routes/popups-page.tsx').then((m) => ({
        Component: m.PopupsPage,
      })),
  },
  {
    label: 'Notifications',
    path: '/notifications',
    icon: IconBell,
    access: 'notifications',
    description: 'Messages to learners now or at a time: audience, live count, preview, delivery.',
    load: () =>
      import('../features/notifications/routes/notifications-page.tsx').then((m) => ({
        Component: m.NotificationsPage,
      })),
  },
  {
    label: 'Reports',
    path: '/reports',
    icon: IconChartBar,
    access: 'reports',
    description: 'Learners, sessions, redemptions, feedback, QR scans and books over a period.',
    load: () =>
      import('../features/reports/routes/reports-page.tsx').then((m) => ({
        Component: m.ReportsPage,
      })),
    pages: [
      {
        path: 'assessments/:id',
        crumb: 'Assessment results',
        load: () =>
          import('../features/reports/routes/assessment-results-page.tsx').then((m) => ({
            Component: m.AssessmentResultsPage,
          })),
      },
    ],
  },
  {
    label: 'Mail templates',
    path: '/mail-templates',
    icon: IconTemplate,
    access: 'mail',
    description:
      'E-mail templates with learner variables and images, previewed as learners see them.',
    load: () =>
      import('../features/mail-templates/routes/templates-page.tsx').then((m) => ({
        Component: m.TemplatesPage,
      })),
    pages: [
      {
        path: ':id',
        crumb: 'Template',
        load: () =>
          import('../features/mail-templates/routes/template-editor-page.tsx').then((m) => ({
            Component: m.TemplateEditorPage,
          })),
      },
    ],
  },
  {
    label: 'Mailers',
    path: '/mailers',
    icon: IconMailFast,
    access: 'mail',
    description: 'Send a template to learners and follow it: sent, failed, skipped, unsubscribed.',
    load: () =>
      import('../features/mailers/routes/mailers-page.tsx').then((m) => ({
        Component: m.MailersPage,
      })),
    pages: [
      {
        path: 'new',
        crumb: 'New mailer',
        load: () =>
          import('../features/mailers/routes/new-mailer-page.tsx').then((m) => ({
            Component: m.NewMailerPage,
          })),
      },
      {
        path: ':id',
        crumb: 'Mailer',
        load: () =>
          import('../features/mailers/routes/mailer-page.tsx').then((m) => ({
            Component: m.MailerPage,
          })),
      },
    ],
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
    label: 'Learner app',
    path: '/learner-app',
    icon: IconKey,
    access: 'super_admin',
    description: 'Keys the learner app sends its events with: create and revoke them.',
    load: () =>
      import('../features/learners/routes/app-keys-page.tsx').then((m) => ({
        Component: m.AppKeysPage,
      })),
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
