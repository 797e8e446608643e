import { z } from 'zod';
import { idParam, timestampSchema } from './common.ts';

/**
 * A mailer's results (docs/domain.md, Mail; docs/privacy.md): what its
 * ledger says was sent, and, for a mailer made with `track`, who opened it
 * and who clicked. Routes in mail-routes.ts.
 */

export const mailerResultsQuery = z.object({ id: idParam });

/** One point of the time series: per hour for the first 48 hours after sending began, then per day. */
export const mailerResultsPointSchema = z.object({
  /** The bucket's start. */
  at: timestampSchema,
  unit: z.enum(['hour', 'day']),
  /** Recipients whose first open, and first click, fell in the bucket. */
  opens: z.number().int(),
  clicks: z.number().int(),
});

export const mailerResultsSchema = z.object({
  id: z.number().int(),
  track: z.boolean(),
  /** Ledger rows: every learner of the audience. */
  recipients: z.number().int(),
  /** Handed to the mail server (it accepted them). */
  sent: z.number().int(),
  /** Sent and not bounced since. */
  delivered: z.number().int(),
  /** Refused by the mail server when sent. */
  failed: z.number().int(),
  /** Returned after they were sent (0 until bounces are recorded). */
  bounced: z.number().int(),
  skipped: z.number().int(),
  /** Recipients who opened, and who clicked, at least once (0 unless tracked). */
  opened: z.number().int(),
  clicked: z.number().int(),
  /** Learners who unsubscribed through this mailer's link. */
  unsubscribed: z.number().int(),
  /** When the first mail went (the series' origin); null before any. */
  startedAt: timestampSchema.nullable(),
  series: z.array(mailerResultsPointSchema),
  /** The links clicked most, with their clicks (every click counts). */
  links: z.array(z.object({ url: z.string(), clicks: z.number().int() })),
});
export type MailerResults = z.infer<typeof mailerResultsSchema>;
