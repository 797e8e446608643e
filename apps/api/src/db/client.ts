import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { PACKAGE_ROOT } from '../lib/package-root.ts';
import { type DirLock, lockDataDir } from './lock.ts';
import { createPgliteDatabase } from './pglite-init.ts';
import { type StoppedListener, stopOnPanic } from './pglite-panic.ts';
import {
  type ConnectionErrorListener,
  createPostgresPool,
  type PoolLimits,
} from './postgres-pool.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;

/**
 * What `execute<Row>(sql)` answers on both drivers: node-postgres' `QueryResult`
 * and PGlite's `Results` both carry the rows in `rows`, so raw SQL reads
 * `(await db.execute<Row>(query)).rows` typed, without a cast at each call.
 */
export interface RowsResult extends PgQueryResultHKT {
  type: Rows<this['row']>;
}
interface Rows<Row> {
  rows: Row[];
}

/** One type for both drivers: the product speaks one dialect (PostgreSQL). */
export type Db = PgDatabase<RowsResult, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Raw SQL outside drizzle (the job queue's own statements). Without values a
   * text may hold several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * Runs `fn` while no other process on this database runs its own: for
   * installing or upgrading shared structures at start (the job queue's
   * tables), which processes started together would otherwise race on.
   * The lock holds one pool connection meanwhile, so `fn` runs on the rest
   * (a pool of one would wait forever). PGlite has one process: `fn` just runs.
   */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * PostgreSQL: `listener` hears of each connection the database ended or
   * broke (the server carries on; the app logs them).
   */
  onConnectionError?(listener: ConnectionErrorListener): void;
  /**
   * PGlite: `listener` hears that the embedded database stopped for good (a
   * PANIC, db/pglite-panic.ts); the server then exits for a restart.
   */
  onStopped?(listener: StoppedListener): void;
}

export const migrationsFolder = path.join(PACKAGE_ROOT, 'drizzle');

/**
 * Extensions the migrations create (PGlite bundles them but loads only those
 * named), and a buffer pool sized for one embedded process: PostgreSQL's 128 MB
 * default is allocated inside the WebAssembly memory at start and cost the
 * server ~120 MB of resident memory while idle; the files stay in the operating
 * system's page cache either way (docs/performance.md, figures in bench/README.md).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
const pgliteOptions: PGliteOptions = { extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS };

/** PostgreSQL's type id of `json`. */
const JSON_OID = 114;

/**
 * A `json` parameter given as bytes (its UTF-8 text) goes to PGlite as it
 * is, in binary format, whose form for `json` is the text itself; a string
 * is serialised as before. PGlite's protocol writer measures a string's
 * UTF-8 length twice and encodes it in JavaScript: ~0.7 s of the server's
 * thread for the 80 MB of JSON text of a 50,000-question import
 * (`writeQuestionRows` passes its rows as bytes; node-postgres sends a
 * Buffer in binary format too). docs/performance.md, "Sixth pass".
 */
function jsonBytesAsIs(client: PGlite) {
  const json = client.serializers[JSON_OID]!;
  client.serializers[JSON_OID] = (value: unknown) =>
    value instanceof Uint8Array ? (value as unknown as string) : json(value);
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number; limits?: PoolLimits }
  | { kind: 'pglite'; dataDir: string; purpose: string }
  /**
   * In memory, gone at close. `from`: a data directory made by
   * `migratedMemorySnapshot` (tests start thousands of databases; loading one
   * takes ~0.5 s where creating and migrating one takes ~2.5 s).
   */
  | { kind: 'memory'; from?: Blob };

/** Any fixed number, the same in every process: the key of the start-up lock. */
const SCHEMA_LOCK = 0x6d696772;

/**
 * Several processes may start at once on one PostgreSQL database (a rolling
 * upgrade, a scaled start): the migrator has no lock of its own, so two
 * would both apply the same migration and one would fail. They queue on a
 * session advisory lock instead, held on its own connection (passed to
 * `fn`); the later ones find nothing left to do.
 */
async function withSchemaLock<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    try {
      return await fn(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const listeners = new Set<ConnectionErrorListener>();
    const pool = createPostgresPool(target.url, target.poolSize ?? 10, listeners, target.limits);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      await withSchemaLock(pool, (client) =>
        migratePg(drizzlePg(client, { schema }), { migrationsFolder }),
      );
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
      executeSql: (text, values) => pool.query(text, values?.length ? values : undefined),
      exclusively: (fn) => withSchemaLock(pool, fn),
      onConnectionError: (listener) => void listeners.add(listener),
    };
  }
  let lock: DirLock | undefined;
  let client: PGlite;
  if (target.kind === 'pglite') {
    lock = await lockDataDir(target.dataDir, target.purpose);
    const dir = path.join(target.dataDir, 'pglite');
    // The server runs for days, so a new database is made apart and the memory
    // that takes goes back; a command-line tool ends soon and makes it itself.
    if (target.purpose === 'server') {
      try {
        await createPgliteDatabase(dir, { migrationsFolder, startParams: PGLITE_START_PARAMS });
      } catch (err) {
        lock.release();
        throw err;
      }
    }
    client = new PGlite(dir, pgliteOptions);
  } else {
    client = new PGlite({ ...pgliteOptions, ...(target.from ? { loadDataDir: target.from } : {}) });
  }
  const stoppedListeners = new Set<StoppedListener>();
  const panic = stopOnPanic(client, (err) => {
    for (const listener of stoppedListeners) listener(err);
  });
  try {
    await client.waitReady;
    jsonBytesAsIs(client);
    const pglite = drizzlePglite(client, { schema });
    await migratePglite(pglite, { migrationsFolder });
    const db = pglite as unknown as Db;
    return {
      db,
      kind: 'pglite',
      ping: async () => void (await client.query('select 1')),
      executeSql: async (text, values) => {
        if (values?.length) return client.query<Record<string, unknown>>(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
      exclusively: (fn) => fn(),
      onStopped: (listener) => void stoppedListeners.add(listener),
      close: async () => {
        try {
          // A stopped PGlite never answers again, its close included.
          if (!panic.stopped) await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    await client.close().catch(() => {});
    lock?.release();
    throw err;
  }
}

/**
 * An empty in-memory database with every migration applied, as a data
 * directory (an uncompressed tarball) for `{ kind: 'memory', from }`.
 */
export async function migratedMemorySnapshot(): Promise<Blob> {
  const client = new PGlite(pgliteOptions);
  try {
    await client.waitReady;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
