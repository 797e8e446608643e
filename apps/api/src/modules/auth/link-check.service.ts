import { count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { admins } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { type ActionKind, bindingOf, findLiveToken, invalidLink } from './tokens.service.ts';

/**
 * The one rule for whether a one-time link still works, used both to check
 * it when its page opens and, inside the transaction, when its form is sent:
 * the token is live, and what it was made for still holds (a reset for an
 * active admin whose e-mail and password have not changed since, an
 * invitation not yet accepted, a setup while no admin exists). Answers the
 * token row and its admin (none for setup); fails with `invalid_link`.
 */
export async function usableLink(deps: Deps, tx: Db | Tx, kind: ActionKind, token: string) {
  const row = await findLiveToken(deps, tx, kind, token);
  if (kind === 'setup') {
    const [n] = await tx.select({ n: count() }).from(admins);
    if ((n?.n ?? 0) > 0) throw invalidLink();
    return { row, admin: null };
  }
  const [admin] = await tx
    .select()
    .from(admins)
    .where(eq(admins.id, row.adminId ?? 0));
  if (!admin) throw invalidLink();
  if (kind === 'reset' && (admin.status !== 'active' || row.binding !== bindingOf(admin))) {
    throw invalidLink();
  }
  if (kind === 'invite' && admin.status !== 'invited') throw invalidLink();
  return { row, admin };
}

/** Checks a link without using it up, so its page can say at once that it is dead. */
export async function checkLink(deps: Deps, kind: ActionKind, token: string) {
  await deps.db.transaction((tx) => usableLink(deps, tx, kind, token));
}
