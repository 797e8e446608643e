import { mailJob } from '../mail/mail.jobs.ts';
import { catalogImportJob } from '../modules/books/books.jobs.ts';
import { curriculumImportJob } from '../modules/curriculum/curriculum.jobs.ts';
import { fileSweepJob } from '../modules/files/files.jobs.ts';
import { mailerSendJob } from '../modules/mail/mail.sender.ts';
import { notificationDeliverJob } from '../modules/notifications/notifications.jobs.ts';
import { qrGenerateJob } from '../modules/qr-codes/qr-codes.jobs.ts';
import { questionImportJob } from '../modules/questions/questions.jobs.ts';
import { reportsRefreshJob } from '../modules/reports/reports.jobs.ts';
import { tocImportJob } from '../modules/toc/toc.jobs.ts';
import type { JobKind } from './job.ts';

/** Every job kind the product runs: each lives beside its feature. Later features add a line. */
export const JOBS: JobKind[] = [
  mailJob,
  fileSweepJob,
  catalogImportJob,
  curriculumImportJob,
  tocImportJob,
  questionImportJob,
  qrGenerateJob,
  reportsRefreshJob,
  notificationDeliverJob,
  mailerSendJob,
];
