import type { IngestEvent } from '@bo/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { grades, learners } from '../../db/schema/index.ts';
import type { Outcome, Pending } from './ingest.ts';

/**
 * The ingest's statements, each one for the whole batch: multi-row inserts
 * with ON CONFLICT DO NOTHING on the event id (a resent event counts as a
 * duplicate), and updates from a JSON array joined in one statement.
 */

export type Of<T extends IngestEvent['type']> = Pending<Extract<IngestEvent, { type: T }>>;

/** JSON rows as a relation: `from jsonRecords(...) as v(uid uuid, at timestamptz)`. */
export const jsonRecords = (rows: object[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`;

/** Inserts and counts: what came back was stored, the rest was there already. */
export async function stored<T extends { eventId: string }>(
  out: Outcome,
  sent: number,
  insert: PromiseLike<T[]>,
) {
  if (sent === 0) return;
  const rows = await insert;
  out.accepted += rows.length;
  out.duplicates += sent - rows.length;
}

export async function knownIds(
  tx: Tx,
  table: 'books' | 'assessments',
  ids: number[],
): Promise<Map<number, number | null>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const res = await tx.execute<{ id: string | number; book_id: string | number | null }>(
    table === 'books'
      ? sql`select id, null as book_id from books where id in ${unique}`
      : sql`select id, book_id from assessments where id in ${unique}`,
  );
  return new Map(
    res.rows.map((r) => [Number(r.id), r.book_id === null ? null : Number(r.book_id)]),
  );
}

/**
 * Locks the rows of every learner the batch names, in id order, and answers
 * their ids. Batches about the same learners then wait for each other in one
 * order instead of deadlocking: every later update of a learner's row (last
 * activity, profile, devices) and every row pointing at one happens under
 * this lock. Rows of learners another batch is registering at this moment are
 * not seen (nor locked): their events are refused as unknown learners.
 */
async function lockLearners(tx: Tx, list: Pending[]): Promise<Map<string, number>> {
  const uids = [...new Set(list.flatMap((p) => (p.event.learnerId ? [p.event.learnerId] : [])))];
  if (!uids.length) return new Map();
  const rows = await tx
    .select({ id: learners.id, uid: learners.uid })
    .from(learners)
    .where(inArray(learners.uid, uids))
    .orderBy(learners.id)
    .for('update');
  return new Map(rows.map((r) => [r.uid, r.id]));
}

/**
 * Registrations (a learner already known is a duplicate), then the lock on
 * every learner the batch names (`named`: all its events), then updates,
 * newest wins. Answers the named learners' ids. Registrations go in in uid
 * order, so two batches registering the same learners wait in one order too.
 */
export async function applyProfiles(
  tx: Tx,
  registered: Of<'learner_registered'>[],
  updated: Of<'learner_updated'>[],
  named: Pending[],
  out: Outcome,
): Promise<Map<string, number>> {
  const gradeIds = [
    ...new Set(
      [...registered, ...updated].flatMap((p) => (p.event.gradeId ? [p.event.gradeId] : [])),
    ),
  ];
  const knownGrades = gradeIds.length
    ? new Set(
        (await tx.select({ id: grades.id }).from(grades).where(inArray(grades.id, gradeIds))).map(
          (g) => g.id,
        ),
      )
    : new Set<number>();
  const gradeOk = (p: Pending & { event: { gradeId?: number | null } }) => {
    if (!p.event.gradeId || knownGrades.has(p.event.gradeId)) return true;
    out.reject(p, 'unknown_grade', `Grade ${p.event.gradeId} does not exist`);
    return false;
  };
  const toRegister = registered
    .filter(gradeOk)
    .sort((a, b) => (a.event.learnerId < b.event.learnerId ? -1 : 1));
  const toUpdate = updated.filter(gradeOk);
  await stored(
    out,
    toRegister.length,
    toRegister.length
      ? tx
          .insert(learners)
          .values(
            toRegister.map(({ event: e, at }) => ({
              uid: e.learnerId,
              name: e.name,
              email: e.email ?? null,
              phone: e.phone ?? null,
              gradeId: e.gradeId ?? null,
              school: e.school ?? null,
              city: e.city ?? null,
              state: e.state ?? null,
              registeredAt: at,
              lastActiveAt: at,
              profileAt: at,
            })),
          )
          .onConflictDoNothing({ target: learners.uid })
          .returning({ eventId: learners.uid })
      : Promise.resolve([]),
  );
  const learnerOf = await lockLearners(tx, named);
  await applyUpdates(tx, toUpdate, out);
  return learnerOf;
}

const PROFILE_FIELDS = ['name', 'email', 'phone', 'gradeId', 'school', 'city', 'state', 'status'];

/**
 * A learner's updates of the batch merged in time order into one patch (a
 * field absent from an event is left as it is; null clears it), applied only
 * when newer than the profile's last change, so a late old event changes nothing.
 */
async function applyUpdates(tx: Tx, updated: Of<'learner_updated'>[], out: Outcome) {
  if (!updated.length) return;
  const patches = new Map<string, Record<string, unknown>>();
  for (const p of [...updated].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const patch = patches.get(p.event.learnerId) ?? {};
    for (const f of PROFILE_FIELDS) {
      if (f in p.event) patch[f] = (p.event as Record<string, unknown>)[f];
    }
    patch.at = p.at.toISOString();
    patches.set(p.event.learnerId, { ...patch, uid: p.event.learnerId });
  }
  await tx.execute(sql`
    update learners l set
      ${sql.join(
        [
          ...PROFILE_FIELDS.map((f) => {
            const column = sql.raw(f === 'gradeId' ? 'grade_id' : f);
            const value = f === 'gradeId' ? sql`(u.p->>${f})::bigint` : sql`u.p->>${f}`;
            // A block set in the back-office holds until the back-office lifts it.
            const held = f === 'status' ? sql` and not l.blocked_here` : sql``;
            return sql`${column} = case when u.p ? ${f}${held} then ${value} else l.${column} end`;
          }),
          sql`profile_at = (u.p->>'at')::timestamptz`,
          sql`updated_at = now()`,
        ],
        sql`, `,
      )}
    from (select value as p from jsonb_array_elements(${JSON.stringify([...patches.values()])}::jsonb)) u
    where l.uid = (u.p->>'uid')::uuid and (u.p->>'at')::timestamptz >= l.profile_at`);
  const exists = await tx
    .select({ uid: learners.uid })
    .from(learners)
    .where(inArray(learners.uid, [...patches.keys()]));
  const known = new Set(exists.map((r) => r.uid));
  for (const p of updated) {
    if (!known.has(p.event.learnerId)) {
      out.reject(
        p,
        'unknown_learner',
        `Learner ${p.event.learnerId} is not registered: send learner_registered first`,
      );
    } else out.accepted += 1;
  }
}
