import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

// Runs in the child process: creates the data directory, brings its schema up
// to date with the same migrations and options as the server, and closes it.
const CREATE = `
const w = JSON.parse(process.argv[1]);
const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all(
  [w.pglite, w.trgm, w.drizzle, w.migrator].map((m) => import(m)),
);
const client = new PGlite(w.dir, { extensions: { pg_trgm }, startParams: w.startParams });
await client.waitReady;
await migrate(drizzle(client), { migrationsFolder: w.migrationsFolder });
await client.close();
`;

/**
 * Creates a new PGlite database (initdb and every migration) in a short-lived
 * child process; does nothing when `dir` holds one already. PGlite runs initdb
 * as a second WebAssembly module and copies the new files through memory, and
 * the first migrations fill PostgreSQL's caches inside a memory that never
 * shrinks: done in the server's own process, that stayed resident (~400 MB)
 * until a garbage collection an idle server never needs; in a worker thread,
 * the allocator still kept ~70 MB of it. A process gives all of it back.
 */
export async function createPgliteDatabase(
  dir: string,
  opts: { migrationsFolder: string; startParams: string[] },
): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const job = {
    dir,
    ...opts,
    pglite: import.meta.resolve('@electric-sql/pglite'),
    trgm: import.meta.resolve('@electric-sql/pglite/contrib/pg_trgm'),
    drizzle: import.meta.resolve('drizzle-orm/pglite'),
    migrator: import.meta.resolve('drizzle-orm/pglite/migrator'),
  };
  try {
    await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '--eval', CREATE, JSON.stringify(job)],
      { maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (err) {
    const detail = (err as { stderr?: string }).stderr?.trim() || (err as Error).message;
    throw new Error(`Creating the database in ${dir} failed: ${detail}`);
  }
}
