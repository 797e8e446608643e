import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { actionTokens, admins, auditLog } from '../../db/schema/index.ts';
import { TEST_PASSWORD, type TestApp } from '../../test/harness.ts';
import { codeIn, linkTokenIn, type ReceivedMail } from '../../test/smtp-receiver.ts';

/**
 * Helpers of the auth security tests (docs/security.md items 1-14). Mails are
 * matched by their position in the receiver, so a test never picks up a code
 * or link that an earlier step already used.
 */

export type Extra = Omit<InjectOptions, 'method' | 'url' | 'payload'>;

export const db = (t: TestApp) => t.app.deps.db;

export const post = (t: TestApp, url: string, payload?: object, extra: Extra = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, ...(payload ? { payload } : {}), ...extra });

export const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

export const me = (t: TestApp, accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', ...bearer(accessToken) });

/** The first mail to `email` with this subject among those received after index `since`. */
export function mailAfter(
  t: TestApp,
  since: number,
  email: string,
  subject: string,
): Promise<ReceivedMail> {
  return t.smtp.waitFor(
    (m) =>
      t.smtp.mails.indexOf(m) >= since &&
      m.to.includes(email.toLowerCase()) &&
      m.subject.startsWith(subject),
  );
}

/** Mails to `email` received after index `since`. */
export const mailsAfter = (t: TestApp, since: number, email: string) =>
  t.smtp.mails.slice(since).filter((m) => m.to.includes(email.toLowerCase()));

/** The password step, then the mailed code of this very challenge. */
export async function startLogin(
  t: TestApp,
  email: string,
  password = TEST_PASSWORD,
  extra: Extra = {},
) {
  const since = t.smtp.mails.length;
  const res = await post(t, '/auth/login', { email, password }, extra);
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode}: ${res.body}`);
  const mail = await mailAfter(t, since, email, 'Your sign-in code');
  const { challengeId, expiresAt } = res.json() as { challengeId: string; expiresAt: string };
  return { res, challengeId, expiresAt, code: codeIn(mail) };
}

export const confirm = (t: TestApp, challengeId: string, otp: string, extra: Extra = {}) =>
  post(t, '/auth/confirmotp', { challengeId, otp }, extra);

export interface Session {
  accessToken: string;
  refreshToken: string;
}

/** Both steps; fails loudly when either does. */
export async function signIn(t: TestApp, email: string, password = TEST_PASSWORD) {
  const { challengeId, code } = await startLogin(t, email, password);
  const res = await confirm(t, challengeId, code);
  if (res.statusCode !== 200) throw new Error(`confirmotp ${res.statusCode}: ${res.body}`);
  return res.json() as Session & { admin: { id: number } };
}

export const refresh = (t: TestApp, refreshToken: string) =>
  post(t, '/auth/refresh', { refreshToken });

/** Another valid-looking code than `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Asks for a reset link and answers the token of the mail it produced. */
export async function resetToken(t: TestApp, email: string, extra: Extra = {}) {
  const since = t.smtp.mails.length;
  const res = await post(t, '/auth/password/resetlink', { email }, extra);
  if (res.statusCode !== 200) throw new Error(`resetlink ${res.statusCode}: ${res.body}`);
  const mail = await mailAfter(t, since, email, 'Reset your password');
  return { token: linkTokenIn(mail), mail };
}

export const resetPassword = (t: TestApp, token: string, password: string) =>
  post(t, '/auth/password/reset', { token, password });

export async function adminRow(t: TestApp, id: number) {
  const [row] = await db(t).select().from(admins).where(eq(admins.id, id));
  return row!;
}

/** Clears the lockout counter, so that a test can fail many times without locking. */
export async function clearFailures(t: TestApp, id: number) {
  await db(t).update(admins).set({ failedLogins: 0, lockedUntil: null }).where(eq(admins.id, id));
}

export const auditRows = (t: TestApp, action?: string) =>
  action
    ? db(t).select().from(auditLog).where(eq(auditLog.action, action))
    : db(t).select().from(auditLog);

export const actionTokenRows = (t: TestApp, adminId: number) =>
  db(t)
    .select()
    .from(actionTokens)
    .where(and(eq(actionTokens.adminId, adminId), eq(actionTokens.kind, 'reset')));

/** The parts of audit rows that hold free text (not ids or timestamps). */
export const auditText = (rows: { actorEmail: string | null; before: unknown; after: unknown }[]) =>
  JSON.stringify(rows.map((r) => [r.actorEmail, r.before, r.after]));

export const body = (res: LightMyRequestResponse) => res.json() as Record<string, unknown>;

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
