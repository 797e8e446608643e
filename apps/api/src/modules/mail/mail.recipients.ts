import type { mailerRecipientsQuery } from '@bo/contract';
import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { learners, mailerRecipients as ledger } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { listPageByKeys, sortOrder, textSearch } from '../../lib/list.ts';

/**
 * A campaign's ledger, filtered by state and searched by address: the
 * (mailer, state, id) index picks the page (a deferred join), so a page of a
 * 100,000-recipient campaign reads only its rows.
 */
export function mailerRecipients(deps: Deps, q: z.infer<typeof mailerRecipientsQuery>) {
  const where = and(
    eq(ledger.mailerId, q.mailerId),
    q.state ? eq(ledger.state, q.state) : undefined,
    textSearch(q.q, [ledger.email]),
  );
  return listPageByKeys(q, {
    key: ledger.id,
    keys: deps.db.select({ key: ledger.id }).from(ledger).where(where).$dynamic(),
    rows: deps.db
      .select({
        id: ledger.id,
        learnerId: ledger.learnerId,
        name: learners.name,
        email: ledger.email,
        state: ledger.state,
        reason: ledger.reason,
        attempts: ledger.attempts,
        sentAt: ledger.sentAt,
      })
      .from(ledger)
      .innerJoin(learners, eq(learners.id, ledger.learnerId))
      .$dynamic(),
    orderBy: sortOrder(q, { id: ledger.id, email: ledger.email }, 'id', ledger.id),
    count: deps.db.select({ n: count() }).from(ledger).where(where),
    map: (r) => ({ ...r, sentAt: r.sentAt?.toISOString() ?? null }),
  });
}
