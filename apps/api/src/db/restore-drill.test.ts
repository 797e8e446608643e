import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../lib/passwords.ts';
import { createPostgresDatabase } from '../test/test-database.ts';
import { type Database, openDatabase } from './client.ts';
import { runRestoreDrill } from './restore-drill.ts';
import { admins } from './schema/index.ts';

/** The restore drill on a real PostgreSQL database (the PostgreSQL pass only). */
const SERVER_URL = process.env.DATABASE_URL;
const hasTools = spawnSync('pg_dump', ['--version']).status === 0;
if (!SERVER_URL || !hasTools) {
  console.info(
    'restore-drill.test.ts skipped: it needs DATABASE_URL=postgres://… and pg_dump/pg_restore on the PATH.',
  );
}

describe.skipIf(!SERVER_URL || !hasTools)('restore drill', () => {
  let fresh: { url: string; drop(): Promise<void> };
  let database: Database;
  const dir = mkdtempSync(path.join(tmpdir(), 'bo-drill-test-'));
  beforeAll(async () => {
    fresh = await createPostgresDatabase(SERVER_URL!);
    database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 1 });
    const passwordHash = await hashPassword('a long enough passphrase');
    await database.db.insert(admins).values(
      ['a', 'b', 'c'].map((n) => ({
        email: `${n}@example.test`,
        name: n,
        passwordHash,
        role: 'admin' as const,
        status: 'active' as const,
      })),
    );
  });
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('dumps, restores into a new database, finds every count equal, then drops it', async () => {
    const r = await runRestoreDrill({ url: fresh.url, dumpFile: path.join(dir, 'b.dump') });
    expect(r.mismatches).toEqual([]);
    const count = (table: string) => r.tables.find((t) => t.table === table);
    expect(count('public.admins')).toEqual({ table: 'public.admins', source: 3, restored: 3 });
    expect(count('public.grades')?.restored).toBeGreaterThan(10);
    expect(count('drizzle.__drizzle_migrations')?.restored).toBeGreaterThan(5);
    expect(r.dumpBytes).toBeGreaterThan(1000);

    const c = new pg.Client({ connectionString: SERVER_URL });
    await c.connect();
    const { rows } = await c.query('select 1 from pg_database where datname = $1', [
      r.restoredDatabase,
    ]);
    await c.end();
    expect(rows).toEqual([]);
  }, 60_000);
});
