import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps, tstz } from './columns.ts';

/**
 * The delivery engine's tables (docs/jobs.md, Deliveries; lib/delivery/):
 * a delivery is one message to many recipients (a mailer, a notification, a
 * system mail), and its ledger holds one row per recipient and channel. The
 * ledger row is the unit of durable sending: claimed in batches, and never
 * sent again once `sent`.
 */

export type DeliveryStatus = 'sending' | 'paused' | 'cancelled' | 'done' | 'failed';

export const deliveries = pgTable('deliveries', {
  id: id(),
  /** Which source composes its messages: `mailer`, `notification`, `system`. */
  source: text('source').notNull(),
  status: text('status').notNull().$type<DeliveryStatus>().default('sending'),
  /** Why it failed as a whole (status `failed`): a mailer's template that cannot be rendered. */
  failureReason: text('failure_reason'),
  /** One sender at a time: the running job's id and until when it holds the delivery. */
  leaseOwner: text('lease_owner'),
  leaseUntil: tstz('lease_until'),
  finishedAt: tstz('finished_at'),
  /** Not sent before this time (a scheduled mailer); null: at once. */
  sendAt: tstz('send_at'),
  /** At most this many rows of a channel a minute, spread over the minute (lib/delivery/rate.ts); null: no pace. */
  ratePerMinute: integer('rate_per_minute'),
  ...timestamps(),
});

/** `bounced` and `complained` follow `sent` (or `failed`), from the mail provider's webhook. */
export type RecipientState =
  | 'queued'
  | 'sending'
  | 'sent'
  | 'failed'
  | 'skipped'
  | 'bounced'
  | 'complained';

/**
 * One row per recipient and channel. Its delivery and learner are checked by
 * statement triggers (migrations 0020 and 0025), not foreign keys: the ledger
 * is written 100,000 rows at a time, and a key checks each row apart.
 * Deleting a learner or a delivery deletes its rows, as a cascade would.
 */
export const deliveryRecipients = pgTable(
  'delivery_recipients',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint('delivery_id', { mode: 'number' }).notNull(),
    /** The channel adapter that sends it: `bulk-mail`, `mail`, `inbox`, `push`. */
    channel: text('channel').notNull(),
    /** Null for a system mail (its recipient is an admin, sealed in the payload). */
    learnerId: bigint('learner_id', { mode: 'number' }),
    /** The e-mail address a mailer's row was sent to (searchable in the ledger). */
    address: text('address'),
    /** A system mail, sealed (it holds codes and one-time links); cleared once sent. */
    payload: text('payload'),
    state: text('state').notNull().$type<RecipientState>().default('queued'),
    /** Why it failed (the SMTP answer) or was skipped. */
    reason: text('reason'),
    attempts: smallint('attempts').notNull().default(0),
    claimedAt: tstz('claimed_at'),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    // The learner before the channel: a ledger's rows share their delivery,
    // so with the channel second every comparison of a 100,000-row insert
    // went on to compare channel names (text, under a collation).
    uniqueIndex('delivery_recipients_key').on(t.deliveryId, t.learnerId, t.channel),
    // Without the channel: a delivery's channels are written and sent one after
    // another, so their ids do not interleave, and every index entry is
    // 10 bytes narrower (the 100,000-row ledger is written faster).
    index('delivery_recipients_state_idx').on(t.deliveryId, t.state, t.id),
    index('delivery_recipients_sent_idx').on(t.channel, t.sentAt).where(sql`${t.state} = 'sent'`),
  ],
);
