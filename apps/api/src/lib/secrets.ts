import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: refresh, reset, invite and setup tokens. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Stored instead of a token: a leaked table gives no usable tokens. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const hmac = (key: Uint8Array, value: string) =>
  createHmac('sha256', key).update(value).digest('hex');

/** A CSPRNG code of `digits` digits, leading zeros kept. */
export const randomDigits = (digits: number) =>
  Array.from({ length: digits }, () => randomInt(10)).join('');

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
