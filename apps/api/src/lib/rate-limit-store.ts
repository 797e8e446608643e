import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

/**
 * A @fastify/rate-limit store in the database, so that a limit holds across
 * every API process sharing one PostgreSQL database (plugins/security.ts
 * uses it there; PGlite's single process counts in memory). Fixed windows,
 * as the plugin's own stores: the first
 * hit of a key opens a window of `timeWindow` ms and counts 1; each later
 * hit in the window counts one more, in one atomic upsert, so hits on two
 * processes at once are both counted. Windows are timed by the database's
 * clock, the one clock every process shares.
 *
 * A route may opt out with `config.rateLimit.perProcess: true`: it is then
 * counted in this process's memory (the plugin's own LRU store), which costs
 * no query. The public QR scan does, since its limit only keeps one phone
 * from flooding the scan log and a database round trip per scan is what its
 * latency target cannot afford; with N processes an IP gets N times the limit.
 */
type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

type LocalStoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => FastifyRateLimitStore;
/** The plugin's in-memory store (not in its typings, hence the require). */
const LocalStore = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/LocalStore.js',
) as LocalStoreCtor;

/** Expired rows are deleted at most this often per process. */
const SWEEP_EVERY_MS = 60_000;

export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let lastSweep = 0;
  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    // Not awaited: a failed clean-up only leaves rows for the next one.
    db.delete(rateLimits)
      .where(lt(rateLimits.resetsAt, sql`now()`))
      .catch(() => undefined);
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** One store per route (`child`), so each route counts on its own. */
    constructor(
      _options: unknown,
      private readonly scope = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      sweep();
      hit(db, `${this.scope}${key}`, timeWindow).then(
        (r) => callback(null, r),
        (err) => callback(err as Error),
      );
    }

    /** The plugin's non-counting peek (`{ increment: false }`). */
    read(key: string, callback: Callback) {
      peek(db, `${this.scope}${key}`).then(
        (r) => callback(null, r),
        (err) => callback(err as Error),
      );
    }

    child(options: unknown): FastifyRateLimitStore {
      if ((options as { perProcess?: boolean }).perProcess) return new LocalStore(false, false);
      const route = (options as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(undefined, `${route?.method ?? ''} ${route?.url ?? ''} `);
    }
  }
  return DatabaseRateLimitStore;
}

/** Milliseconds left in the window, by the database's clock. */
const ttlMs = sql<number>`extract(epoch from ${rateLimits.resetsAt} - now()) * 1000`;

async function hit(db: Db, key: string, windowMs: number) {
  const resetsAt = sql`now() + make_interval(secs => ${windowMs / 1000}::float8)`;
  const expired = sql`${rateLimits.resetsAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetsAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        resetsAt: sql`case when ${expired} then excluded.resets_at else ${rateLimits.resetsAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, ttl: ttlMs });
  return toResult(row);
}

async function peek(db: Db, key: string) {
  const [row] = await db
    .select({ hits: rateLimits.hits, ttl: ttlMs })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetsAt, sql`now()`)));
  return toResult(row);
}

function toResult(row: { hits: number; ttl: number } | undefined) {
  if (!row) return { current: 0, ttl: 0 };
  return { current: row.hits, ttl: Math.max(0, Math.round(Number(row.ttl))) };
}
