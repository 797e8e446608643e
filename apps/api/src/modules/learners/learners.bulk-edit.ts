import type { LearnerBulkSet, learnerExportQuery } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { learners } from '../../db/schema/index.ts';
import type { BulkEditKindDef } from '../../lib/bulk-edit/kind.ts';
import { learnerWhere } from './learners.queries.ts';

type Filter = z.infer<typeof learnerExportQuery>;

/**
 * Learners in a bulk edit: blocked or unblocked. Who owns a learner's status
 * (docs/bulk-edits.md): the learner app sets it by its profile events, but a
 * block set here holds (`blocked_here`) until the back-office lifts it. An
 * unblock makes a blocked learner active and hands the status back to the app.
 */
export const learnerBulkEdit: BulkEditKindDef<LearnerBulkSet, Filter> = {
  kind: 'learners',
  noun: { one: 'learner', many: 'learners' },
  table: learners,
  id: learners.id,
  // What a bulk edit sets, not the row's xmin: activity events touch the row all day.
  version: sql`${learners.status} || ':' || ${learners.blockedHere}::text`,
  columns: [learners.status, learners.blockedHere],
  where: (filter) => learnerWhere(filter),
  prepare: async (_db, set) => set,
  assignments: (set) =>
    set.blocked
      ? { status: sql`'blocked'::text`, blocked_here: sql`true` }
      : {
          status: sql`case when ${learners.status} = 'blocked' then 'active' else ${learners.status} end`,
          blocked_here: sql`false`,
        },
  refusals: async () => [],
  stamp: (_by, now) => ({ updated_at: sql`${now.toISOString()}::timestamptz` }),
  audit: { entity: 'learner', edited: 'learner_bulk_edited', undone: 'learner_bulk_undone' },
  describe: (set) => (set.blocked ? 'blocked' : 'unblocked'),
};
