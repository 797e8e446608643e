import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './access.ts';
import { id, timestamps } from './columns.ts';

/**
 * Saved views of the list tables (docs/web-ux.md, "Saved views, columns and
 * density"): a name for a list's URL query, the owner's own or shared with
 * every admin who may open the list. An admin deleted takes their views along.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: id(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** The contract's SAVED_VIEW_LISTS key. */
    list: text('list').notNull(),
    name: text('name').notNull(),
    /** The list's URL query without "?". */
    query: text('query').notNull(),
    shared: boolean('shared').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    // One owner names each view of a list once (case aside), so two tabs never read alike.
    uniqueIndex('saved_views_owner_list_name_key').on(t.ownerId, t.list, sql`lower(${t.name})`),
    // A list's shared views, read by every admin opening it.
    index('saved_views_list_shared_idx').on(t.list).where(sql`${t.shared}`),
  ],
);
