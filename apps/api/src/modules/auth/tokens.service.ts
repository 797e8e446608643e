import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { actionTokens } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { addMs } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';

/**
 * Single-use links (reset, invitation, setup): 256 random bits, stored only
 * as a hash, with an expiry, marked used once taken, and optionally bound to
 * the admin's e-mail and password so that changing either kills the link.
 */
export type ActionKind = 'reset' | 'invite' | 'setup';

export const TTL: Record<ActionKind, number> = {
  reset: 30 * 60_000,
  invite: 7 * 24 * 3_600_000,
  setup: 3_600_000,
};

export const bindingOf = (admin: { email: string; passwordHash: string | null }) =>
  sha256(`${admin.email.toLowerCase()}|${admin.passwordHash ?? ''}`);

export async function createActionToken(
  deps: Deps,
  tx: Db | Tx,
  kind: ActionKind,
  adminId: number | null,
  binding: string | null,
) {
  const token = randomToken();
  const now = deps.clock();
  await tx.insert(actionTokens).values({
    kind,
    adminId,
    tokenHash: sha256(token),
    binding,
    expiresAt: addMs(now, TTL[kind]),
    createdAt: now,
  });
  return token;
}

/**
 * A reset request for an unknown e-mail writes this in place of a link: a
 * token row born expired, for no admin, whose secret nobody holds. It costs
 * the insert a real link costs, so the answer takes as long either way.
 */
export async function createDecoyToken(deps: Deps, tx: Db | Tx) {
  const now = deps.clock();
  await tx.insert(actionTokens).values({
    kind: 'reset',
    adminId: null,
    tokenHash: sha256(randomToken()),
    binding: null,
    expiresAt: now,
    usedAt: now,
    createdAt: now,
  });
}

const invalidLink = () =>
  new AppError(400, 'invalid_link', 'This link is invalid, used or expired. Ask for a new one.');

/** Finds a live token of this kind (not used, not expired) or fails with 400. */
export async function findLiveToken(deps: Deps, tx: Db | Tx, kind: ActionKind, token: string) {
  const [row] = await tx
    .select()
    .from(actionTokens)
    .where(and(eq(actionTokens.tokenHash, sha256(token)), eq(actionTokens.kind, kind)))
    .for('update');
  if (!row || row.usedAt || deps.clock() >= row.expiresAt) throw invalidLink();
  return row;
}

export async function useToken(deps: Deps, tx: Db | Tx, id: number) {
  await tx.update(actionTokens).set({ usedAt: deps.clock() }).where(eq(actionTokens.id, id));
}

export { invalidLink };

/** How many tokens of a kind an admin was sent recently (reset mails are capped). */
export async function recentTokenCount(
  deps: Deps,
  adminId: number,
  kind: ActionKind,
  windowMs: number,
  tx: Db | Tx = deps.db,
) {
  const [row] = await tx
    .select({ n: count() })
    .from(actionTokens)
    .where(
      and(
        eq(actionTokens.adminId, adminId),
        eq(actionTokens.kind, kind),
        gt(actionTokens.createdAt, addMs(deps.clock(), -windowMs)),
      ),
    );
  return row?.n ?? 0;
}

/** Kills every outstanding token of a kind for an admin. */
export async function expireTokens(deps: Deps, tx: Db | Tx, adminId: number, kind: ActionKind) {
  await tx
    .update(actionTokens)
    .set({ usedAt: deps.clock() })
    .where(
      and(
        eq(actionTokens.adminId, adminId),
        eq(actionTokens.kind, kind),
        isNull(actionTokens.usedAt),
      ),
    );
}
