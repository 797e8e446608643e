import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, tstz } from './columns.ts';
import { learners } from './learners.ts';
import { mailers } from './mail.ts';

/**
 * Opens and clicks of the mailers made with `track` (modules/mail/mail.tracking.ts,
 * docs/privacy.md). A row appears at a recipient's first open or click, so
 * an untracked mailer, or a recipient who never opened, has none. Deleting
 * the learner or the mailer deletes the rows.
 */
export const mailTracking = pgTable(
  'mail_tracking',
  {
    /** The recipient's ledger row (delivery_recipients.id), which the signed links name. */
    recipientId: bigint('recipient_id', { mode: 'number' }).primaryKey(),
    mailerId: bigint('mailer_id', { mode: 'number' })
      .notNull()
      .references(() => mailers.id, { onDelete: 'cascade' }),
    learnerId: bigint('learner_id', { mode: 'number' })
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    firstOpenedAt: tstz('first_opened_at'),
    opens: integer('opens').notNull().default(0),
    firstClickedAt: tstz('first_clicked_at'),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [
    index('mail_tracking_mailer_idx').on(t.mailerId),
    index('mail_tracking_learner_idx').on(t.learnerId),
  ],
);

/** Clicks per link of a tracked mailer (every click, nobody's name). */
export const mailLinkClicks = pgTable(
  'mail_link_clicks',
  {
    mailerId: bigint('mailer_id', { mode: 'number' })
      .notNull()
      .references(() => mailers.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.mailerId, t.url] })],
);

/**
 * Opens and clicks as they arrive, one row each, before they are added to
 * the counts above (modules/mail/mail.tracking-events.ts): appending a row
 * is the least a request can write before its answer. Folded into
 * `mail_tracking` and `mail_link_clicks` within about a second and deleted;
 * the results read both, so they are never behind. No key to the ledger and
 * no other index: the fold drops the rows whose recipient is gone (a deleted
 * learner or mailer) or whose mailer is not tracked.
 */
export const mailTrackingEvents = pgTable('mail_tracking_events', {
  /** The fold takes the oldest first. */
  id: id(),
  /** The recipient's ledger row (delivery_recipients.id) the signed link names. */
  recipientId: bigint('recipient_id', { mode: 'number' }).notNull(),
  kind: text('kind').notNull().$type<'open' | 'click'>(),
  /** The link clicked; null for an open, or a link too long to count apart. */
  url: text('url'),
  at: tstz('at').notNull().defaultNow(),
});
