import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';

/**
 * Request counters of the rate-limited routes (lib/rate-limit-store.ts), one
 * row per route and client address: kept in the database so that every API
 * process sharing it counts the same requests. Expired rows are swept.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** `<method> <route> <client key>` */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: tstz('resets_at').notNull(),
  },
  (t) => [index('rate_limits_resets_at_idx').on(t.resetsAt)],
);
