import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { createPgliteDatabase } from './pglite-init.ts';
import { grades } from './schema/index.ts';

const base = mkdtempSync(path.join(tmpdir(), 'bo-pglite-init-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('a new embedded database', () => {
  it('is created apart for the server with every migration applied, and a second open keeps it', async () => {
    const dataDir = path.join(base, 'data');
    const first = await openDatabase({ kind: 'pglite', dataDir, purpose: 'server' });
    await first.db.execute(sql`insert into grades (name, position) values ('Grade X', 99)`);
    await first.close();
    const version = statSync(path.join(dataDir, 'pglite', 'PG_VERSION')).mtimeMs;
    // Already there: nothing is created again.
    await createPgliteDatabase(path.join(dataDir, 'pglite'), {
      migrationsFolder: '/nonexistent',
      startParams: [],
    });
    const again = await openDatabase({ kind: 'pglite', dataDir, purpose: 'test' });
    try {
      const rows = await again.db
        .select({ name: grades.name })
        .from(grades)
        .where(eq(grades.name, 'Grade X'));
      expect(rows).toHaveLength(1);
      expect(statSync(path.join(dataDir, 'pglite', 'PG_VERSION')).mtimeMs).toBe(version);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('says where and why when it cannot be created', async () => {
    const blocked = path.join(base, 'blocked');
    writeFileSync(blocked, 'a file where the directory should be');
    await expect(
      createPgliteDatabase(path.join(blocked, 'pglite'), {
        migrationsFolder: '/nonexistent',
        startParams: [],
      }),
    ).rejects.toThrow(`Creating the database in ${path.join(blocked, 'pglite')} failed`);
  }, 60_000);
});
