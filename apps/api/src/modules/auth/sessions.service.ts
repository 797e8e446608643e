import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { signAccessToken } from '../../lib/access-token.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { addMs } from '../../lib/clock.ts';
import { unauthorized } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import { loadActiveAdmin } from './admin-lookup.ts';

/**
 * Sessions are refresh-token families. Every refresh rotates the token; a
 * rotated token used again means it leaked, so the whole family is revoked.
 */
export async function startSession(deps: Deps, tx: Db | Tx, adminId: number, ctx: RequestContext) {
  const now = deps.clock();
  const familyId = randomUUID();
  const refreshToken = randomToken();
  await tx.insert(refreshTokens).values({
    adminId,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: addMs(now, deps.config.refreshTokenTtlMs),
    idleExpiresAt: addMs(
      now,
      Math.min(deps.config.refreshIdleTtlMs, deps.config.refreshTokenTtlMs),
    ),
    createdAt: now,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  const accessToken = await accessFor(deps, adminId, familyId);
  return { accessToken, refreshToken, familyId };
}

const accessFor = (deps: Deps, adminId: number, familyId: string) =>
  signAccessToken(
    deps.config.jwtSecret,
    deps.clock,
    deps.config.accessTokenTtlMs,
    adminId,
    familyId,
  );

type RefreshOutcome =
  | { kind: 'ok'; accessToken: string; refreshToken: string }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'reused'; adminId: number; familyId: string };

export async function refreshSession(deps: Deps, token: string, ctx: RequestContext) {
  const now = deps.clock();
  // The transaction commits a family revocation before we answer 401.
  const outcome = await deps.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)))
      .for('update');
    if (!row) return { kind: 'invalid' };
    if (row.revokedAt || row.replacedById) {
      await revokeWhere(deps, tx, eq(refreshTokens.familyId, row.familyId));
      return { kind: 'reused', adminId: row.adminId, familyId: row.familyId };
    }
    if (now >= row.expiresAt || now >= row.idleExpiresAt) return { kind: 'expired' };
    if (!(await loadActiveAdmin(tx, row.adminId))) return { kind: 'invalid' };
    const refreshToken = randomToken();
    const [next] = await tx
      .insert(refreshTokens)
      .values({
        adminId: row.adminId,
        familyId: row.familyId,
        tokenHash: sha256(refreshToken),
        expiresAt: row.expiresAt,
        idleExpiresAt: new Date(
          Math.min(row.expiresAt.getTime(), now.getTime() + deps.config.refreshIdleTtlMs),
        ),
        createdAt: now,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      })
      .returning({ id: refreshTokens.id });
    await tx
      .update(refreshTokens)
      .set({ replacedById: next!.id, revokedAt: now })
      .where(eq(refreshTokens.id, row.id));
    return {
      kind: 'ok',
      refreshToken,
      accessToken: await accessFor(deps, row.adminId, row.familyId),
    };
  });
  if (outcome.kind === 'ok')
    return { accessToken: outcome.accessToken, refreshToken: outcome.refreshToken };
  if (outcome.kind === 'reused') {
    deps.log.warn({ event: 'authn_token_reuse', adminId: outcome.adminId }, 'authn_token_reuse');
    await recordAudit(deps.db, ctx, {
      action: 'authn_token_reuse',
      entity: 'session',
      entityId: outcome.familyId,
      actor: { id: outcome.adminId, email: null },
    });
  }
  if (outcome.kind === 'expired')
    throw unauthorized('Session expired, sign in again', 'session_expired');
  throw unauthorized();
}

/** Revokes, and forgets cached access checks so revoked sessions stop at once. */
function revokeWhere(deps: Deps, tx: Db | Tx, where: ReturnType<typeof eq>) {
  deps.authCache.clear();
  return tx
    .update(refreshTokens)
    .set({ revokedAt: deps.clock() })
    .where(and(where, isNull(refreshTokens.revokedAt)));
}

export const revokeFamily = (deps: Deps, tx: Db | Tx, adminId: number, familyId: string) =>
  revokeWhere(
    deps,
    tx,
    and(eq(refreshTokens.adminId, adminId), eq(refreshTokens.familyId, familyId))!,
  );

/** Every session of an admin, or every one but `keepFamilyId`. */
export const revokeAllSessions = (
  deps: Deps,
  tx: Db | Tx,
  adminId: number,
  keepFamilyId?: string,
) =>
  revokeWhere(
    deps,
    tx,
    keepFamilyId
      ? and(eq(refreshTokens.adminId, adminId), ne(refreshTokens.familyId, keepFamilyId))!
      : eq(refreshTokens.adminId, adminId),
  );
