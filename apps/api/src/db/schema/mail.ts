import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins } from './access.ts';
import { id, timestamps, tstz } from './columns.ts';
import { learners } from './learners.ts';

/**
 * E-mail templates, mailer images, campaigns and their per-recipient ledger
 * (docs/domain.md, Mail). The ledger row is the unit of durable sending:
 * created once per campaign and learner (unique), claimed in batches by the
 * sender, and never sent again once `sent`.
 */

export const mailTemplates = pgTable(
  'mail_templates',
  {
    id: id(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    /** Sanitised HTML with `{{variables}}` (docs/security.md, mail HTML). */
    html: text('html').notNull(),
    /** The plain-text part, made from the HTML at save. */
    text: text('text').notNull(),
    variables: text('variables').array().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => admins.id, {
      onDelete: 'set null',
    }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('mail_templates_name_key').on(sql`lower(${t.name})`)],
);

/** An uploaded image a template shows; the row holds the file against the orphan sweep. */
export const mailerImages = pgTable('mailer_images', {
  id: id(),
  fileKey: text('file_key').notNull().unique(),
  contentType: text('content_type').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  createdBy: bigint('created_by', { mode: 'number' }),
});

export type MailerStatus = 'sending' | 'paused' | 'cancelled' | 'done' | 'failed';

/**
 * A campaign: the template as it was when sent (a later edit of the template
 * does not change mails already queued), the audience, and who holds the
 * sending lease (one sender at a time per campaign; see mail.sender.ts).
 */
export const mailers = pgTable(
  'mailers',
  {
    id: id(),
    templateId: bigint('template_id', { mode: 'number' }).references(() => mailTemplates.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    audience: jsonb('audience').notNull(),
    status: text('status').notNull().$type<MailerStatus>().default('sending'),
    /** Why a campaign failed as a whole (status `failed`): a template that cannot be rendered. */
    failureReason: text('failure_reason'),
    /** The client's key for this request: a second click answers the first campaign. */
    idempotencyKey: uuid('idempotency_key').notNull(),
    leaseOwner: text('lease_owner'),
    leaseUntil: tstz('lease_until'),
    finishedAt: tstz('finished_at'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => admins.id, {
      onDelete: 'set null',
    }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('mailers_idempotency_key').on(t.createdBy, t.idempotencyKey),
    index('mailers_created_idx').on(t.createdAt, t.id),
  ],
);

export type RecipientState = 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';

/**
 * A campaign's ledger: one row per recipient. Its mailer and learner are
 * checked by statement triggers (migration 0020), not foreign keys: the
 * ledger is written 100,000 rows at a time, and a key checks each row apart.
 * Deleting a learner or a mailer deletes its rows, as a cascade would.
 */
export const mailerRecipients = pgTable(
  'mailer_recipients',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    mailerId: bigint('mailer_id', { mode: 'number' }).notNull(),
    learnerId: bigint('learner_id', { mode: 'number' }).notNull(),
    email: text('email'),
    state: text('state').notNull().$type<RecipientState>().default('queued'),
    /** Why it failed (the SMTP answer) or was skipped. */
    reason: text('reason'),
    attempts: smallint('attempts').notNull().default(0),
    claimedAt: tstz('claimed_at'),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    uniqueIndex('mailer_recipients_key').on(t.mailerId, t.learnerId),
    index('mailer_recipients_state_idx').on(t.mailerId, t.state, t.id),
    index('mailer_recipients_sent_idx').on(t.sentAt).where(sql`${t.state} = 'sent'`),
  ],
);

/** Learners who asked for no more mailers (one-click unsubscribe, RFC 8058). */
export const mailUnsubscribes = pgTable('mail_unsubscribes', {
  learnerId: bigint('learner_id', { mode: 'number' })
    .primaryKey()
    .references(() => learners.id, { onDelete: 'cascade' }),
  mailerId: bigint('mailer_id', { mode: 'number' }).references(() => mailers.id, {
    onDelete: 'set null',
  }),
  at: tstz('at').notNull().defaultNow(),
});
