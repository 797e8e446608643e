import { count, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { actionTokens, admins } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { passwordChangedMail, passwordResetMail, queueDecoyMail, sendMail } from '../mail/index.ts';
import { findAdminByEmail, NO_ADMIN } from './admin-lookup.ts';
import { usableLink } from './link-check.service.ts';
import { revokeAllSessions } from './sessions.service.ts';
import {
  bindingOf,
  createActionToken,
  createDecoyToken,
  expireTokens,
  findLiveToken,
  invalidLink,
  recentTokenCount,
  TTL,
  useToken,
} from './tokens.service.ts';

/** Refuses the 3,000 most common passwords with a field error. */
export function assertAcceptablePassword(password: string, field: string) {
  if (isCommonPassword(password)) {
    throw badRequest('This password is too common. Choose another one.', [
      { path: `body.${field}`, message: 'This password is too common. Choose another one.' },
    ]);
  }
}

/** Changing the own password keeps this session and signs out every other. */
export async function updatePassword(
  deps: Deps,
  ctx: RequestContext,
  me: AuthAdmin,
  currentPassword: string,
  newPassword: string,
) {
  const [admin] = await deps.db.select().from(admins).where(eq(admins.id, me.id));
  if (!admin?.passwordHash || !(await verifyPassword(admin.passwordHash, currentPassword))) {
    throw badRequest('The current password is wrong.', [
      { path: 'body.currentPassword', message: 'The current password is wrong.' },
    ]);
  }
  assertAcceptablePassword(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(admins)
      .set({ passwordHash, updatedAt: deps.clock(), updatedBy: me.id })
      .where(eq(admins.id, me.id));
    await revokeAllSessions(deps, tx, me.id, me.sessionId);
    await expireTokens(deps, tx, me.id, 'reset');
    await recordAudit(tx, ctx, { action: 'password_changed', entity: 'admin', entityId: me.id });
    await sendMail(deps, tx, passwordChangedMail(admin.email, admin.name), me.id);
  });
}

const RESET_MAILS_PER_WINDOW = 3;
const RESET_WINDOW_MS = 15 * 60_000;

/**
 * Always the same answer, in about the same time: an unknown e-mail runs the
 * same transaction on an id no row has (row lock, count, audit, and a decoy
 * token row born expired in place of the link's, and a decoy mail job that
 * sends nothing in place of the real one); the mail is sent after the answer. Per account at most 3 links per 15 minutes (a silent
 * cap, never a lockout).
 */
export async function requestPasswordReset(deps: Deps, ctx: RequestContext, email: string) {
  const found = await findAdminByEmail(deps.db, email);
  const admin = found?.status === 'active' && found.passwordHash ? found : undefined;
  const id = admin?.id ?? NO_ADMIN;
  // Counted and issued under the admin's row lock: parallel requests cannot pass the cap together.
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, id)).for('update');
    const recent = await recentTokenCount(deps, id, 'reset', RESET_WINDOW_MS, tx);
    const send = admin !== undefined && recent < RESET_MAILS_PER_WINDOW;
    await recordAudit(tx, ctx, {
      action: 'password_reset_requested',
      entity: 'admin',
      ...(admin ? { entityId: admin.id } : {}),
      actor: { id: admin?.id ?? null, email: admin?.email ?? email },
      after: { sent: send },
    });
    if (!admin || !send) {
      await queueDecoyMail(deps, tx);
      return createDecoyToken(deps, tx);
    }
    const token = await createActionToken(deps, tx, 'reset', admin.id, bindingOf(admin));
    const link = `${deps.config.publicBaseUrl}/password/reset?token=${encodeURIComponent(token)}`;
    await sendMail(deps, tx, passwordResetMail(admin.email, admin.name, link, TTL.reset / 60_000));
  });
}

/**
 * A password chosen on an e-mailed link (reset or invitation): checked and
 * hashed before the transaction (hashing is slow), then in it the link is
 * checked again and used up before `save` writes the password.
 */
async function passwordByLink(
  deps: Deps,
  kind: 'reset' | 'invite',
  token: string,
  password: string,
  save: (tx: Tx, admin: typeof admins.$inferSelect, passwordHash: string) => Promise<void>,
) {
  assertAcceptablePassword(password, 'password');
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const { row, admin } = await usableLink(deps, tx, kind, token);
    if (!admin) throw invalidLink();
    await useToken(deps, tx, row.id);
    await save(tx, admin, passwordHash);
  });
}

export async function resetPassword(
  deps: Deps,
  ctx: RequestContext,
  token: string,
  password: string,
) {
  await passwordByLink(deps, 'reset', token, password, async (tx, target, passwordHash) => {
    await tx
      .update(admins)
      .set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: deps.clock() })
      .where(eq(admins.id, target.id));
    await revokeAllSessions(deps, tx, target.id);
    await expireTokens(deps, tx, target.id, 'reset');
    await recordAudit(tx, ctx, {
      action: 'password_reset',
      entity: 'admin',
      entityId: target.id,
      actor: { id: target.id, email: target.email },
    });
    await sendMail(deps, tx, passwordChangedMail(target.email, target.name), target.id);
  });
}

export async function setupNeeded(deps: Deps) {
  const [row] = await deps.db.select({ n: count() }).from(admins);
  return (row?.n ?? 0) === 0;
}

/**
 * On an empty database, a fresh one-hour link to create the first super
 * admin (older setup links die). Undefined once any admin exists.
 */
export async function ensureSetupLink(deps: Deps): Promise<string | undefined> {
  if (!(await setupNeeded(deps))) return undefined;
  await deps.db
    .update(actionTokens)
    .set({ usedAt: deps.clock() })
    .where(eq(actionTokens.kind, 'setup'));
  const token = await createActionToken(deps, deps.db, 'setup', null, null);
  return `${deps.config.publicBaseUrl}/setup?token=${encodeURIComponent(token)}`;
}

export async function completeSetup(
  deps: Deps,
  ctx: RequestContext,
  input: { token: string; email: string; name: string; password: string },
) {
  assertAcceptablePassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const row = await findLiveToken(deps, tx, 'setup', input.token);
    const [n] = await tx.select({ n: count() }).from(admins);
    if ((n?.n ?? 0) > 0) throw conflict('The first admin already exists. Sign in instead.');
    await useToken(deps, tx, row.id);
    const [created] = await tx
      .insert(admins)
      .values({
        email: input.email,
        name: input.name,
        passwordHash,
        role: 'super_admin',
        status: 'active',
      })
      .returning({ id: admins.id });
    await recordAudit(tx, ctx, {
      action: 'setup_first_admin',
      entity: 'admin',
      entityId: created!.id,
      actor: { id: created!.id, email: input.email },
      after: { email: input.email, name: input.name, role: 'super_admin' },
    });
  });
}

export async function inviteInfo(deps: Deps, token: string) {
  const { admin } = await deps.db.transaction((tx) => usableLink(deps, tx, 'invite', token));
  if (!admin) throw invalidLink();
  return { email: admin.email, name: admin.name };
}

export async function acceptInvite(
  deps: Deps,
  ctx: RequestContext,
  token: string,
  password: string,
) {
  await passwordByLink(deps, 'invite', token, password, async (tx, admin, passwordHash) => {
    await tx
      .update(admins)
      .set({ passwordHash, status: 'active', updatedAt: deps.clock() })
      .where(eq(admins.id, admin.id));
    await recordAudit(tx, ctx, {
      action: 'invite_accepted',
      entity: 'admin',
      entityId: admin.id,
      actor: { id: admin.id, email: admin.email },
    });
  });
}
