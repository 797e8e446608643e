import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { admins } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { addMs } from '../../lib/clock.ts';
import { tooManyRequests } from '../../lib/errors.ts';

/**
 * The account lock of sign-in: every try (password or code) counts as a
 * failure before it is checked and is given back when right, so parallel
 * tries cannot slip past the count; the tenth failure locks the account.
 */
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_MS = 15 * 60_000;

/**
 * Counts one try (password or code) as a failure before it is checked, unless
 * the account is locked or all ten tries are taken: one statement, so parallel
 * tries cannot all pass a stale lock check.
 */
export async function claimTry(deps: Deps, adminId: number, now: Date) {
  const claimed = await deps.db
    .update(admins)
    .set({ failedLogins: sql`${admins.failedLogins} + 1` })
    .where(
      and(
        eq(admins.id, adminId),
        lt(admins.failedLogins, LOCK_AFTER_FAILURES),
        or(isNull(admins.lockedUntil), lte(admins.lockedUntil, now)),
      ),
    )
    .returning({ id: admins.id });
  return claimed.length > 0;
}

/** After a wrong answer (counted by claimTry): the 10th locks for 15 minutes, the count restarts. */
export async function lockIfDue(deps: Deps, adminId: number) {
  const lockUntil = addMs(deps.clock(), LOCK_MS);
  await deps.db
    .update(admins)
    .set({
      failedLogins: sql`case when ${admins.failedLogins} >= ${LOCK_AFTER_FAILURES} then 0 else ${admins.failedLogins} end`,
      lockedUntil: sql`case when ${admins.failedLogins} >= ${LOCK_AFTER_FAILURES} then ${lockUntil.toISOString()}::timestamptz else ${admins.lockedUntil} end`,
    })
    .where(eq(admins.id, adminId));
}

/** A right answer's try is not a failure. */
export async function giveTryBack(deps: Deps, adminId: number) {
  await deps.db
    .update(admins)
    .set({ failedLogins: sql`greatest(${admins.failedLogins} - 1, 0)` })
    .where(eq(admins.id, adminId));
}

export async function lockedUntilOf(deps: Deps, adminId: number, now: Date) {
  const [row] = await deps.db
    .select({ lockedUntil: admins.lockedUntil })
    .from(admins)
    .where(eq(admins.id, adminId));
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : addMs(now, LOCK_MS);
}

export function lockedError(until: Date, now: Date) {
  const minutes = Math.ceil((until.getTime() - now.getTime()) / 60_000);
  return tooManyRequests(
    `Too many failed sign-ins. This account is locked for ${minutes} more minute${minutes === 1 ? '' : 's'}; you can also reset your password.`,
    (until.getTime() - now.getTime()) / 1000,
  );
}
