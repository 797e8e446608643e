import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { admins, books } from '../../db/schema/index.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { demoIsbn, seedBooks } from './demo.books.ts';
import { seedCurriculum } from './demo.curriculum.ts';
import { clipKeys, existingMediaTitles, MEDIA, seedMedia, storeFiles } from './demo.media.ts';
import { isbnsWithToc, type StoredPdf, seedTocs, storePdfs, type TocReport } from './demo.toc.ts';

/**
 * `npm run seed:demo`: a realistic curriculum, books with TOCs and content,
 * and a media library for a newcomer. Idempotent by natural keys
 * (subject/chapter/topic name within its parent, ISBN, media title, a book
 * having a TOC): a second run adds nothing. Everything goes in
 * one transaction; the files (committed clips, generated PDFs) are stored first and removed again if
 * the transaction fails, so a crash leaves no half state.
 */

/**
 * The seed claims its ISBNs under the books service's per-ISBN advisory locks,
 * all held to the end of its one transaction: PostgreSQL's shared lock table
 * (64 × max_connections by default) bounds how many books one run may add.
 */
export const MAX_BOOKS = 2000;

/** What `npm run seed:demo` makes with no options (the README's counts). */
export const DEMO_DEFAULTS = { books: 50, learners: 300, months: 4 } as const;

export interface SeedOptions {
  books?: number;
  /** Demo learners, with `months` of activity (demo.learners.ts). */
  learners?: number;
  months?: number;
}

export interface SeedReport extends TocReport {
  subjects: number;
  chapters: number;
  topics: number;
  books: number;
  extraIsbns: number;
  media: number;
  qrCodes: number;
  learners: number;
}

/** True when the database has neither admins nor books (a fresh install). */
export async function isEmptyInstall(db: Db): Promise<boolean> {
  const [a] = await db.select({ n: count() }).from(admins);
  const [b] = await db.select({ n: count() }).from(books);
  return a?.n === 0 && b?.n === 0;
}

export async function seedDemo(
  deps: { db: Db; storage: Storage },
  opts: SeedOptions = {},
): Promise<SeedReport> {
  const total = opts.books ?? DEMO_DEFAULTS.books;
  if (!Number.isInteger(total) || total < 0 || total > MAX_BOOKS)
    throw new Error(`--books must be a whole number from 0 to ${MAX_BOOKS}`);
  const report: SeedReport = {
    subjects: 0,
    chapters: 0,
    topics: 0,
    books: 0,
    extraIsbns: 0,
    media: 0,
    tocNodes: 0,
    contentItems: 0,
    qrCodes: 0,
    learners: 0,
  };
  const isbns = Array.from({ length: total }, (_, n) => demoIsbn(57, n));
  const before = await existingMediaTitles(deps.db);
  const withToc = await isbnsWithToc(deps.db, isbns);
  const files = await storeFiles(
    deps.storage,
    MEDIA.filter((m) => !before.has(m[2])),
  );
  const pdfs = new Map<string, StoredPdf>();
  const used = new Set<string>();
  try {
    await storePdfs(
      deps.storage,
      isbns.filter((i) => !withToc.has(i)),
      pdfs,
    );
    await deps.db.transaction(async (tx) => {
      const refs = await seedCurriculum(tx, report);
      await seedBooks(tx, refs, total, report);
      await seedMedia(tx, files, used, report);
      await seedTocs(tx, isbns, pdfs, used, report);
      report.qrCodes = await (await import('./demo.qr.ts')).seedQrCodes(tx, isbns);
      await (await import('./demo.questions.ts')).seedQuestions(tx, refs);
      await (await import('./demo.assessments.ts')).seedAssessments(tx, refs);
      report.learners = await (await import('./demo.learners.ts')).seedLearners(
        tx,
        opts.learners ?? DEMO_DEFAULTS.learners,
        opts.months ?? DEMO_DEFAULTS.months,
      );
    });
  } catch (err) {
    used.clear();
    throw err;
  } finally {
    const stored = [
      ...[...files.values()].flatMap(clipKeys),
      ...[...pdfs.values()].map((f) => f.file.key),
    ];
    await Promise.all(stored.filter((k) => !used.has(k)).map((k) => deps.storage.delete(k)));
  }
  return report;
}
