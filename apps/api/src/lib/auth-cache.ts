/**
 * Verified tokens and their admin, kept for two seconds so that a busy
 * client does not cost a JWT check and a database round trip per request
 * (the API-throughput target). Any revocation or admin change in this
 * process clears it at once; other processes see such a change within the
 * two seconds. An entry is never served past its token's expiry.
 */
export const AUTH_CACHE_TTL_MS = 2000;
const MAX_ENTRIES = 10_000;

export class AuthCache<T> {
  private entries = new Map<string, { value: T; cachedAt: number; expiresAtMs: number }>();
  /** Bumped by every clear(). */
  private generation = 0;
  /** Per token whose get() missed: the generation when its check started. */
  private started = new Map<string, number>();

  get(token: string, nowMs: number): T | undefined {
    const hit = this.entries.get(token);
    if (hit && (performance.now() - hit.cachedAt > AUTH_CACHE_TTL_MS || nowMs >= hit.expiresAtMs)) {
      this.entries.delete(token);
    } else if (hit) {
      return hit.value;
    }
    if (this.started.size >= MAX_ENTRIES) this.started.clear();
    if (!this.started.has(token)) this.started.set(token, this.generation);
    return undefined;
  }

  /**
   * `expiresAtMs`: the token's own expiry, on the app's clock. The result of a
   * check that was in flight when the cache was cleared is not kept: it may
   * have read the database before the revocation committed.
   */
  set(token: string, value: T, expiresAtMs: number) {
    const startedAt = this.started.get(token);
    this.started.delete(token);
    if (startedAt !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(token, { value, cachedAt: performance.now(), expiresAtMs });
  }

  clear() {
    this.entries.clear();
    this.generation++;
  }
}
