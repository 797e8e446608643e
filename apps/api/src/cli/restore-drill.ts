import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { runRestoreDrill } from '../db/restore-drill.ts';

/**
 * npm run db:restore-drill -w apps/api [-- --out FILE] [--keep]
 * Dumps the PostgreSQL database of DATABASE_URL, restores it into a new
 * database beside it, compares every table's row count and prints them
 * (db/restore-drill.ts). Exits 1 when any count differs. `--out` keeps the
 * dump (a backup whose restore has just been proven); `--keep` keeps the
 * restored database. Safe while servers run: it only reads the source.
 */
async function main() {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, keep: { type: 'boolean', default: false } },
  });
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error(
      'The restore drill is for PostgreSQL: set DATABASE_URL. The embedded database is backed up by copying DATA_DIR with the server stopped (docs/operations.md).',
    );
  }
  const scratch = values.out ? undefined : mkdtempSync(path.join(tmpdir(), 'bo-drill-'));
  const dumpFile = values.out ?? path.join(scratch!, 'backup.dump');
  try {
    const r = await runRestoreDrill({ url: config.databaseUrl, dumpFile, keep: values.keep });
    const width = Math.max(...r.tables.map((t) => t.table.length), 5);
    console.log(`${'table'.padEnd(width)}  ${'source'.padStart(8)}  ${'restored'.padStart(8)}`);
    for (const t of r.tables) {
      const mark = r.mismatches.includes(t) ? '  MISMATCH' : '';
      console.log(
        `${t.table.padEnd(width)}  ${String(t.source).padStart(8)}  ${String(t.restored ?? 'missing').padStart(8)}${mark}`,
      );
    }
    const rows = r.tables.reduce((n, t) => n + t.source, 0);
    console.log(
      `\n${r.tables.length} tables, ${rows} rows; dump ${(r.dumpBytes / 1024).toFixed(0)} KiB in ${(r.dumpMs / 1000).toFixed(1)} s, restore in ${(r.restoreMs / 1000).toFixed(1)} s` +
        (values.keep ? `; restored database kept: ${r.restoredDatabase}` : ''),
    );
    if (r.mismatches.length > 0) {
      console.error(`Restore drill FAILED: ${r.mismatches.length} table(s) differ.`);
      process.exitCode = 1;
    } else {
      console.log('Restore drill passed: every table has the same number of rows.');
    }
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
