import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { mailers } from './mail.ts';

/**
 * The suppression list and what the mail provider's webhook keeps to stay
 * idempotent (docs/domain.md, Mail, "Bounces, complaints and the suppression
 * list"; modules/mail/mail.suppression.ts, mail.events-webhook.ts).
 */

export type SuppressionReason = 'bounced' | 'complained' | 'unsubscribed';

/**
 * Addresses no mailer reaches again, one row each (lower case), with why,
 * when and from which mailer. Unsubscribes are here too (migration 0036
 * folded `mail_unsubscribes` in): one list, read by the ledger's fill and by
 * the sender before each batch.
 */
export const mailSuppressions = pgTable(
  'mail_suppressions',
  {
    email: text('email').primaryKey(),
    reason: text('reason').notNull().$type<SuppressionReason>(),
    mailerId: bigint('mailer_id', { mode: 'number' }).references(() => mailers.id, {
      onDelete: 'set null',
    }),
    /** The provider's words for a bounce or complaint. */
    detail: text('detail'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    // The fill and the sender compare with lower(learners.email): a mixed-case key would never match.
    check('mail_suppressions_email_lower', sql`${t.email} = lower(${t.email})`),
    index('mail_suppressions_at_idx').on(t.at, t.email),
  ],
);

/**
 * Each event the webhook took, by the provider's id, so a delivery of the
 * same event again changes nothing. It holds no address (the suppression
 * list and the ledger do). Kept for MAIL_EVENT_IDS_KEPT_DAYS, far beyond
 * any provider's retries (a few days), then deleted by the webhook's own
 * calls (by `received_at`, indexed).
 */
export const mailEvents = pgTable(
  'mail_events',
  {
    eventId: text('event_id').primaryKey(),
    type: text('type').notNull().$type<'bounce' | 'complaint'>(),
    mailerId: bigint('mailer_id', { mode: 'number' }),
    occurredAt: tstz('occurred_at').notNull(),
    receivedAt: tstz('received_at').notNull().defaultNow(),
  },
  (t) => [index('mail_events_received_idx').on(t.receivedAt)],
);

/**
 * Signatures of the webhook calls taken in the last minutes: the same signed
 * call again is refused. Older ones are deleted at each call (their
 * timestamp is refused anyway).
 */
export const mailWebhookSignatures = pgTable('mail_webhook_signatures', {
  signature: text('signature').primaryKey(),
  at: tstz('at').notNull().defaultNow(),
});
