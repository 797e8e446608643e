import type { mailerRecipientsQuery } from '@bo/contract';
import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { learners, deliveryRecipients as ledger, mailers } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { listPageByKeys, sortOrder, textSearch } from '../../lib/list.ts';

/**
 * A campaign's ledger, filtered by state and searched by address: the
 * (delivery, channel, state, id) index picks the page (a deferred join), so a
 * page of a 100,000-recipient campaign reads only its rows.
 */
export async function mailerRecipients(deps: Deps, q: z.infer<typeof mailerRecipientsQuery>) {
  const [mailer] = await deps.db
    .select({ deliveryId: mailers.deliveryId })
    .from(mailers)
    .where(eq(mailers.id, q.mailerId));
  if (!mailer) throw notFound('Mailer');
  const where = and(
    eq(ledger.deliveryId, mailer.deliveryId),
    eq(ledger.channel, 'bulk-mail'),
    q.state ? eq(ledger.state, q.state) : undefined,
    textSearch(q.q, [ledger.address]),
  );
  return listPageByKeys(q, {
    key: ledger.id,
    keys: deps.db.select({ key: ledger.id }).from(ledger).where(where).$dynamic(),
    rows: deps.db
      .select({
        id: ledger.id,
        learnerId: ledger.learnerId,
        name: learners.name,
        email: ledger.address,
        state: ledger.state,
        reason: ledger.reason,
        attempts: ledger.attempts,
        sentAt: ledger.sentAt,
      })
      .from(ledger)
      .innerJoin(learners, eq(learners.id, ledger.learnerId))
      .$dynamic(),
    orderBy: sortOrder(q, { id: ledger.id, email: ledger.address }, 'id', ledger.id),
    count: deps.db.select({ n: count() }).from(ledger).where(where),
    map: (r) => ({ ...r, learnerId: r.learnerId!, sentAt: r.sentAt?.toISOString() ?? null }),
  });
}
