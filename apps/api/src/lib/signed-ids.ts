import { hmac, safeEqualHex } from './secrets.ts';

/**
 * Ids in a public link that nobody can forge: `<id>-<id>-…-<mac>`, the mac
 * 128 bits of HMAC-SHA-256 under the server's secret over the link's purpose,
 * its ids and what else the link carries (`bound`, e.g. the address a click
 * redirect goes to). The mail's one-click unsubscribe, open image and click
 * redirect are such links; the mac's input, `purpose:id:…[:bound]`, is the
 * one they have always had, so links in mails already sent keep working.
 */

const macOf = (secret: Uint8Array, purpose: string, ids: number[], bound?: string) =>
  hmac(secret, [purpose, ...ids, ...(bound === undefined ? [] : [bound])].join(':')).slice(0, 32);

export const signIds = (secret: Uint8Array, purpose: string, ids: number[], bound?: string) =>
  `${ids.join('-')}-${macOf(secret, purpose, ids, bound)}`;

/** The `count` ids a token signed for `purpose` (and `bound`) carries; null for anything else. */
export function readSignedIds(
  secret: Uint8Array,
  purpose: string,
  token: string,
  count: number,
  bound?: string,
): number[] | null {
  const parts = token.split('-');
  const mac = parts.pop();
  if (parts.length !== count || !parts.every((p) => /^\d{1,15}$/.test(p))) return null;
  if (!mac || !/^[0-9a-f]{32}$/.test(mac)) return null;
  const ids = parts.map(Number);
  return safeEqualHex(mac, macOf(secret, purpose, ids, bound)) ? ids : null;
}
