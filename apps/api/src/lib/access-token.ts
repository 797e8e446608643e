import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock.ts';
import { unauthorized } from './errors.ts';

/**
 * Access tokens: HS256 JWTs with `typ: access`. Only HS256 is accepted, so
 * `alg: none` and algorithm confusion fail; refresh tokens are opaque random
 * strings and can never pass as access tokens.
 */
export async function signAccessToken(
  secret: Uint8Array,
  clock: Clock,
  ttlMs: number,
  adminId: number,
  sessionId: string,
): Promise<string> {
  const now = Math.floor(clock().getTime() / 1000);
  return new SignJWT({ typ: 'access', sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(adminId))
    .setIssuedAt(now)
    .setExpirationTime(now + Math.max(1, Math.floor(ttlMs / 1000)))
    .setJti(randomUUID())
    .sign(secret);
}

export interface AccessClaims {
  adminId: number;
  sessionId: string;
  /** Expiry in epoch milliseconds. */
  expiresAtMs: number;
}

export async function verifyAccessToken(
  secret: Uint8Array,
  clock: Clock,
  token: string,
): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      currentDate: clock(),
      clockTolerance: 0,
    });
    const adminId = Number(payload.sub);
    if (
      payload.typ !== 'access' ||
      !Number.isSafeInteger(adminId) ||
      typeof payload.sid !== 'string'
    ) {
      throw unauthorized();
    }
    return { adminId, sessionId: payload.sid, expiresAtMs: (payload.exp ?? 0) * 1000 };
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw unauthorized('Token expired', 'token_expired');
    throw unauthorized();
  }
}
