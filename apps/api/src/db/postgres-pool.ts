import pg from 'pg';
import { markDatabaseUnreachable } from '../lib/faults.ts';

/** A new connection that takes longer than this fails the request (503) instead of holding it. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * Client-side limits on a connection. A frozen database (a stopped process, a
 * host that hangs, a network that drops packets without a reset) never
 * answers: without them, a request on an open connection waits for ever.
 */
export interface PoolLimits {
  /** A query without an answer for this long fails (503) and its connection is closed. */
  queryTimeoutMs: number;
  /** Idle time before TCP keepalive probes start, so a dead peer is found. */
  keepAliveIdleMs: number;
}

export const DEFAULT_POOL_LIMITS: PoolLimits = { queryTimeoutMs: 60_000, keepAliveIdleMs: 30_000 };

/** node-postgres's error for a query that met its query_timeout. */
const QUERY_TIMEOUT = 'Query read timeout';

export type ConnectionErrorListener = (err: Error) => void;
type ConnectCallback = (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void;

/**
 * The PostgreSQL pool, made to outlive its connections. The database ends
 * sessions on its own (pg_terminate_backend, an idle time-out, a pooler, a
 * restart or failover): node-postgres then emits `error` on the client, and
 * on the pool for an idle one, and an `error` event nobody listens to ends
 * the process. Every client and the pool get a listener, so a lost
 * connection is dropped from the pool and the next request opens a new one.
 * A failure to connect at all is marked, so the error handler can answer 503
 * `database_unavailable` (lib/faults.ts) however the failure looks (refused,
 * timed out, "the database system is starting up").
 */
export function createPostgresPool(
  url: string,
  max: number,
  listeners: Set<ConnectionErrorListener>,
  limits: PoolLimits = DEFAULT_POOL_LIMITS,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: limits.queryTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: limits.keepAliveIdleMs,
  });
  const report = (err: Error) => {
    for (const listener of listeners) listener(err);
  };
  pool.on('connect', (client) => {
    client.on('error', report);
    closeOnQueryTimeout(client);
  });
  // An idle client's error reaches the pool too: its own listener has reported it.
  pool.on('error', () => {});
  const connect = pool.connect.bind(pool) as (cb: ConnectCallback) => void;
  // pool.query connects through this.connect(callback), transactions through connect().
  pool.connect = ((cb?: ConnectCallback) => {
    if (cb)
      return connect((err, client, done) => cb(err && markDatabaseUnreachable(err), client, done));
    return new Promise<pg.PoolClient>((resolve, reject) =>
      connect((err, client) => (err ? reject(markDatabaseUnreachable(err)) : resolve(client!))),
    );
  }) as typeof pool.connect;
  return pool;
}

/**
 * A query that timed out is still running on its connection as far as
 * node-postgres knows, so the connection would go back to the pool (a
 * transaction releases it without an error) and hold every later query on
 * it. Its socket is closed instead: the pool drops it and opens a new one.
 * `pool.query` uses the callback form and releases with the error, which
 * drops it already; the promise form is the one to watch.
 */
function closeOnQueryTimeout(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise)
      return result.catch((err: unknown) => {
        if (err instanceof Error && err.message === QUERY_TIMEOUT)
          (
            client as unknown as { connection: { stream: { destroy(): void } } }
          ).connection.stream.destroy();
        throw err;
      });
    return result;
  }) as typeof client.query;
}
