/**
 * Codes whose scan last answered a redirect, kept in memory so that the next
 * scan of a busy code costs one statement (the scan row by the code's id, and
 * the reports' mark for the day) instead of the lookup,
 * the content test (a recursive walk of the TOC) and the insert. On PGlite,
 * whose one connection answers queries one at a time, that lookup was what
 * pushed the scan's p99 over its target under load.
 *
 * The rule (docs/decisions.md, "QR scan cache"):
 * - Only redirects are kept: an unknown, disabled or not-yet-filled code is
 *   looked up on every scan, so a code an administrator has just filled or
 *   enabled answers at once.
 * - Retargeting, enabling or disabling a code through this process empties the
 *   cache at once (the service calls `forgetAll`; these are rare admin writes).
 * - Everything else that could change a redirect (content removed, a TOC node,
 *   book or video deleted or deactivated, a write by another API process on a
 *   shared PostgreSQL) is seen within TTL_MS: an entry is used for that long
 *   after its lookup, then looked up again.
 * - A lookup that was under way when the cache was emptied is not kept (it may
 *   have read the code before the change): `remember` takes the generation
 *   read before the lookup.
 * - A code deleted meanwhile (its book deleted) inserts nothing (the INSERT
 *   reads the code by id); the scan route then forgets the entry and looks
 *   the code up.
 */
export interface ScanRedirect {
  codeId: number;
  path: string;
}

/** How long a lookup is trusted for changes made outside the QR-code routes. */
export const TTL_MS = 5_000;
/** Enough for every code of a large print run; the oldest entry leaves first. */
const MAX_ENTRIES = 20_000;

export function createScanCache(now: () => number = () => performance.now()) {
  const entries = new Map<string, ScanRedirect & { until: number }>();
  let generation = 0;
  return {
    /** Read before a lookup, passed to `remember` after it. */
    generation: () => generation,
    get(code: string): ScanRedirect | undefined {
      const entry = entries.get(code);
      if (!entry) return undefined;
      if (entry.until > now()) return entry;
      entries.delete(code);
      return undefined;
    },
    remember(code: string, redirect: ScanRedirect, lookedUpIn: number) {
      if (lookedUpIn !== generation) return;
      entries.delete(code);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(code, { ...redirect, until: now() + TTL_MS });
    },
    forget(code: string) {
      entries.delete(code);
    },
    forgetAll() {
      generation++;
      entries.clear();
    },
  };
}

export type ScanCache = ReturnType<typeof createScanCache>;
