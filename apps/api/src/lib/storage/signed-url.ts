import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { forbidden } from '../errors.ts';

/**
 * Short-lived links for `<video>`, `<audio>` and `<img>`, which cannot send a
 * bearer header: the query carries an expiry and an HMAC-SHA256 of the key
 * and that expiry under the app's JWT secret. The `file:` prefix keeps these
 * MACs from ever matching anything else signed with the same secret. Anyone
 * holding the link can fetch the file until it expires, so keep TTLs short.
 */
export interface FileSignature {
  exp: string;
  sig: string;
}

function mac(secret: Uint8Array, key: string, exp: number): Buffer {
  return createHmac('sha256', secret).update(`file:${key}:${exp}`).digest();
}

/** `?exp=…&sig=…` to append to the feature's file route. */
export function signFileUrl(
  deps: Pick<Deps, 'config' | 'clock'>,
  key: string,
  ttlMs: number,
): string {
  const exp = Math.floor((deps.clock().getTime() + ttlMs) / 1000);
  const sig = mac(deps.config.jwtSecret, key, exp).toString('base64url');
  return `exp=${exp}&sig=${sig}`;
}

export function verifyFileSignature(
  deps: Pick<Deps, 'config' | 'clock'>,
  key: string,
  query: Partial<FileSignature>,
): boolean {
  const exp = Number(query.exp);
  if (!Number.isSafeInteger(exp) || typeof query.sig !== 'string') return false;
  if (exp * 1000 <= deps.clock().getTime()) return false;
  const expected = mac(deps.config.jwtSecret, key, exp);
  const given = Buffer.from(query.sig, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** For file routes: 403 unless the link is genuine and unexpired. */
export function assertFileSignature(
  deps: Pick<Deps, 'config' | 'clock'>,
  key: string,
  query: Partial<FileSignature>,
): void {
  if (!verifyFileSignature(deps, key, query)) {
    throw forbidden('This file link is invalid or has expired', 'invalid_file_link');
  }
}
