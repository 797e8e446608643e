import { mkdtempSync, rmSync } from 'node:fs';
import { access, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { books, contentItems, mediaItems, tocNodes } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { waitForJob } from '../../test/jobs.testing.ts';
import { sweepCron } from './files.jobs.ts';
import { sweepOrphanFiles } from './files.sweep.ts';

const HOUR = 3_600_000;
const GRACE = 24 * HOUR;
let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'bo-sweep-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const fileOf = (key: string) => path.join(dataDir, 'files', key);
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** A real stored file, written `hoursAgo` hours ago (its mtime). */
async function stored(hoursAgo: number, bytes = 'x'.repeat(100)) {
  const file = await t.app.deps.storage.put(Readable.from([Buffer.from(bytes)]), {
    contentType: 'application/octet-stream',
  });
  const when = new Date(Date.now() - hoursAgo * HOUR);
  await utimes(fileOf(file.key), when, when);
  return file.key;
}

describe('orphan sweep', () => {
  it('removes old files no row holds (file and sidecar), keeps held and recent ones', async () => {
    const db = t.app.deps.db;
    const orphan = await stored(30);
    const fresh = await stored(2);
    const [cover, media, thumb, pdf] = await Promise.all([
      stored(100),
      stored(100),
      stored(100),
      stored(100),
    ]);
    const [book] = await db
      .insert(books)
      .values({
        isbn: '9780306406157',
        title: 'Held',
        language: 'English',
        status: 'draft',
        coverFileKey: cover,
      })
      .returning();
    await db.insert(mediaItems).values({
      kind: 'video',
      title: 'Held video',
      source: 'upload',
      fileKey: media,
      thumbnailKey: thumb,
      language: 'English',
      status: 'active',
    });
    const [node] = await db
      .insert(tocNodes)
      .values({ bookId: book!.id, kind: 'chapter', title: 'One', position: 0 })
      .returning();
    await db
      .insert(contentItems)
      .values({ nodeId: node!.id, kind: 'pdf', title: 'Sheet', position: 0, fileKey: pdf });

    const result = await sweepOrphanFiles(t.app.deps, GRACE);
    expect(result).toEqual({ scanned: 6, removed: 1, removedBytes: 100, failed: 0 });
    expect(await exists(fileOf(orphan))).toBe(false);
    expect(await exists(`${fileOf(orphan)}.json`)).toBe(false);
    for (const key of [fresh, cover, media, thumb, pdf]) {
      expect(await t.app.deps.storage.stat(key), key).not.toBeNull();
    }
    // Nothing left to do: a second sweep removes nothing.
    expect((await sweepOrphanFiles(t.app.deps, GRACE)).removed).toBe(0);
  });

  it('goes on past a file it cannot remove, and counts it', async () => {
    const stuck = await stored(48);
    const other = await stored(48);
    const storage = t.app.deps.storage;
    const result = await sweepOrphanFiles(
      {
        ...t.app.deps,
        storage: {
          ...storage,
          list: () => storage.list(),
          delete: (key) =>
            key === stuck ? Promise.reject(new Error('disk says no')) : storage.delete(key),
        },
      },
      GRACE,
    );
    expect(result).toMatchObject({ removed: 1, failed: 1 });
    expect(await storage.stat(stuck)).not.toBeNull();
    expect(await storage.stat(other)).toBeNull();
    await storage.delete(stuck);
  });

  it('ends after the file it is on when told to stop (shutdown)', async () => {
    const keys = [await stored(48), await stored(48), await stored(48)];
    const storage = t.app.deps.storage;
    const stop = new AbortController();
    const result = await sweepOrphanFiles(
      {
        ...t.app.deps,
        storage: {
          ...storage,
          list: () => storage.list(),
          delete: async (key) => {
            await storage.delete(key);
            stop.abort();
          },
        },
      },
      GRACE,
      stop.signal,
    );
    expect(result.removed).toBe(1);
    const left = await Promise.all(keys.map((k) => storage.stat(k)));
    expect(left.filter(Boolean)).toHaveLength(2);
    expect((await sweepOrphanFiles(t.app.deps, GRACE)).removed).toBe(2);
  });

  it('runs as a scheduled job: cron only when the interval is set, and a tick within the interval skips', async () => {
    const cfg = (hours: string) =>
      loadConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: 'x'.repeat(40),
        FILE_SWEEP_INTERVAL_HOURS: hours,
      });
    expect(sweepCron(cfg('0'))).toBeUndefined();
    expect(sweepCron(cfg('6'))).toBe('0 * * * *');
    expect(sweepCron(cfg('0.25'))).toBe('* * * * *');
    // The test app runs with the default 6 h: the queue holds the schedule.
    const schedules = await t.app.deps.jobs.boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron])).toContainEqual(['files.sweep', '0 * * * *']);

    const off = await stored(48);
    const first = await t.app.deps.jobs.enqueue(t.app.deps.db, 'files.sweep', {});
    const done = await waitForJob(t.app, first!);
    expect(done).toMatchObject({ state: 'completed', output: { result: { removed: 1 } } });
    expect(await t.app.deps.storage.stat(off)).toBeNull();

    // A tick an instant later is within the 6 h: it leaves a new orphan alone.
    const next = await stored(48);
    const tick = await t.app.deps.jobs.enqueue(t.app.deps.db, 'files.sweep', {});
    expect(await waitForJob(t.app, tick!)).toMatchObject({
      state: 'completed',
      output: { result: { skipped: true } },
    });
    expect(await t.app.deps.storage.stat(next)).not.toBeNull();
    await t.app.deps.storage.delete(next);
  });

  it('is configured in hours: 24 h grace and every 6 h by default; a grace under an hour or an interval over 24 days is refused', () => {
    const base = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).fileSweep).toEqual({ graceMs: 24 * HOUR, intervalMs: 6 * HOUR });
    expect(
      loadConfig({ ...base, FILE_SWEEP_GRACE_HOURS: '72', FILE_SWEEP_INTERVAL_HOURS: '0' })
        .fileSweep,
    ).toEqual({ graceMs: 72 * HOUR, intervalMs: 0 });
    expect(() => loadConfig({ ...base, FILE_SWEEP_GRACE_HOURS: '0' })).toThrow(
      /FILE_SWEEP_GRACE_HOURS/,
    );
    // Beyond 2^31-1 ms Node would fire the interval every millisecond.
    expect(loadConfig({ ...base, FILE_SWEEP_INTERVAL_HOURS: '576' }).fileSweep.intervalMs).toBe(
      576 * HOUR,
    );
    expect(() => loadConfig({ ...base, FILE_SWEEP_INTERVAL_HOURS: '720' })).toThrow(
      /FILE_SWEEP_INTERVAL_HOURS/,
    );
  });
});
