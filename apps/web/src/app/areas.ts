import { adminsArea } from '../features/admins/area.ts';
import {
  diagnosticTestsArea,
  mockTestsArea,
  practicesArea,
  videoQuizzesArea,
} from '../features/assessments/areas.ts';
import { auditArea } from '../features/audit/area.ts';
import { booksArea } from '../features/books/area.ts';
import { curriculumArea } from '../features/curriculum/area.ts';
import { freeContentArea } from '../features/free-content/area.ts';
import { jobsArea } from '../features/jobs/area.ts';
import { contactMessagesArea, learnerAppArea, learnersArea } from '../features/learners/areas.ts';
import { mailTemplatesArea } from '../features/mail-templates/area.ts';
import { mailersArea } from '../features/mailers/area.ts';
import { mediaArea } from '../features/media/area.ts';
import { notificationsArea } from '../features/notifications/area.ts';
import { popupsArea } from '../features/popups/area.ts';
import { promoVideosArea } from '../features/promo-videos/area.ts';
import { qrCodesArea } from '../features/qr-codes/area.ts';
import { questionsArea } from '../features/questions/area.ts';
import { reportsArea } from '../features/reports/area.ts';
import type { Area } from '../lib/area.ts';

/**
 * The features' areas in sidebar order (after Home, app/home-area.ts). Each
 * feature declares its own (`features/<f>/area.ts`, lib/area.ts says what an
 * area holds); this list only orders them, and the sidebar, the home cards
 * and the signed-in routes are all built from it. A new feature adds its
 * area file and one line here.
 */
export const AREAS: readonly Area[] = [
  booksArea,
  curriculumArea,
  qrCodesArea,
  mediaArea,
  questionsArea,
  practicesArea,
  mockTestsArea,
  diagnosticTestsArea,
  videoQuizzesArea,
  freeContentArea,
  promoVideosArea,
  learnersArea,
  contactMessagesArea,
  popupsArea,
  notificationsArea,
  reportsArea,
  mailTemplatesArea,
  mailersArea,
  adminsArea,
  auditArea,
  learnerAppArea,
  jobsArea,
];
