import pg from 'pg';
import { markDatabaseUnreachable } from '../lib/faults.ts';

/** A new connection that takes longer than this fails the request (503) instead of holding it. */
const CONNECT_TIMEOUT_MS = 5000;

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
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  const report = (err: Error) => {
    for (const listener of listeners) listener(err);
  };
  pool.on('connect', (client) => client.on('error', report));
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
