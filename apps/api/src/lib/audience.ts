import type { Audience, AudienceFilters } from '@bo/contract';
import { and, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { learners, redemptions } from '../db/schema/index.ts';
import { badRequest } from './errors.ts';

/**
 * An audience (contract audience.ts) as SQL: one condition on the `learners`
 * table, used by the count (`/mail/getusersbycategory`), the pop-ups the app
 * asks for, and the `INSERT … SELECT` that writes the recipients of a
 * notification or a mailer. Blocked learners are never part of an audience.
 *
 * A pasted list is resolved first (`resolveAudience`): its entries become
 * learner ids, and the entries that name no learner are reported; the
 * condition then holds the ids, so a list of 10,000 is one array parameter.
 */

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const NUMBER = /^[1-9][0-9]{0,15}$/;

/** An audience ready for SQL: a pasted list already turned into learner ids. */
export type ResolvedAudience =
  | { kind: 'all' }
  | { kind: 'filter'; filters: AudienceFilters }
  | { kind: 'ids'; ids: number[] };

export interface Resolution {
  audience: ResolvedAudience;
  /** Entries of a pasted list that name no learner (or a blocked one), as written. */
  unknown: string[];
}

const notBlocked = ne(learners.status, 'blocked');
const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

function filterCondition(f: AudienceFilters, now: Date): SQL | undefined {
  const since = (n: number) => new Date(now.getTime() - n * DAY_MS);
  return and(
    f.gradeIds ? inArray(learners.gradeId, f.gradeIds) : undefined,
    f.bookIds
      ? sql`exists (select 1 from ${redemptions} where ${redemptions.learnerId} = ${learners.id}
          and ${inArray(redemptions.bookId, f.bookIds)})`
      : undefined,
    f.states ? inArray(learners.state, f.states) : undefined,
    f.cities ? inArray(learners.city, f.cities) : undefined,
    f.registeredFrom ? gte(learners.registeredAt, startOf(f.registeredFrom)) : undefined,
    f.registeredTo
      ? lt(learners.registeredAt, new Date(startOf(f.registeredTo).getTime() + DAY_MS))
      : undefined,
    f.activeWithinDays ? gte(learners.lastActiveAt, since(f.activeWithinDays)) : undefined,
    f.inactiveForDays
      ? or(
          sql`${learners.lastActiveAt} is null`,
          lt(learners.lastActiveAt, since(f.inactiveForDays)),
        )
      : undefined,
  );
}

/** The condition on `learners` that holds for exactly the audience's learners. */
export function audienceCondition(a: ResolvedAudience, now: Date): SQL {
  if (a.kind === 'all') return notBlocked;
  if (a.kind === 'ids')
    return and(notBlocked, sql`${learners.id} = any(${sql.param(a.ids)}::bigint[])`)!;
  return and(notBlocked, filterCondition(a.filters, now))!;
}

/**
 * Turns a pasted list into learner ids: each entry is a back-office id, an
 * app id (UUID) or an e-mail (case ignored). An entry of none of these forms
 * is refused (400, naming the first few); an entry that names no learner is
 * reported in `unknown`.
 */
export async function resolveAudience(db: Db, a: Audience): Promise<Resolution> {
  if (a.kind !== 'list') return { audience: a, unknown: [] };
  const ids: number[] = [];
  const uids: string[] = [];
  const emails: string[] = [];
  const malformed: string[] = [];
  for (const raw of a.entries) {
    const entry = raw.trim();
    if (NUMBER.test(entry)) ids.push(Number(entry));
    else if (UUID.test(entry)) uids.push(entry.toLowerCase());
    else if (EMAIL.test(entry)) emails.push(entry.toLowerCase());
    else malformed.push(entry);
  }
  if (malformed.length > 0) {
    const shown = malformed
      .slice(0, 5)
      .map((m) => `"${m}"`)
      .join(', ');
    const more = malformed.length > 5 ? ` and ${malformed.length - 5} more` : '';
    throw badRequest(
      `Each entry must be a learner id, an app id or an e-mail; these are none: ${shown}${more}`,
    );
  }
  // Three lookups, each on its own index (id, app id, lower(email)), rather
  // than one OR that scans the table.
  const pick = sql`select ${learners.id}::text as id, ${learners.uid}::text as uid,
    lower(${learners.email}) as email from ${learners} where ${notBlocked} and`;
  const found = await db.execute<{ id: string; uid: string; email: string | null }>(sql`
    ${pick} ${learners.id} = any(${sql.param(ids)}::bigint[])
    union ${pick} ${learners.uid} = any(${sql.param(uids)}::uuid[])
    union ${pick} lower(${learners.email}) = any(${sql.param(emails)}::text[])`);
  const byId = new Set<string>();
  const byUid = new Set<string>();
  const byEmail = new Set<string>();
  const matched = new Set<number>();
  for (const r of found.rows) {
    byId.add(r.id);
    byUid.add(r.uid);
    if (r.email) byEmail.add(r.email);
    matched.add(Number(r.id));
  }
  const unknown = a.entries.filter((raw) => {
    const e = raw.trim();
    if (NUMBER.test(e)) return !byId.has(String(Number(e)));
    if (UUID.test(e)) return !byUid.has(e.toLowerCase());
    return !byEmail.has(e.toLowerCase());
  });
  return { audience: { kind: 'ids', ids: [...matched] }, unknown };
}

/** How many learners the audience holds. */
export async function countAudience(db: Db, a: ResolvedAudience, now: Date): Promise<number> {
  const r = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${learners} where ${audienceCondition(a, now)}`,
  );
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Runs `insertChunk` over the audience's learner ids in ascending chunks, so
 * 100,000 recipients are written as a few statements of bounded size, each
 * short. `insertChunk` gets the SQL that selects one chunk's ids (column
 * `learner_id`) and answers how many rows it wrote; the whole answers the
 * total written. Already-written rows are the caller's ON CONFLICT's affair:
 * running it again writes nothing twice.
 */
export async function forEachAudienceChunk(
  db: Db,
  a: ResolvedAudience,
  now: Date,
  chunkSize: number,
  insertChunk: (chunk: SQL) => Promise<number>,
): Promise<number> {
  const condition = audienceCondition(a, now);
  let after = 0;
  let written = 0;
  for (;;) {
    const r = await db.execute<{ last: string | null }>(sql`
      select max(id)::text as last from (
        select ${learners.id} as id from ${learners}
        where ${condition} and ${learners.id} > ${after}
        order by ${learners.id} limit ${chunkSize}) c`);
    const last = r.rows[0]?.last;
    if (!last) return written;
    written += await insertChunk(sql`select ${learners.id} as learner_id from ${learners}
      where ${condition} and ${learners.id} > ${after} and ${learners.id} <= ${Number(last)}`);
    after = Number(last);
  }
}
