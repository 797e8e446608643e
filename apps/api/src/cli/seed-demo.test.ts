import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseIsbn } from '@bo/contract';
import { count, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import {
  bookIsbns,
  books,
  chapters,
  contentItems,
  learners,
  mediaItems,
  qrCodes,
  subjects,
  tocNodes,
  topics,
} from '../db/schema/index.ts';
import { localStorage } from '../lib/storage/local-storage.ts';
import { MEDIA } from '../modules/demo/demo.media.ts';
import { isEmptyInstall, seedDemo } from '../modules/demo/seed.ts';
import { openTestDatabase } from '../test/test-database.ts';

let database: Database;
let dir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'bo-seed-'));
});
afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

async function counts() {
  const n = async (t: Parameters<ReturnType<Database['db']['select']>['from']>[0]) =>
    (await database.db.select({ n: count() }).from(t))[0]!.n;
  return {
    subjects: await n(subjects),
    chapters: await n(chapters),
    topics: await n(topics),
    books: await n(books),
    extraIsbns: await n(bookIsbns),
    media: await n(mediaItems),
    tocNodes: await n(tocNodes),
    contentItems: await n(contentItems),
    qrCodes: await n(qrCodes),
    learners: await n(learners),
  };
}

describe('seed:demo', () => {
  it('leaves nothing behind when it fails midway (no rows, no stored files)', async () => {
    const db = database.db;
    // The same database, whose transaction fails after all the seed's work ran in it.
    const crashing = Object.create(db, {
      transaction: {
        value: (fn: (tx: unknown) => Promise<unknown>) =>
          db.transaction(async (tx) => {
            await fn(tx);
            throw new Error('crash');
          }),
      },
    }) as typeof db;
    await expect(
      seedDemo({ db: crashing, storage: localStorage(dir) }, { books: 5 }),
    ).rejects.toThrow('crash');
    expect(Object.values(await counts()).every((v) => v === 0)).toBe(true);
    const left = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) =>
      e.isFile(),
    );
    expect(left).toEqual([]);
  });

  it('loads curriculum, books and media once; a second run adds nothing', async () => {
    const storage = localStorage(dir);
    expect(await isEmptyInstall(database.db)).toBe(true);

    const first = await seedDemo({ db: database.db, storage }, { books: 12 });
    const after = await counts();
    expect(after).toEqual(first);
    expect(first.books).toBe(12);
    expect(first.media).toBe(MEDIA.length);
    expect(first.subjects).toBeGreaterThan(60);
    expect(first.chapters).toBeGreaterThan(first.subjects * 3);
    expect(first.topics).toBeGreaterThan(first.chapters * 3);
    expect(first.extraIsbns).toBeGreaterThan(0);
    expect(await isEmptyInstall(database.db)).toBe(false);

    // Valid ISBN-13s; every item's file (and a video's thumbnail) is in the store, typed, with a duration.
    for (const b of await database.db.select({ isbn: books.isbn }).from(books))
      expect(parseIsbn(b.isbn)).toEqual({ ok: true, isbn: b.isbn });
    const uploads = await database.db
      .select({
        kind: mediaItems.kind,
        key: mediaItems.fileKey,
        thumbnail: mediaItems.thumbnailKey,
        duration: mediaItems.durationSeconds,
      })
      .from(mediaItems)
      .where(isNotNull(mediaItems.fileKey));
    expect(uploads.length).toBe(MEDIA.length);
    for (const u of uploads) {
      const file = await storage.stat(u.key!);
      expect(file?.contentType).toBe(u.kind === 'video' ? 'video/webm' : 'audio/ogg');
      expect(file?.size).toBeGreaterThan(5_000);
      expect(u.duration).toBeGreaterThan(0);
      if (u.kind === 'video')
        expect((await storage.stat(u.thumbnail!))?.contentType).toBe('image/webp');
      else expect(u.thumbnail).toBeNull();
    }

    // Every book has a TOC from its subject's masters, with a stored sample PDF of 2 pages.
    const withToc = await database.db.selectDistinct({ id: tocNodes.bookId }).from(tocNodes);
    expect(withToc.length).toBe(12);
    const pdfs = await database.db
      .select({ key: contentItems.fileKey, pages: contentItems.pages })
      .from(contentItems)
      .where(isNotNull(contentItems.fileKey));
    expect(pdfs.length).toBe(12);
    for (const p of pdfs) {
      expect(p.pages).toBe(2);
      expect((await storage.stat(p.key!))?.contentType).toBe('application/pdf');
    }
    expect(first.contentItems).toBeGreaterThan(24);

    const second = await seedDemo({ db: database.db, storage }, { books: 12 });
    expect(Object.values(second).every((v) => v === 0)).toBe(true);
    expect(await counts()).toEqual(after);

    // More books later: only the new ones are added.
    const more = await seedDemo({ db: database.db, storage }, { books: 15 });
    // Codes are printed for the first twelve books and three videos only, so none are added.
    expect(more).toMatchObject({
      subjects: 0,
      chapters: 0,
      topics: 0,
      books: 3,
      media: 0,
      qrCodes: 0,
    });
    expect(more.tocNodes).toBeGreaterThan(0);
  });
});
