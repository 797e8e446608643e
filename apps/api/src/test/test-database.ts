import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  type Database,
  migratedMemorySnapshot,
  migrationsFolder,
  openDatabase,
} from '../db/client.ts';

/**
 * A fresh database per test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of DATABASE_URL (dropped at the end), so
 * the same suite runs on both.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ kind: 'memory', from: await migratedSnapshot() });
  const fresh = await createPostgresDatabase(url);
  const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

/** Names the migrated database test files copy theirs from (global-setup.ts). */
export const TEMPLATE_DATABASE = 'BO_TEST_TEMPLATE_DATABASE';

/**
 * A new database on the server of `serverUrl`: a copy of the suite's migrated
 * template when there is one, else empty (for processes that migrate it
 * themselves, or a file run outside the suite); `drop()` waits for its
 * clients to go, then drops it.
 */
export async function createPostgresDatabase(
  serverUrl: string,
  opts: { empty?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bo_test_${randomBytes(6).toString('hex')}`;
  const template = opts.empty ? undefined : process.env[TEMPLATE_DATABASE];
  await postgresAdmin(serverUrl, (c) =>
    c.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => dropPostgresDatabase(serverUrl, name) };
}

/** Runs `fn` on a connection to the server of `serverUrl`, closed after. */
export async function postgresAdmin<T>(
  serverUrl: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Waits for the database's clients to go, then drops it. */
export async function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  await postgresAdmin(serverUrl, async (c) => {
    // pool.end() resolves before the server has seen every client go; a
    // forced drop would then kill a closing connection, whose error event
    // surfaces as an unhandled error in the test run.
    for (let i = 0; i < 100; i++) {
      const { rows } = await c.query(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await c.query(`drop database if exists ${name} with (force)`);
  });
}

let snapshot: Promise<Blob> | undefined;

/**
 * The migrated empty database every PGlite test starts from, made once and
 * kept in the system's temporary folder under a name that changes with the
 * migrations and PGlite's version: the suite opens ~200 databases, and each
 * one created and migrated from scratch cost ~2 s more than one loaded. The
 * migrations still run on every open (they find nothing left to do), so a
 * stale file could not hide a missing one.
 */
function migratedSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const file = path.join(tmpdir(), `bo-test-pglite-${await migrationsHash()}.tar`);
    const kept = await readFile(file).catch(() => null);
    if (kept) return new Blob([kept]);
    const made = await migratedMemorySnapshot();
    // Written apart, then renamed: a worker reading it never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await made.arrayBuffer()));
    await rename(partial, file);
    return made;
  })();
  return snapshot;
}

async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pglite = JSON.parse(
    await readFile(path.join(path.dirname(entry), '..', 'package.json'), 'utf8'),
  ) as { version: string };
  hash.update(pglite.version);
  const files = (await readdir(migrationsFolder, { recursive: true })).sort();
  for (const name of files) {
    if (!/\.(sql|json)$/.test(name)) continue;
    hash.update(name).update(await readFile(path.join(migrationsFolder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}
