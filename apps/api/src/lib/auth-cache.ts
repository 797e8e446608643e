/**
 * Verified tokens and their admin, kept for two seconds so that a busy
 * client does not cost a JWT check and a database round trip per request
 * (the API-throughput target). Any revocation or admin change in this
 * process clears it at once; other processes see such a change within the
 * two seconds. An entry is never served past its token's expiry.
 */
const TTL_MS = 2000;
const MAX_ENTRIES = 10_000;

export class AuthCache<T> {
  private entries = new Map<string, { value: T; cachedAt: number; expiresAtMs: number }>();

  get(token: string, nowMs: number): T | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    if (performance.now() - hit.cachedAt > TTL_MS || nowMs >= hit.expiresAtMs) {
      this.entries.delete(token);
      return undefined;
    }
    return hit.value;
  }

  private quietUntil = 0;

  /** `expiresAtMs`: the token's own expiry, on the app's clock. */
  set(token: string, value: T, expiresAtMs: number) {
    if (performance.now() < this.quietUntil) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(token, { value, cachedAt: performance.now(), expiresAtMs });
  }

  /**
   * Called when a revocation is written, usually before its transaction
   * commits: a check that is in flight, or that reads before the commit, would
   * cache the old state. So nothing is cached for the next two seconds either.
   */
  clear() {
    this.entries.clear();
    this.quietUntil = performance.now() + TTL_MS;
  }
}
