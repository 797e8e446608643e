import { MAIL_FORMATS, type MailBlock } from '@bo/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins } from './access.ts';
import { id, timestamps, tstz } from './columns.ts';
import { deliveries } from './delivery.ts';

/**
 * E-mail templates, mailer images and campaigns (docs/domain.md, Mail). A
 * campaign's ledger is its delivery's (delivery.ts); unsubscribes are on the
 * suppression list (mail-suppression.ts).
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
    /** `blocks`: the HTML is made from `blocks` at save (mail.blocks.ts); `html`: written by hand. */
    format: text('format', { enum: MAIL_FORMATS }).notNull().default('html'),
    blocks: jsonb('blocks').$type<MailBlock[]>(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => admins.id, {
      onDelete: 'set null',
    }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('mail_templates_name_key').on(sql`lower(${t.name})`),
    check(
      'mail_templates_format_check',
      sql`${t.format} = 'html' or (${t.format} = 'blocks' and ${t.blocks} is not null)`,
    ),
  ],
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

/**
 * A campaign: the template as it was when sent (a later edit of the template
 * does not change mails already queued), the audience, and its delivery
 * (status, lease and per-recipient ledger, lib/delivery/).
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
    /** Opens and clicks are counted per recipient (mail.tracking.ts, docs/privacy.md). */
    track: boolean('track').notNull().default(false),
    /** The client's key for this request: a second click answers the first campaign. */
    idempotencyKey: uuid('idempotency_key').notNull(),
    /** Its sending: status, lease and ledger (lib/delivery/). */
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => deliveries.id),
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
