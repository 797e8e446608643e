import type { removeSuppressionBody, Suppression, suppressionsQuery } from '@bo/contract';
import { and, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { mailers, mailSuppressions } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { AppError } from '../../lib/errors.ts';
import { listPage, sortOrder, textSearch } from '../../lib/list.ts';
import type { RequestContext } from '../../lib/request-context.ts';

/**
 * The suppression list (docs/domain.md, Mail, "Bounces, complaints and the
 * suppression list"): addresses no mailer reaches again, whatever learner
 * holds them. Bounces and complaints come from the provider's webhook
 * (mail.events.ts), unsubscribes from the one-click link (mail.unsubscribe.ts).
 * It is read twice per campaign: when the ledger is written (the address's
 * row is `skipped` with `suppressed: <reason>`, mail.mailers.ts) and before
 * each batch is sent (`suppressedAmong`), so an address added meanwhile (a
 * scheduled mailer, a long campaign) is skipped too.
 */

type Row = typeof mailSuppressions.$inferSelect & { mailerName: string | null };

const present = (r: Row): Suppression => ({
  email: r.email,
  reason: r.reason,
  at: r.at.toISOString(),
  mailerId: r.mailerId,
  mailerName: r.mailerName,
  detail: r.detail,
});

const selectSuppressions = (db: Db | Tx) =>
  db
    .select({ ...getTableColumns(mailSuppressions), mailerName: mailers.name })
    .from(mailSuppressions)
    .leftJoin(mailers, eq(mailers.id, mailSuppressions.mailerId));

export async function listSuppressions(deps: Deps, q: z.infer<typeof suppressionsQuery>) {
  const where = and(
    q.reason ? eq(mailSuppressions.reason, q.reason) : undefined,
    textSearch(q.q, [mailSuppressions.email]),
  );
  return listPage(
    q,
    selectSuppressions(deps.db).where(where).$dynamic(),
    sortOrder(
      q,
      { at: mailSuppressions.at, email: mailSuppressions.email },
      'at',
      mailSuppressions.email,
      'desc',
    ),
    deps.db.select({ n: count() }).from(mailSuppressions).where(where),
    present,
  );
}

/**
 * Takes an address off the list, audited with what it was: later mailers
 * reach it again. Rows of campaigns already written stay as they are.
 */
export async function removeSuppression(
  deps: Deps,
  ctx: RequestContext,
  body: z.infer<typeof removeSuppressionBody>,
): Promise<Suppression> {
  return deps.db.transaction(async (tx) => {
    const [row] = await selectSuppressions(tx)
      .where(eq(mailSuppressions.email, sql`lower(${body.email})`))
      .for('update', { of: mailSuppressions });
    if (!row) throw new AppError(404, 'not_found', 'This address is not on the suppression list');
    await tx.delete(mailSuppressions).where(eq(mailSuppressions.email, row.email));
    const removed = present(row);
    await recordAudit(tx, ctx, {
      action: 'mail_suppression_removed',
      entity: 'mail_suppression',
      entityId: row.email,
      before: removed,
    });
    return removed;
  });
}

/**
 * The addresses of a batch that are on the list, with why: one query, the
 * comparison in the database (its lower() is the one the list's key obeys).
 */
export async function suppressedAmong(
  db: Db | Tx,
  addresses: (string | null)[],
): Promise<Map<string, string>> {
  const given = [...new Set(addresses.filter((a): a is string => Boolean(a)))];
  if (!given.length) return new Map();
  const rows = (
    await db.execute<{ address: string; reason: string }>(sql`select a.address, s.reason
      from jsonb_array_elements_text(${JSON.stringify(given)}::jsonb) as a(address)
      join mail_suppressions s on s.email = lower(a.address)`)
  ).rows;
  return new Map(rows.map((r) => [r.address, r.reason]));
}

/** Why a ledger row of a suppressed address is skipped. */
export const suppressedReason = (reason: string) => `suppressed: ${reason}`;

/**
 * A one-click unsubscribe: the address that campaign mailed the learner at
 * (its ledger row), else the learner's address now. An address already on
 * the list keeps its first reason.
 */
export async function suppressUnsubscribed(db: Db | Tx, learnerId: number, mailerId: number) {
  await db.execute(sql`insert into mail_suppressions (email, reason, mailer_id)
    select lower(coalesce(nullif(r.address, ''), l.email)), 'unsubscribed', m.id
    from learners l
    left join mailers m on m.id = ${mailerId}
    left join delivery_recipients r
      on r.delivery_id = m.delivery_id and r.learner_id = l.id and r.channel = 'bulk-mail'
    where l.id = ${learnerId} and coalesce(nullif(r.address, ''), l.email, '') <> ''
    on conflict (email) do nothing`);
}
