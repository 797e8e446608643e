import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { rebuildReports } from '../modules/reports/reports.aggregate.ts';

/**
 * npm run reports:rebuild -w apps/api
 * Recomputes the reports' aggregates for the whole history from the raw
 * activity (after a bulk load or a restore; the server keeps them up to
 * date on its own otherwise). Goes through the data-directory lock, so it
 * refuses to run while a server holds the embedded database.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 }
      : { kind: 'pglite', dataDir: config.dataDir, purpose: 'reports:rebuild' },
  );
  try {
    const started = Date.now();
    await rebuildReports(database.db);
    // New rows: statistics and the visibility map for index-only counts, now rather than at autovacuum's turn.
    await database.db.execute(
      sql`vacuum analyze report_daily, report_learner_days, report_learner_years`,
    );
    console.log(`Report aggregates rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
