import { bigint, index, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { admins } from './access.ts';
import { id, timestamps, tstz } from './columns.ts';

/**
 * Report subscriptions (docs/domain.md, "Reports: subscriptions"): an admin's
 * standing order for the dashboard or a report by e-mail. The periodic job
 * claims rows whose next_run_at has come (FOR UPDATE SKIP LOCKED), queues
 * their mail and moves next_run_at on in the same transaction. An admin
 * deleted takes their subscriptions along.
 */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    id: id(),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** The report's route name (contract SUBSCRIBABLE_REPORTS). */
    report: text('report').notNull(),
    /** The report's query fields other than range, format and page, as text. */
    filters: jsonb('filters').$type<Record<string, string>>().notNull().default({}),
    frequency: text('frequency').notNull(),
    hour: smallint('hour').notNull(),
    weekday: smallint('weekday').notNull().default(1),
    monthDay: smallint('month_day').notNull().default(1),
    timeZone: text('time_zone').notNull().default('UTC'),
    format: text('format').notNull().default('xlsx'),
    nextRunAt: tstz('next_run_at').notNull(),
    lastSentAt: tstz('last_sent_at'),
    lastError: text('last_error'),
    ...timestamps(),
  },
  (t) => [
    // What the job claims: the due rows, oldest first.
    index('report_subscriptions_next_run_idx').on(t.nextRunAt),
    index('report_subscriptions_admin_idx').on(t.adminId),
  ],
);
