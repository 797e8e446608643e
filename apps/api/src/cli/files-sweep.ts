import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { systemClock } from '../lib/clock.ts';
import { sweepOrphanFiles } from '../modules/files/files.sweep.ts';
import { createStorage } from '../plugins/storage.ts';

/**
 * npm run files:sweep -w apps/api
 * One sweep of uploaded files no row holds, older than
 * FILE_SWEEP_GRACE_HOURS (modules/files). The server runs the same sweep on
 * its own; this is for an operator who wants it now. Goes through the
 * data-directory lock, so it refuses to run while a server holds the
 * embedded database.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 }
      : { kind: 'pglite', dataDir: config.dataDir, purpose: 'files:sweep' },
  );
  try {
    // A console logger: the sweep calls info, warn and error only (cast at the call).
    const log = {
      info: () => {},
      warn: (o: { key?: string }, msg: string) => console.warn(`${msg}: ${o.key ?? ''}`),
      error: (_o: unknown, msg: string) => console.error(msg),
    };
    const r = await sweepOrphanFiles(
      { db: database.db, storage: createStorage(config), clock: systemClock, log: log as never },
      config.fileSweep.graceMs,
    );
    console.log(
      `Looked at ${r.scanned} stored files: removed ${r.removed} orphans ` +
        `(${(r.removedBytes / 1024 / 1024).toFixed(1)} MB)` +
        (r.failed ? `, ${r.failed} could not be removed.` : '.'),
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
