import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { MAX_LEARNERS, MAX_MONTHS } from '../modules/demo/demo.learners.ts';
import { DEMO_DEFAULTS, MAX_BOOKS, seedDemo } from '../modules/demo/seed.ts';
import { qrAddress } from '../modules/qr-codes/qr-codes.address.ts';
import { rebuildReports } from '../modules/reports/reports.aggregate.ts';
import { createStorage } from '../plugins/storage.ts';

/**
 * npm run seed:demo [-- --books N --learners N --months M]
 * Loads the demo curriculum, books with TOCs and content, and media
 * (modules/demo/seed.ts). Safe to
 * run again: what exists is kept. Goes through the data-directory lock, so it
 * refuses to run while a server holds the embedded database.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      books: { type: 'string', default: String(DEMO_DEFAULTS.books) },
      learners: { type: 'string', default: String(DEMO_DEFAULTS.learners) },
      months: { type: 'string', default: String(DEMO_DEFAULTS.months) },
    },
  });
  const whole = (v: string | undefined, max: number) =>
    /^\d+$/.test(v ?? '') && Number(v) <= max ? Number(v) : null;
  const books = whole(values.books, MAX_BOOKS);
  const learners = whole(values.learners, MAX_LEARNERS);
  const months = whole(values.months, MAX_MONTHS);
  if (books === null || learners === null || months === null || months === 0) {
    throw new Error(
      `Usage: npm run seed:demo [-- --books N --learners N --months M]   (books 0 to ${MAX_BOOKS}, default ${DEMO_DEFAULTS.books}; learners 0 to ${MAX_LEARNERS}, default ${DEMO_DEFAULTS.learners}; months 1 to ${MAX_MONTHS}, default ${DEMO_DEFAULTS.months})`,
    );
  }
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 }
      : { kind: 'pglite', dataDir: config.dataDir, purpose: 'seed:demo' },
  );
  try {
    const r = await seedDemo(
      { db: database.db, storage: createStorage(config) },
      { books, learners, months },
    );
    // The demo's activity was written in bulk: the reports' aggregates are built from it.
    await rebuildReports(database.db);
    const added = Object.values(r).reduce((a, b) => a + b, 0);
    console.log(
      added === 0
        ? 'Demo data already loaded: nothing added.'
        : `Demo data added: ${r.subjects} subjects, ${r.chapters} chapters, ${r.topics} topics, ` +
            `${r.books} books (${r.extraIsbns} extra ISBNs), ${r.media} media items, ` +
            `${r.tocNodes} TOC nodes, ${r.contentItems} content items, ${r.qrCodes} QR codes, ` +
            `${r.learners} learners with their activity.`,
    );
    // The demo's codes are made straight in the database: say here what printing them needs.
    const address = qrAddress(config);
    console.log(
      address.problem === null
        ? `Printed QR codes open ${address.base}<code>${address.trial ? ' (a local trial: every printed page says "TRIAL - not for print")' : ''}.`
        : `The demo's QR codes open ${address.base}<code>, which learners' phones cannot reach: ` +
            'before printing them, set PUBLIC_BASE_URL to the address learners reach; to try printing ' +
            'on this computer only, start the server with QR_LOCAL_TRIAL=true (every printed page then ' +
            'says "TRIAL - not for print"). See docs/configuration.md.',
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
