import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { groupCommit } from '../../lib/group-commit.ts';

/**
 * How a tracked mailer's opens and clicks are stored (mail.tracking.ts has
 * the routes; docs/privacy.md what is kept).
 *
 * A request appends its event to `mail_tracking_events` before it is
 * answered, through a group commit (lib/group-commit.ts): the events that
 * arrived together are one INSERT into a narrow table with no index but its
 * key. That is all the request waits for, so an answered event is stored
 * (committed) even if the server stops right after.
 *
 * The fold adds those rows to the per-recipient and per-link counts about a
 * second later, in chunks, and deletes them in the same statement: each
 * event is counted once, and a server stopped between the two leaves its
 * rows for the next fold (at the next start). The results read the counts
 * and the rows not folded yet (`trackingPerRecipient`, `linkClicks`), so
 * they are never behind. On PGlite this took the server's work from ~1.8 ms
 * per request (a statement per request, its upserts and joins) to ~0.25 ms
 * (docs/performance-log.md, "Mail opens and clicks").
 */

export interface TrackEvent {
  kind: 'open' | 'click';
  /** The ledger row (delivery_recipients.id) the signed link names. */
  rowId: number;
  /** The link clicked (null for an open, or a link too long to count apart). */
  url: string | null;
}

/** An event waits about this long as a row of its own before it is counted in. */
export const FOLD_AFTER_MS = 1_000;
/**
 * Events per fold statement. On PGlite each statement holds the server's one
 * thread: a fold of 100 takes ~4 ms, of 500 ~7-12 ms, and the requests that
 * arrive meanwhile wait for it (p99 14-18 ms against 31-35 ms at 500 a
 * second; docs/performance-log.md, "Mail opens and clicks").
 */
const FOLD_CHUNK = 100;

/**
 * The events that count, `e` being the events' rows: a recipient still in
 * the ledger with their learner (deleting either deletes the row), of a
 * tracked mailer. The fold and the results apply the same rule.
 */
const COUNTED = sql`join delivery_recipients r on r.id = e.recipient_id and r.learner_id is not null
  join mailers m on m.delivery_id = r.delivery_id and m.track`;

/**
 * Folds the oldest `limit` events into the counts, in one statement that
 * deletes them: answers how many it took (those that no longer count are
 * dropped). Two folds at once (several processes on PostgreSQL) take
 * different rows. The first times are the earliest event's, whatever the
 * order the folds commit in.
 */
export async function foldTrackingEvents(deps: Deps, limit = FOLD_CHUNK): Promise<number> {
  const [row] = (
    await deps.db.execute<{ taken: number }>(sql`with taken as (
        delete from mail_tracking_events where id in (
          select id from mail_tracking_events order by id limit ${limit} for update skip locked)
        returning recipient_id, kind, url, at
      ), hit as (
        select e.kind, e.url, e.at, r.id as row_id, m.id as mailer_id, r.learner_id
        from taken e ${COUNTED}
      ), per_row as (
        select row_id, mailer_id, learner_id,
          count(*) filter (where kind = 'open')::int as opens,
          min(at) filter (where kind = 'open') as first_open,
          count(*) filter (where kind = 'click')::int as clicks,
          min(at) filter (where kind = 'click') as first_click
        from hit group by row_id, mailer_id, learner_id
      ), counted as (
        insert into mail_tracking (recipient_id, mailer_id, learner_id, first_opened_at, opens, first_clicked_at, clicks)
        select row_id, mailer_id, learner_id, first_open, opens, first_click, clicks from per_row
        on conflict (recipient_id) do update set
          opens = mail_tracking.opens + excluded.opens,
          clicks = mail_tracking.clicks + excluded.clicks,
          first_opened_at = least(mail_tracking.first_opened_at, excluded.first_opened_at),
          first_clicked_at = least(mail_tracking.first_clicked_at, excluded.first_clicked_at)
      ), links as (
        insert into mail_link_clicks (mailer_id, url, clicks)
        select mailer_id, url, count(*)::int from hit where kind = 'click' and url is not null
        group by mailer_id, url
        on conflict (mailer_id, url) do update set clicks = mail_link_clicks.clicks + excluded.clicks
      )
      select count(*)::int as taken from taken`)
  ).rows;
  return row?.taken ?? 0;
}

/**
 * The recorder of one app: `record` appends an event (resolved once it is
 * committed) and folds `foldAfterMs` later; `foldLeftovers` folds what an
 * earlier run left (called at start); `close` waits for a fold under way.
 */
export function trackingEvents(deps: Deps, { foldAfterMs = FOLD_AFTER_MS } = {}) {
  let timer: NodeJS.Timeout | undefined;
  let folding: Promise<void> | undefined;
  let appendedMeanwhile = false;
  let closed = false;

  const foldAll = async () => {
    try {
      while (!closed && (await foldTrackingEvents(deps)) === FOLD_CHUNK) {
        // The appends waiting on the thread go between two chunks.
        await new Promise((resolve) => setImmediate(resolve));
      }
      // PGlite never vacuums: without this the deleted rows' space (and the
      // key's pages) would never be used again, and every fold would read
      // past all of them. A few pages, ~1 ms.
      if (!closed && deps.database.kind === 'pglite')
        await deps.database.executeSql('vacuum mail_tracking_events');
    } catch (err) {
      deps.log.error({ err }, 'mail tracking: folding the events failed; retried in a second');
      appendedMeanwhile = true;
    }
  };
  const foldSoon = () => {
    if (closed) return;
    if (folding) {
      appendedMeanwhile = true;
      return;
    }
    timer ??= setTimeout(() => {
      timer = undefined;
      appendedMeanwhile = false;
      folding = foldAll().finally(() => {
        folding = undefined;
        if (appendedMeanwhile) foldSoon();
      });
    }, foldAfterMs).unref();
  };

  const append = groupCommit<TrackEvent, void>(async (events) => {
    await deps.db.execute(sql`insert into mail_tracking_events (recipient_id, kind, url)
      select "rowId", kind, url from jsonb_to_recordset(${JSON.stringify(events)}::jsonb)
        as x("rowId" int8, kind text, url text)`);
    foldSoon();
    return events.map(() => undefined);
  });

  return {
    record: append,
    async foldLeftovers() {
      try {
        const [left] = (
          await deps.db.execute<{ any: boolean }>(
            sql`select exists (select 1 from mail_tracking_events) as any`,
          )
        ).rows;
        if (left?.any) foldSoon();
      } catch (err) {
        // The database is not answering yet: the next event folds them.
        deps.log.error({ err }, 'mail tracking: the events left by an earlier run were not folded');
      }
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await folding;
    },
  };
}

/**
 * Per recipient of the mailer, the events not folded yet (a subquery with
 * the columns of `mail_tracking` that count).
 */
export const pendingPerRecipient = (mailerId: number) => sql`(
  select e.recipient_id,
    count(*) filter (where e.kind = 'open')::int as opens,
    count(*) filter (where e.kind = 'click')::int as clicks,
    min(e.at) filter (where e.kind = 'open') as first_opened_at,
    min(e.at) filter (where e.kind = 'click') as first_clicked_at
  from mail_tracking_events e ${COUNTED}
  where m.id = ${mailerId}
  group by e.recipient_id)`;

/** Per recipient of the mailer who opened or clicked: the counts with the events not folded yet. */
export const trackingPerRecipient = (mailerId: number) => sql`(
  select recipient_id,
    coalesce(t.opens, 0) + coalesce(p.opens, 0) as opens,
    coalesce(t.clicks, 0) + coalesce(p.clicks, 0) as clicks,
    least(t.first_opened_at, p.first_opened_at) as first_opened_at,
    least(t.first_clicked_at, p.first_clicked_at) as first_clicked_at
  from (select * from mail_tracking where mailer_id = ${mailerId}) t
    full join ${pendingPerRecipient(mailerId)} p using (recipient_id))`;

/** Per link of the mailer: its clicks, with those not folded yet. */
export const linkClicks = (mailerId: number) => sql`(
  select url, sum(clicks)::int as clicks from (
    select url, clicks from mail_link_clicks where mailer_id = ${mailerId}
    union all
    select e.url, 1 from mail_tracking_events e ${COUNTED}
    where m.id = ${mailerId} and e.kind = 'click' and e.url is not null
  ) l group by url)`;
