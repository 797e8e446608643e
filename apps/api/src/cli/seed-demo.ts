import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { MAX_BOOKS, seedDemo } from '../modules/demo/seed.ts';
import { createStorage } from '../plugins/storage.ts';

/**
 * npm run seed:demo [-- --books N]
 * Loads the demo curriculum, books with TOCs and content, and media
 * (modules/demo/seed.ts). Safe to
 * run again: what exists is kept. Goes through the data-directory lock, so it
 * refuses to run while a server holds the embedded database.
 */
async function main() {
  const { values } = parseArgs({ options: { books: { type: 'string', default: '50' } } });
  const books = Number(values.books);
  if (!/^\d+$/.test(values.books ?? '') || books > MAX_BOOKS) {
    throw new Error(
      `Usage: npm run seed:demo [-- --books N]   (N from 0 to ${MAX_BOOKS}, default 50)`,
    );
  }
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 }
      : { kind: 'pglite', dataDir: config.dataDir, purpose: 'seed:demo' },
  );
  try {
    const r = await seedDemo({ db: database.db, storage: createStorage(config) }, { books });
    const added = Object.values(r).reduce((a, b) => a + b, 0);
    console.log(
      added === 0
        ? 'Demo data already loaded: nothing added.'
        : `Demo data added: ${r.subjects} subjects, ${r.chapters} chapters, ${r.topics} topics, ` +
            `${r.books} books (${r.extraIsbns} extra ISBNs), ${r.media} media items, ` +
            `${r.tocNodes} TOC nodes, ${r.contentItems} content items.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
