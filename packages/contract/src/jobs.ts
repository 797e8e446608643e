import { z } from 'zod';
import { errorSchema, listQuery, paginated, timestampSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/**
 * Background jobs (imports, mailers, QR batches, mails, the file sweep).
 * States: `created` (waiting), `retry` (waiting after a failed try or a
 * restart), `active` (running), `completed`, `failed` (dead: every try
 * failed; it stays until retried), `cancelled`.
 */
export const JOB_STATES = [
  'created',
  'retry',
  'active',
  'completed',
  'failed',
  'cancelled',
] as const;
export const jobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof jobStateSchema>;

/**
 * The job kinds as screens name them. The server's registry of kinds is
 * checked against this table by a test, so a new kind comes with its name.
 */
export const JOB_KIND_LABELS: Record<string, string> = {
  'delivery.now': 'E-mail',
  'delivery.send': 'Sending (mailers, notifications)',
  'mail.send': 'E-mail (queued before the delivery engine)',
  'mailers.send': 'Mailer sending (queued before the delivery engine)',
  'files.sweep': 'Unused files clean-up',
  'books.import': 'Books catalogue import',
  'curriculum.import': 'Curriculum import',
  'curriculum.workbook-import': 'Curriculum workbook import',
  'toc.import': 'TOC import',
  'questions.import': 'Question import',
  'qr.generate': 'QR code generation',
  'qr-codes.import': 'QR codes import',
  'reports.refresh': 'Reports refresh',
  'reports.subscriptions-due': 'Report subscriptions due check',
  'reports.subscription-send': 'Report subscription mail',
  'notifications.deliver': 'Notification delivery',
  'bulk_edits.apply': 'Bulk edit',
  'bulk_edits.undo': 'Bulk edit undo',
};
/** A kind's name; one the table lacks (a kind of a newer server) is shown as stored. */
export const jobKindLabel = (kind: string) => JOB_KIND_LABELS[kind] ?? kind;

export const jobIdSchema = z.uuid();

export const jobSchema = z.object({
  id: jobIdSchema,
  kind: z.string(),
  state: jobStateSchema,
  /** 0-100 while running and after; null before the first report. */
  progress: z.number().int().min(0).max(100).nullable(),
  /** The job's last progress sentence. */
  message: z.string().nullable(),
  /**
   * Why the job failed (or its last try did), as a request's error
   * { message, code, details? }: a refused import keeps the code and details
   * the upload would have answered (`import_invalid` with every problem);
   * any other failure is `job_failed` with the job's own words.
   */
  error: errorSchema.nullable(),
  /**
   * What the job answered when it completed (a count, a summary); for an
   * import, the import's report (ImportReport with the import's own counts).
   */
  result: z.unknown(),
  /** Tries started so far. */
  attempts: z.number().int().min(0),
  /** Tries allowed in all (the first and its retries). */
  maxAttempts: z.number().int().min(1),
  byAdminId: z.number().int().nullable(),
  createdAt: timestampSchema,
  startAfter: timestampSchema,
  startedAt: timestampSchema.nullable(),
  completedAt: timestampSchema.nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListQuery = listQuery(['createdAt']).extend({
  state: jobStateSchema.optional(),
  kind: z
    .string()
    .regex(/^[\w.-]{1,80}$/)
    .optional(),
  /** `shown`: list the finished runs of scheduled kinds too (hidden by default as routine). */
  routine: z.enum(['shown']).optional(),
});

export const jobRoutes = defineRoutes({
  listJobs: {
    method: 'GET',
    path: '/jobs',
    access: 'super_admin',
    tag: 'jobs',
    summary: 'Recent background jobs, newest first, with state and progress',
    query: jobListQuery,
    response: paginated(jobSchema).extend({ kinds: z.array(z.string()) }),
  },
  getJob: {
    method: 'GET',
    path: '/jobs/status',
    access: 'session',
    tag: 'jobs',
    summary:
      'One job, to follow its progress: visible to the admin whose action started it and to super admins',
    query: z.object({ id: jobIdSchema }),
    response: jobSchema,
  },
  retryJob: {
    method: 'POST',
    path: '/jobs/retry',
    access: 'super_admin',
    tag: 'jobs',
    summary: 'Runs a failed or cancelled job again',
    body: z.object({ id: jobIdSchema }),
    response: jobSchema,
  },
});
