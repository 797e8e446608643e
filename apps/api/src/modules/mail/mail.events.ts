import type { MailEvent } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * What a bounce or a complaint changes (the webhook, mail.events-webhook.ts,
 * has checked its signature and body): the address goes on the suppression
 * list, and the ledger row of the mail it is about is marked `bounced` or
 * `complained`. Each event is taken once, by the provider's id. Set-based:
 * one statement per step for the whole call, whatever its size.
 */

export interface EventsOutcome {
  received: number;
  duplicates: number;
  suppressed: number;
  ledgerRows: number;
}

/** The Message-ID every mailer mail carries (mail.sender.ts): the campaign and the ledger row. */
const MAILER_MESSAGE_ID = /^<?mailer-(\d{1,15})-(\d{1,15})@backoffice>?$/;

interface Located {
  event_id: string;
  type: MailEvent['type'];
  email: string;
  mailer_id: number | null;
  row_id: number | null;
  occurred_at: string;
  detail: string | null;
}

function locate(e: MailEvent): Located {
  const m = e.messageId ? MAILER_MESSAGE_ID.exec(e.messageId) : null;
  return {
    event_id: e.id,
    type: e.type,
    email: e.email,
    // The Message-ID is ours and names the row; a mailer id beside it is the provider's echo.
    mailer_id: m ? Number(m[1]) : (e.mailerId ?? null),
    row_id: m ? Number(m[2]) : null,
    occurred_at: e.occurredAt,
    detail: e.detail ?? null,
  };
}

const EVENTS = (json: string) => sql`jsonb_to_recordset(${json}::jsonb) as e(event_id text,
  type text, email text, mailer_id bigint, row_id bigint, occurred_at timestamptz, detail text)`;

/**
 * A bounce marks a row that was sent (or refused outright: the provider's
 * word is the last); a complaint marks one that was sent or bounced. A row
 * is marked only when its address is the event's, so an event cannot mark
 * another learner's row by naming its Message-ID.
 */
const MARKABLE = sql`lower(r.address) = lower(e.email) and r.channel = 'bulk-mail'
  and ((e.type = 'bounce' and r.state in ('sent', 'failed'))
    or (e.type = 'complaint' and r.state in ('sent', 'bounced')))`;
const MARK = sql`state = case e.type when 'bounce' then 'bounced' else 'complained' end,
  reason = coalesce(e.detail, case e.type when 'bounce' then 'bounced' else 'complained' end)`;

export async function applyMailEvents(tx: Tx, events: MailEvent[]): Promise<EventsOutcome> {
  // The same id twice in one call counts once, as it would over two calls.
  const byId = new Map<string, Located>();
  for (const e of events) if (!byId.has(e.id)) byId.set(e.id, locate(e));
  const all = [...byId.values()];
  const freshIds = new Set(
    (
      await tx.execute<{
        event_id: string;
      }>(sql`insert into mail_events (event_id, type, mailer_id, occurred_at)
        select e.event_id, e.type, e.mailer_id, e.occurred_at from ${EVENTS(JSON.stringify(all))}
        on conflict (event_id) do nothing returning event_id`)
    ).rows.map((r) => r.event_id),
  );
  const fresh = all.filter((e) => freshIds.has(e.event_id));
  const outcome = {
    received: fresh.length,
    duplicates: events.length - fresh.length,
    suppressed: 0,
    ledgerRows: 0,
  };
  if (!fresh.length) return outcome;
  const json = JSON.stringify(fresh);
  // The row its Message-ID names (a primary-key lookup), checked against its campaign.
  const byRow = await tx.execute(sql`update delivery_recipients r set ${MARK}
    from ${EVENTS(json)} join mailers m on m.id = e.mailer_id
    where e.row_id is not null and r.id = e.row_id and r.delivery_id = m.delivery_id and ${MARKABLE}
    returning r.id`);
  // Only the campaign known: its rows at that address (learners may share one).
  const byAddress = await tx.execute(sql`update delivery_recipients r set ${MARK}
    from ${EVENTS(json)} join mailers m on m.id = e.mailer_id
    where e.row_id is null and r.delivery_id = m.delivery_id and ${MARKABLE}
    returning r.id`);
  outcome.ledgerRows = byRow.rows.length + byAddress.rows.length;
  // The first event of an address in the call decides its reason; one already listed stays as it was.
  const listed =
    await tx.execute(sql`insert into mail_suppressions (email, reason, mailer_id, detail, at)
    select distinct on (lower(e.email)) lower(e.email),
      case e.type when 'bounce' then 'bounced' else 'complained' end,
      (select id from mailers where id = e.mailer_id), e.detail, e.occurred_at
    from ${EVENTS(json)}
    order by lower(e.email), e.occurred_at
    on conflict (email) do nothing returning email`);
  outcome.suppressed = listed.rows.length;
  return outcome;
}
