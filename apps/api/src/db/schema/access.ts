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

/** Admins, their sign-in challenges, sessions and one-time tokens. */
export const admins = pgTable(
  'admins',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    /** argon2id PHC string; null until an invited admin sets a password. */
    passwordHash: text('password_hash'),
    role: text('role').notNull().$type<'super_admin' | 'admin'>(),
    status: text('status').notNull().$type<'active' | 'disabled' | 'invited'>(),
    modules: text('modules').array().notNull().default(sql`'{}'::text[]`),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    lastLoginAt: tstz('last_login_at'),
    ...timestamps(),
    ...actorColumns(),
  },
  (t) => [uniqueIndex('admins_email_lower_key').on(sql`lower(${t.email})`)],
);

export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey(),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** How many resends led to this challenge since the password step (capped). */
    resends: integer('resends').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('otp_challenges_admin_idx').on(t.adminId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** Absolute end of the family: sign-in time + REFRESH_TOKEN_TTL. */
    expiresAt: tstz('expires_at').notNull(),
    idleExpiresAt: tstz('idle_expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    replacedById: bigint('replaced_by_id', { mode: 'number' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_admin_idx').on(t.adminId),
  ],
);

/** Single-use links: password reset, invitation, first-admin setup. */
export const actionTokens = pgTable(
  'action_tokens',
  {
    id: id(),
    kind: text('kind').notNull().$type<'reset' | 'invite' | 'setup'>(),
    adminId: bigint('admin_id', { mode: 'number' }).references(() => admins.id, {
      onDelete: 'cascade',
    }),
    tokenHash: text('token_hash').notNull().unique(),
    /** Hash of what the token was issued against (e-mail, password); a change kills it. */
    binding: text('binding'),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('action_tokens_admin_idx').on(t.adminId, t.kind)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: tstz('at').notNull().defaultNow(),
    /** No foreign key: the trail outlives deleted admins. */
    actorId: bigint('actor_id', { mode: 'number' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_actor_idx').on(t.actorId, t.at.desc()),
  ],
);
