import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';

/**
 * A fresh database per test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of DATABASE_URL (dropped at the end), so
 * the same suite runs on both.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ kind: 'memory' });
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

/**
 * A new empty database on the server of `serverUrl` (for processes that
 * migrate it themselves); `drop()` waits for its clients to go, then drops it.
 */
export async function createPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
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
      } finally {
        await c.end();
      }
    },
  };
}
