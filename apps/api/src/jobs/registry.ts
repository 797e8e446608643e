import { deliveryJobs } from '../lib/delivery/job.ts';
import { catalogImportJob } from '../modules/books/books.jobs.ts';
import { bulkEditApplyJob, bulkEditUndoJob } from '../modules/bulk-edits/bulk-edits.jobs.ts';
import {
  curriculumImportJob,
  curriculumWorkbookImportJob,
} from '../modules/curriculum/curriculum.jobs.ts';
import { fileSweepJob } from '../modules/files/files.jobs.ts';
import { legacyMailerJob, legacyMailJob } from '../modules/mail/mail.legacy-jobs.ts';
import { bulkMailChannel, mailerSource } from '../modules/mail/mail.sender.ts';
import { systemMailChannel, systemMailSource } from '../modules/mail/mail.system.ts';
import {
  inboxChannel,
  notificationSource,
  pushChannel,
} from '../modules/notifications/notifications.delivery.ts';
import { notificationDeliverJob } from '../modules/notifications/notifications.jobs.ts';
import { qrGenerateJob, qrImportJob } from '../modules/qr-codes/qr-codes.jobs.ts';
import { questionImportJob } from '../modules/questions/questions.jobs.ts';
import { reportsRefreshJob } from '../modules/reports/reports.jobs.ts';
import {
  subscriptionSendJob,
  subscriptionsDueJob,
} from '../modules/reports/reports.subscriptions.jobs.ts';
import { tocImportJob } from '../modules/toc/toc.jobs.ts';
import type { JobKind } from './job.ts';

/** Every job kind the product runs: each lives beside its feature. Later features add a line. */
export const JOBS: JobKind[] = [
  // One engine for every message to many (or one) recipients: its sources and channels.
  ...deliveryJobs({
    sources: [mailerSource, notificationSource, systemMailSource],
    channels: {
      mail: systemMailChannel,
      'bulk-mail': bulkMailChannel,
      inbox: inboxChannel,
      push: pushChannel,
    },
  }),
  legacyMailJob,
  legacyMailerJob,
  fileSweepJob,
  catalogImportJob,
  curriculumImportJob,
  curriculumWorkbookImportJob,
  tocImportJob,
  questionImportJob,
  qrGenerateJob,
  qrImportJob,
  reportsRefreshJob,
  subscriptionsDueJob,
  subscriptionSendJob,
  notificationDeliverJob,
  bulkEditApplyJob,
  bulkEditUndoJob,
];
