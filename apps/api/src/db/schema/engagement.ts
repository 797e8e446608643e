import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { actorColumns, id, timestamps, tstz } from './columns.ts';
import { deliveries } from './delivery.ts';
import { learners } from './learners.ts';

/**
 * Engagement (docs/domain.md, Pop-ups and notifications): what the learner
 * app shows a learner beside the books. Audiences are stored as the
 * contract's JSON shape and turned into SQL by lib/audience.ts when used.
 */

const learnerRef = () =>
  bigint('learner_id', { mode: 'number' })
    .notNull()
    .references(() => learners.id, { onDelete: 'cascade' });

export type NotificationState =
  | 'draft'
  | 'scheduled'
  | 'sending'
  | 'paused'
  | 'sent'
  | 'failed'
  | 'cancelled';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    imageKey: text('image_key'),
    link: text('link'),
    audience: jsonb('audience').notNull(),
    state: text('state').notNull().$type<NotificationState>(),
    /** When delivery starts; null for a draft. */
    sendAt: tstz('send_at'),
    /** The audience's size when it was scheduled (shown before sending). */
    recipientCount: integer('recipient_count'),
    /** Inbox rows written by the delivery job. */
    deliveredCount: integer('delivered_count'),
    pushSent: integer('push_sent'),
    pushFailed: integer('push_failed'),
    /** Its delivery's pace, handed to the delivery when it is made (lib/delivery/rate.ts). */
    ratePerMinute: integer('rate_per_minute'),
    /** The queue's job that delivers it (the one scheduled for sendAt). */
    jobId: text('job_id'),
    /** Its sending (inbox and push ledger), made when the job claims it (lib/delivery/). */
    deliveryId: bigint('delivery_id', { mode: 'number' }).references(() => deliveries.id),
    claimedAt: tstz('claimed_at'),
    sentAt: tstz('sent_at'),
    cancelledAt: tstz('cancelled_at'),
    failure: text('failure'),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [
    index('notifications_state_idx').on(t.state, t.sendAt),
    index('notifications_created_idx').on(t.createdAt, t.id),
  ],
);

/** A learner's in-app inbox: one row per learner and notification, written once. */
export const learnerInbox = pgTable(
  'learner_inbox',
  {
    id: id(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    learnerId: learnerRef(),
    deliveredAt: tstz('delivered_at').notNull().defaultNow(),
    readAt: tstz('read_at'),
    /** The first `notification_opened` event of this learner for it (the learner app's clock). */
    openedAt: tstz('opened_at'),
  },
  (t) => [
    uniqueIndex('learner_inbox_learner_notification_key').on(t.learnerId, t.notificationId),
    index('learner_inbox_notification_idx').on(t.notificationId),
    // A notification's opened count reads only the opened rows, not its whole audience.
    index('learner_inbox_opened_idx').on(t.notificationId).where(sql`${t.openedAt} is not null`),
  ],
);

/** A device's push token, registered by the learner app; dropped when the provider says it is dead. */
export const learnerPushTokens = pgTable(
  'learner_push_tokens',
  {
    id: id(),
    learnerId: learnerRef(),
    token: text('token').notNull(),
    platform: text('platform').notNull(),
    registeredAt: tstz('registered_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('learner_push_tokens_token_key').on(t.token),
    index('learner_push_tokens_learner_idx').on(t.learnerId),
  ],
);

/** What the push provider answered for one token of one notification. */
export const notificationPushResults = pgTable(
  'notification_push_results',
  {
    id: id(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    learnerId: learnerRef(),
    token: text('token').notNull(),
    outcome: text('outcome').notNull().$type<'sent' | 'invalid' | 'failed'>(),
    /** The provider's message name when sent, its error otherwise. */
    detail: text('detail'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_push_results_key').on(t.notificationId, t.token)],
);

export const popups = pgTable(
  'popups',
  {
    id: id(),
    title: text('title').notNull(),
    imageKey: text('image_key'),
    link: text('link'),
    audience: jsonb('audience').notNull(),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    /** Higher first when several are due. */
    priority: integer('priority').notNull().default(0),
    capPerDay: integer('cap_per_day'),
    capPerSession: integer('cap_per_session'),
    capTotal: integer('cap_total'),
    status: text('status').notNull().$type<'active' | 'inactive'>(),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [index('popups_window_idx').on(t.status, t.endsAt)],
);

/** Each time the app reports having shown a pop-up (its caps count these). */
export const popupViews = pgTable(
  'popup_views',
  {
    id: id(),
    /** The app's id of the report: a resent one is stored once. */
    eventId: uuid('event_id').notNull(),
    popupId: bigint('popup_id', { mode: 'number' })
      .notNull()
      .references(() => popups.id, { onDelete: 'cascade' }),
    learnerId: learnerRef(),
    sessionId: uuid('session_id'),
    shownAt: tstz('shown_at').notNull(),
  },
  (t) => [
    uniqueIndex('popup_views_event_key').on(t.eventId),
    index('popup_views_learner_idx').on(t.learnerId, t.popupId, t.shownAt),
  ],
);
