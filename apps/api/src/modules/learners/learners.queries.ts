import type { Learner, learnerExportQuery, learnerListQuery } from '@bo/contract';
import { and, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { deviceBindings, grades, learners } from '../../db/schema/index.ts';
import {
  keysetBatch,
  listTableByKeys,
  loweredSearch,
  type SortKey,
  sortKeyset,
  sortOrder,
} from '../../lib/list.ts';

/** The learners list (`/user/getinfoofusers`) and its download. */

const learnerFields = {
  id: learners.id,
  uid: learners.uid,
  name: learners.name,
  email: learners.email,
  phone: learners.phone,
  gradeId: learners.gradeId,
  gradeName: grades.name,
  school: learners.school,
  city: learners.city,
  state: learners.state,
  status: learners.status,
  blockedHere: learners.blockedHere,
  registeredAt: learners.registeredAt,
  lastActiveAt: learners.lastActiveAt,
  activeDevices: sql<number>`(select count(*)::int from ${deviceBindings}
    where ${deviceBindings.learnerId} = ${learners.id} and ${deviceBindings.resetAt} is null)`,
};

type LearnerRow = Awaited<ReturnType<typeof selectLearners>>[number];

export const toLearner = (r: LearnerRow): Learner => ({
  ...r,
  activeDevices: Number(r.activeDevices),
  registeredAt: r.registeredAt.toISOString(),
  lastActiveAt: r.lastActiveAt?.toISOString() ?? null,
});

const selectLearners = (db: Db) =>
  db.select(learnerFields).from(learners).leftJoin(grades, eq(grades.id, learners.gradeId));

const SORT = {
  name: learners.name,
  registeredAt: learners.registeredAt,
  lastActiveAt: learners.lastActiveAt,
  city: learners.city,
  state: learners.state,
} as const;

type Filter = z.infer<typeof learnerExportQuery>;

/** The day after `day` at 00:00 UTC: "registered to 2026-03-01" includes that whole day. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

export function learnerWhere(q: Filter): SQL | undefined {
  return and(
    loweredSearch(q.q, learners.search),
    q.gradeId ? eq(learners.gradeId, q.gradeId) : undefined,
    q.state ? eq(learners.state, q.state) : undefined,
    q.city ? eq(learners.city, q.city) : undefined,
    q.status ? eq(learners.status, q.status) : undefined,
    q.registeredFrom
      ? gte(learners.registeredAt, new Date(`${q.registeredFrom}T00:00:00Z`))
      : undefined,
    q.registeredTo ? lt(learners.registeredAt, dayAfter(q.registeredTo)) : undefined,
  );
}

/** Newest registrations first unless a sort is asked for. */
const learnerSort = (q: Pick<Filter, 'sort' | 'order'>) =>
  sortOrder({ ...q, page: 1, pageSize: 1 }, SORT, 'registeredAt', learners.id, 'desc');

export function listLearners(db: Db, q: z.infer<typeof learnerListQuery>) {
  return listTableByKeys(db, q, {
    table: learners,
    key: learners.id,
    where: learnerWhere(q),
    rows: selectLearners(db).$dynamic(),
    orderBy: learnerSort(q),
    map: toLearner,
  });
}

/**
 * One page of the download's rows, in the list's order after `after` (the
 * download walks these by key: lib/xlsx/export.ts, `keysetRows`).
 */
export function learnerBatch(db: Db, q: Filter, after: SortKey | null, limit: number) {
  const order = sortKeyset(q, SORT, 'registeredAt', learners.id, 'desc');
  // selectLearners' row with where it stands beside it.
  const rows = db
    .select({ ...learnerFields, sortKey: order.key })
    .from(learners)
    .leftJoin(grades, eq(grades.id, learners.gradeId))
    .$dynamic();
  return keysetBatch(order, rows, learnerWhere(q), { after, limit }, toLearner);
}

export async function findLearner(db: Db, id: number) {
  const [row] = await selectLearners(db).where(eq(learners.id, id));
  return row ? toLearner(row) : null;
}

export const activeBindingsOf = (learnerId: number) =>
  and(eq(deviceBindings.learnerId, learnerId), isNull(deviceBindings.resetAt));
