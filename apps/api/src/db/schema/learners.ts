import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { assessments } from './assessments.ts';
import { books } from './books.ts';
import { id, marks, timestamps, tstz } from './columns.ts';
import { grades } from './curriculum.ts';

/**
 * What the learner app produces (docs/domain.md, Learners), written by the
 * ingest route in bulk. Every activity row keeps the id of the event that
 * made it (unique: an event sent again is stored once), its time, and its
 * book where there is one, with indexes on (time) and (book, time) so the
 * reports can keep daily aggregates from them.
 */
export const learners = pgTable(
  'learners',
  {
    id: id(),
    /** The learner app's id of the learner. */
    uid: uuid('uid').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    gradeId: bigint('grade_id', { mode: 'number' }).references(() => grades.id, {
      onDelete: 'set null',
    }),
    school: text('school'),
    city: text('city'),
    state: text('state'),
    status: text('status').notNull().$type<'active' | 'inactive' | 'blocked'>().default('active'),
    /**
     * Blocked in the back-office: the app's profile events leave the status
     * as it is until the back-office lifts the block (docs/bulk-edits.md).
     */
    blockedHere: boolean('blocked_here').notNull().default(false),
    registeredAt: tstz('registered_at').notNull(),
    lastActiveAt: tstz('last_active_at'),
    /** The time of the newest profile event applied: an older one arriving late changes nothing. */
    profileAt: tstz('profile_at').notNull(),
    /** lower(name || email || phone), kept by the database, for the list's search. */
    search: text('search').generatedAlwaysAs(
      sql`lower(name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))`,
    ),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('learners_uid_key').on(t.uid),
    index('learners_registered_idx').on(t.registeredAt, t.id),
    index('learners_name_idx').on(t.name, t.id),
    index('learners_grade_idx').on(t.gradeId, t.registeredAt),
    index('learners_state_city_idx').on(t.state, t.city),
    index('learners_search_trgm_idx').using('gin', t.search.op('gin_trgm_ops')),
    // Audiences: a pasted list of e-mails (any case) is looked up here.
    index('learners_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

const learnerRef = () =>
  bigint('learner_id', { mode: 'number' })
    .notNull()
    .references(() => learners.id, { onDelete: 'cascade' });
const bookRef = () =>
  bigint('book_id', { mode: 'number' }).references(() => books.id, { onDelete: 'cascade' });
const eventId = () => uuid('event_id').notNull();

export const deviceBindings = pgTable(
  'learner_devices',
  {
    id: id(),
    eventId: eventId(),
    learnerId: learnerRef(),
    deviceId: text('device_id').notNull(),
    platform: text('platform').notNull(),
    boundAt: tstz('bound_at').notNull(),
    resetAt: tstz('reset_at'),
    resetBy: bigint('reset_by', { mode: 'number' }).references(() => admins.id, {
      onDelete: 'set null',
    }),
    resetReason: text('reset_reason'),
  },
  (t) => [
    uniqueIndex('learner_devices_event_key').on(t.eventId),
    index('learner_devices_learner_idx').on(t.learnerId, t.boundAt),
    index('learner_devices_bound_idx').on(t.boundAt),
  ],
);

export const learnerSessions = pgTable(
  'learner_sessions',
  {
    id: id(),
    eventId: eventId(),
    /** The app's id of the session, named again by its end event. */
    sessionUid: uuid('session_uid').notNull(),
    learnerId: learnerRef(),
    platform: text('platform').notNull(),
    startedAt: tstz('started_at').notNull(),
    endedAt: tstz('ended_at'),
  },
  (t) => [
    uniqueIndex('learner_sessions_event_key').on(t.eventId),
    uniqueIndex('learner_sessions_uid_key').on(t.sessionUid),
    index('learner_sessions_learner_idx').on(t.learnerId, t.startedAt),
    index('learner_sessions_started_idx').on(t.startedAt),
  ],
);

export const redemptions = pgTable(
  'learner_redemptions',
  {
    id: id(),
    eventId: eventId(),
    learnerId: learnerRef(),
    bookId: bookRef().notNull(),
    code: text('code').notNull(),
    at: tstz('at').notNull(),
  },
  (t) => [
    uniqueIndex('learner_redemptions_event_key').on(t.eventId),
    index('learner_redemptions_learner_idx').on(t.learnerId, t.at),
    index('learner_redemptions_at_idx').on(t.at),
    index('learner_redemptions_book_at_idx').on(t.bookId, t.at, t.learnerId),
  ],
);

export const contentViews = pgTable(
  'learner_content_views',
  {
    id: id(),
    eventId: eventId(),
    learnerId: learnerRef(),
    bookId: bookRef().notNull(),
    contentKind: text('content_kind').notNull(),
    contentId: bigint('content_id', { mode: 'number' }).notNull(),
    seconds: integer('seconds').notNull(),
    at: tstz('at').notNull(),
  },
  (t) => [
    uniqueIndex('learner_content_views_event_key').on(t.eventId),
    index('learner_content_views_learner_idx').on(t.learnerId, t.at),
    index('learner_content_views_at_idx').on(t.at),
    index('learner_content_views_book_at_idx').on(t.bookId, t.at, t.learnerId),
  ],
);

export const feedback = pgTable(
  'learner_feedback',
  {
    id: id(),
    eventId: eventId(),
    learnerId: learnerRef(),
    bookId: bookRef(),
    contentKind: text('content_kind'),
    contentId: bigint('content_id', { mode: 'number' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    at: tstz('at').notNull(),
  },
  (t) => [
    uniqueIndex('learner_feedback_event_key').on(t.eventId),
    index('learner_feedback_learner_idx').on(t.learnerId, t.at),
    index('learner_feedback_at_idx').on(t.at),
    index('learner_feedback_book_at_idx').on(t.bookId, t.at, t.learnerId),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    eventId: eventId(),
    learnerId: bigint('learner_id', { mode: 'number' }).references(() => learners.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().$type<'new' | 'resolved'>().default('new'),
    receivedAt: tstz('received_at').notNull(),
    resolvedAt: tstz('resolved_at'),
    resolvedBy: bigint('resolved_by', { mode: 'number' }).references(() => admins.id, {
      onDelete: 'set null',
    }),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('contact_messages_event_key').on(t.eventId),
    index('contact_messages_status_idx').on(t.status, t.receivedAt, t.id),
    index('contact_messages_received_idx').on(t.receivedAt, t.id),
  ],
);

export const assessmentAttempts = pgTable(
  'assessment_attempts',
  {
    id: id(),
    eventId: eventId(),
    assessmentId: bigint('assessment_id', { mode: 'number' })
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    learnerId: learnerRef(),
    /** The assessment's book when it has one, copied so reports group by book without a join. */
    bookId: bookRef(),
    score: marks('score').notNull(),
    maxScore: marks('max_score').notNull(),
    /** One entry per item answered: item id, answer, marks, correct. */
    answers: jsonb('answers').notNull(),
    timeTakenSeconds: integer('time_taken_seconds').notNull(),
    submittedAt: tstz('submitted_at').notNull(),
  },
  (t) => [
    uniqueIndex('assessment_attempts_event_key').on(t.eventId),
    index('assessment_attempts_learner_idx').on(t.learnerId, t.submittedAt),
    index('assessment_attempts_assessment_idx').on(t.assessmentId, t.submittedAt, t.learnerId),
    index('assessment_attempts_submitted_idx').on(t.submittedAt),
    index('assessment_attempts_book_submitted_idx').on(t.bookId, t.submittedAt, t.learnerId),
  ],
);

/** Keys of the learner app, stored as SHA-256 of the key (a high-entropy random string). */
export const learnerAppKeys = pgTable(
  'learner_app_keys',
  {
    id: id(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => admins.id, {
      onDelete: 'set null',
    }),
    lastUsedAt: tstz('last_used_at'),
    revokedAt: tstz('revoked_at'),
    revokedBy: bigint('revoked_by', { mode: 'number' }).references(() => admins.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [uniqueIndex('learner_app_keys_hash_key').on(t.keyHash)],
);
