import { randomUUID } from 'node:crypto';
import type { AuditAction } from '@bo/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { admins, otpChallenges } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { addMs } from '../../lib/clock.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { burnPasswordTime, verifyPassword } from '../../lib/passwords.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { hmac, randomDigits, safeEqualHex } from '../../lib/secrets.ts';
import { effectiveModules } from '../../plugins/auth-guard.ts';
import { sendMail, signInCodeMail } from '../mail/index.ts';
import { findAdminByEmail, NO_ADMIN } from './admin-lookup.ts';
import { claimTry, giveTryBack, lockedError, lockedUntilOf, lockIfDue } from './login.lockout.ts';
import { startSession } from './sessions.service.ts';

export { LOCK_AFTER_FAILURES, LOCK_MS } from './login.lockout.ts';

export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
/** Resends of one sign-in (a chain of challenges from one password step). */
export const OTP_MAX_RESENDS = 3;
/** Resends per account in any hour, whatever the sign-ins: a mailbox is not a target. */
export const OTP_MAX_RESENDS_PER_HOUR = 10;
const HOUR_MS = 60 * 60_000;

const badCredentials = () => new AppError(401, 'invalid_credentials', 'Wrong e-mail or password');

/** Step 1: e-mail and password. Answers a challenge id and mails a code; never tokens. */
export async function login(deps: Deps, ctx: RequestContext, email: string, password: string) {
  const admin = await findAdminByEmail(deps.db, email);
  const now = deps.clock();
  if (!admin || admin.status !== 'active' || !admin.passwordHash) {
    // The same statements and the same hash work as a wrong password, on an
    // id no row has: the time taken must not tell a registered e-mail apart.
    await claimTry(deps, NO_ADMIN, now);
    await burnPasswordTime(password);
    await lockIfDue(deps, NO_ADMIN);
    await recordAudit(deps.db, ctx, failed('login_failed', null, email, 'unknown or inactive'));
    throw badCredentials();
  }
  if (admin.lockedUntil && admin.lockedUntil > now) {
    await recordAudit(deps.db, ctx, failed('login_locked', admin.id, admin.email, 'locked'));
    throw lockedError(admin.lockedUntil, now);
  }
  // The try is counted before the slow password check, by one statement that also
  // re-checks the lock: a burst of parallel guesses cannot all pass a stale check.
  if (!(await claimTry(deps, admin.id, now))) {
    await recordAudit(deps.db, ctx, failed('login_locked', admin.id, admin.email, 'locked'));
    throw lockedError(await lockedUntilOf(deps, admin.id, now), now);
  }
  if (!(await verifyPassword(admin.passwordHash, password))) {
    await lockIfDue(deps, admin.id);
    await recordAudit(deps.db, ctx, failed('login_failed', admin.id, admin.email, 'password'));
    throw badCredentials();
  }
  await giveTryBack(deps, admin.id);
  return issueChallenge(deps, ctx, admin);
}

/** Step 2: the mailed code. Five answers per challenge, counted atomically. */
export async function confirmOtp(
  deps: Deps,
  ctx: RequestContext,
  challengeId: string,
  otp: string,
) {
  const now = deps.clock();
  const [challenge] = await deps.db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(
      and(
        eq(otpChallenges.id, challengeId),
        isNull(otpChallenges.consumedAt),
        lt(otpChallenges.attempts, OTP_MAX_ATTEMPTS),
      ),
    )
    .returning();
  if (!challenge) {
    const [dead] = await deps.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.id, challengeId));
    if (dead && !dead.consumedAt && dead.attempts >= OTP_MAX_ATTEMPTS) {
      throw tooManyRequests('Too many wrong codes. Sign in again to get a new code.');
    }
    throw new AppError(401, 'invalid_otp', 'This code is not valid. Sign in again.');
  }
  if (now > challenge.expiresAt) {
    throw new AppError(401, 'otp_expired', 'The code has expired. Sign in again.');
  }
  // As for passwords: the try is counted before the code is compared, atomically with the
  // lock check. A locked account's codes are not compared at all (no right/wrong oracle).
  if (!(await claimTry(deps, challenge.adminId, now))) {
    throw lockedError(await lockedUntilOf(deps, challenge.adminId, now), now);
  }
  if (!safeEqualHex(challenge.codeHash, codeHash(deps, challenge.id, otp))) {
    await lockIfDue(deps, challenge.adminId);
    await recordAudit(deps.db, ctx, failed('otp_failed', challenge.adminId, null, 'code'));
    throw new AppError(401, 'invalid_otp', 'Wrong code');
  }
  try {
    return await signInWith(deps, ctx, challenge, now);
  } catch (err) {
    await giveTryBack(deps, challenge.adminId); // a right code never counts as a failure
    throw err;
  }
}

function signInWith(
  deps: Deps,
  ctx: RequestContext,
  challenge: typeof otpChallenges.$inferSelect,
  now: Date,
) {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(admins).where(eq(admins.id, challenge.adminId));
    if (current?.lockedUntil && current.lockedUntil > now)
      throw lockedError(current.lockedUntil, now);
    const [used] = await tx
      .update(otpChallenges)
      .set({ consumedAt: now })
      .where(and(eq(otpChallenges.id, challenge.id), isNull(otpChallenges.consumedAt)))
      .returning({ id: otpChallenges.id });
    const [admin] = await tx
      .update(admins)
      .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now })
      .where(and(eq(admins.id, challenge.adminId), eq(admins.status, 'active')))
      .returning();
    if (!used || !admin)
      throw new AppError(401, 'invalid_otp', 'This code is not valid. Sign in again.');
    const session = await startSession(deps, tx, admin.id, ctx);
    await recordAudit(tx, ctx, {
      action: 'login',
      entity: 'session',
      entityId: session.familyId,
      actor: { id: admin.id, email: admin.email },
    });
    return {
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
      admin: {
        id: admin.id,
        email: admin.email,
        name: admin.name,
        role: admin.role,
        modules: effectiveModules(admin.role, admin.modules),
      },
    };
  });
}

const resendLimit = (message: string) => new AppError(429, 'otp_resend_limit', message);

/**
 * Ends a challenge and mails a new code under a new id: the old code is dead.
 * Capped per sign-in and per account and hour (docs/security.md item 40), so
 * nobody holding a challenge id can fill the admin's mailbox.
 */
export async function resendOtp(deps: Deps, ctx: RequestContext, challengeId: string) {
  const now = deps.clock();
  const [old] = await deps.db
    .update(otpChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(otpChallenges.id, challengeId),
        isNull(otpChallenges.consumedAt),
        lt(otpChallenges.attempts, OTP_MAX_ATTEMPTS),
        lt(otpChallenges.resends, OTP_MAX_RESENDS),
      ),
    )
    .returning();
  if (!old) {
    const [spent] = await deps.db
      .select({ resends: otpChallenges.resends })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.id, challengeId), isNull(otpChallenges.consumedAt)));
    if (spent && spent.resends >= OTP_MAX_RESENDS)
      throw resendLimit(
        `The code has been sent again ${OTP_MAX_RESENDS} times. Sign in again to get a new code.`,
      );
  }
  const admin = old
    ? (await deps.db.select().from(admins).where(eq(admins.id, old.adminId)))[0]
    : undefined;
  if (!old || !admin || admin.status !== 'active') {
    throw new AppError(401, 'invalid_otp', 'This sign-in has ended. Sign in again.');
  }
  if (admin.lockedUntil && admin.lockedUntil > now) {
    throw lockedError(admin.lockedUntil, now);
  }
  // A resend is only offered within a while of the password step.
  if (now.getTime() - old.createdAt.getTime() > 30 * 60_000) {
    throw new AppError(401, 'otp_expired', 'This sign-in has ended. Sign in again.');
  }
  return issueChallenge(deps, ctx, admin, old.resends + 1);
}

/**
 * The per-account cap, checked with the admin's row locked so that parallel
 * resends of several sign-ins cannot all pass the same count.
 */
async function claimResend(tx: Tx, adminId: number, now: Date) {
  await tx.execute(sql`select 1 from admins where id = ${adminId} for update`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(otpChallenges)
    .where(
      and(
        eq(otpChallenges.adminId, adminId),
        gt(otpChallenges.resends, 0),
        gt(otpChallenges.createdAt, addMs(now, -HOUR_MS)),
      ),
    );
  if ((row?.n ?? 0) >= OTP_MAX_RESENDS_PER_HOUR)
    throw resendLimit(
      `The sign-in code has been sent again ${OTP_MAX_RESENDS_PER_HOUR} times in the last hour. Wait a while, then sign in again.`,
    );
}

async function issueChallenge(
  deps: Deps,
  ctx: RequestContext,
  admin: { id: number; email: string; name: string },
  resends = 0,
) {
  const now = deps.clock();
  const id = randomUUID();
  const code = randomDigits(6);
  const expiresAt = addMs(now, OTP_TTL_MS);
  await deps.db.transaction(async (tx) => {
    if (resends > 0) await claimResend(tx, admin.id, now);
    await tx.insert(otpChallenges).values({
      id,
      adminId: admin.id,
      codeHash: codeHash(deps, id, code),
      resends,
      expiresAt,
      createdAt: now,
    });
    await recordAudit(tx, ctx, {
      action: 'otp_sent',
      entity: 'session',
      entityId: id,
      actor: { id: admin.id, email: admin.email },
    });
    await sendMail(
      deps,
      tx,
      signInCodeMail(admin.email, admin.name, code, OTP_TTL_MS / 60_000),
      admin.id,
    );
  });
  return { challengeId: id, expiresAt: expiresAt.toISOString() };
}

/** Keyed hash bound to the challenge: a code is worth nothing on another challenge. */
const codeHash = (deps: Deps, challengeId: string, code: string) =>
  hmac(deps.config.jwtSecret, `otp:${challengeId}:${code}`);

function failed(action: AuditAction, id: number | null, email: string | null, reason: string) {
  return { action, entity: 'session' as const, actor: { id, email }, after: { reason } };
}
