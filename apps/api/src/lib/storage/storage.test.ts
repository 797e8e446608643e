import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createStorage } from '../../plugins/storage.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { STORAGE_DRIVERS, type StorageUnderTest } from '../../test/storage-drivers.ts';
import { newKey, type Storage } from './storage.ts';

/**
 * The Storage contract, run the same against every driver: the local
 * directory and an S3 bucket on a real S3-protocol server. Each driver is
 * built from configuration, as the server builds it.
 */
describe.each(STORAGE_DRIVERS)('storage on $name', ({ name, start }) => {
  let under: StorageUnderTest;
  let storage: Storage;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bo-storage-driver-'));
    under = await start(dataDir);
    storage = createStorage(
      loadConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
        ...under.env,
      }),
    );
    await storage.check?.();
  });
  afterAll(async () => {
    await under?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const read = async (stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };
  const keys = async () => {
    const all: string[] = [];
    for await (const f of storage.list()) all.push(f.key);
    return all.sort();
  };
  const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

  it('streams a file in and reads it back whole and by byte ranges', async () => {
    const bytes = randomBytes(3000);
    const stored = await storage.put(
      Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
      { contentType: 'application/pdf' },
    );
    expect(stored).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/),
      size: 3000,
      sha256: sha256(bytes),
      contentType: 'application/pdf',
    });
    expect(await storage.stat(stored.key)).toEqual(stored);
    expect((await read(await storage.get(stored.key))).equals(bytes)).toBe(true);
    const middle = await read(await storage.get(stored.key, { start: 10, end: 19 }));
    expect(middle.equals(bytes.subarray(10, 20))).toBe(true);
    const last = await read(await storage.get(stored.key, { start: 2999, end: 2999 }));
    expect(last.equals(bytes.subarray(2999))).toBe(true);
  });

  it('keeps an empty file', async () => {
    const stored = await storage.put(Readable.from([]), { contentType: 'image/png' });
    expect(stored.size).toBe(0);
    expect(await storage.stat(stored.key)).toMatchObject({ size: 0, contentType: 'image/png' });
    expect((await read(await storage.get(stored.key))).length).toBe(0);
  });

  it('keeps nothing of a body that fails, and rejects with its error', async () => {
    const before = await under.files();
    const failing = (bytes: number) =>
      Readable.from(
        (async function* () {
          for (let sent = 0; sent < bytes; sent += 1024 * 1024) yield Buffer.alloc(1024 * 1024, 1);
          throw new Error('the client went away');
        })(),
      );
    // Within the first part, and after parts have gone up (S3: a multipart upload).
    for (const size of [1024 * 1024, 17 * 1024 * 1024]) {
      await expect(storage.put(failing(size), { contentType: 'video/mp4' })).rejects.toThrow(
        'the client went away',
      );
    }
    expect(await under.files()).toEqual(before);
  });

  it('knows no unknown or malformed key: get 404, stat null, delete no error', async () => {
    const real = await storage.put(Readable.from([Buffer.from('x')]), {
      contentType: 'application/pdf',
    });
    for (const key of [newKey(), '../../etc/passwd', `${real.key}.json`, 'ab/cd/../../x', '']) {
      await expect(storage.get(key)).rejects.toMatchObject({ status: 404 });
      expect(await storage.stat(key)).toBeNull();
      await expect(storage.delete(key)).resolves.toBeUndefined();
    }
    expect(await storage.stat(real.key)).not.toBeNull();
  });

  it('lists what is stored with size and time; delete removes it for good', async () => {
    const a = await storage.put(Readable.from([Buffer.alloc(10)]), { contentType: 'image/png' });
    const b = await storage.put(Readable.from([Buffer.alloc(20)]), { contentType: 'image/png' });
    const listed = new Map<string, { size: number; modifiedAt: Date }>();
    for await (const f of storage.list()) listed.set(f.key, f);
    expect(listed.get(a.key)?.size).toBe(10);
    expect(listed.get(b.key)?.size).toBe(20);
    const age = Date.now() - listed.get(a.key)!.modifiedAt.getTime();
    expect(age).toBeGreaterThan(-5_000);
    expect(age).toBeLessThan(60_000);
    // Only keys: no metadata or partial entries.
    expect([...listed.keys()].every((k) => /^[0-9a-f/-]+$/.test(k))).toBe(true);

    await storage.delete(a.key);
    expect(await storage.stat(a.key)).toBeNull();
    await expect(storage.get(a.key)).rejects.toMatchObject({ status: 404 });
    expect(await keys()).not.toContain(a.key);
    expect(await keys()).toContain(b.key);
    await storage.delete(a.key);
  });

  it('streams a large file up without holding it whole, and seeks across part boundaries', async () => {
    const MB = 1024 * 1024;
    const block = randomBytes(MB);
    const total = 20;
    const hash = createHash('sha256');
    const seen = under.requests.length;
    const partSent = () =>
      under.requests
        .slice(seen)
        .some((r) => r.method === 'PUT' && /[?&]partNumber=1(&|$)/.test(r.url));
    const body = Readable.from(
      (async function* () {
        for (let i = 0; i < total; i++) {
          // S3: half-way through the body, the first part must already be on the
          // server; a driver that buffered the whole body would never get here.
          if (name === 'S3 bucket' && i === 12) {
            const until = Date.now() + 10_000;
            while (!partSent()) {
              if (Date.now() > until) throw new Error('no part was sent while the body streamed');
              await new Promise((r) => setTimeout(r, 20));
            }
          }
          const chunk = Buffer.from(block);
          chunk[0] = i;
          hash.update(chunk);
          yield chunk;
        }
      })(),
    );
    const stored = await storage.put(body, { contentType: 'video/mp4' });
    expect(stored).toMatchObject({ size: total * MB, sha256: hash.digest('hex') });
    const across = await read(
      await storage.get(stored.key, { start: 8 * MB - 2, end: 8 * MB + 1 }),
    );
    expect([...across]).toEqual([block[MB - 2], block[MB - 1], 8, block[1]]);
    const whole = createHash('sha256').update(await read(await storage.get(stored.key)));
    expect(whole.digest('hex')).toBe(stored.sha256);
  });
});

describe('S3 storage at start', () => {
  it('refuses a bucket that does not exist, or credentials the server does not know, saying which', async () => {
    const server = await startS3Server();
    try {
      const config = (env: Record<string, string>) =>
        loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32), ...server.env, ...env });
      await expect(
        createStorage(config({ S3_BUCKET: 'no-such-bucket' })).check?.(),
      ).rejects.toThrow(
        'Object storage: bucket "no-such-bucket" cannot be used: it does not exist',
      );
      await expect(
        createStorage(
          config({ S3_ACCESS_KEY_ID: 'WRONG', S3_SECRET_ACCESS_KEY: 'WRONG' }),
        ).check?.(),
      ).rejects.toThrow(/access is refused/);
      expect(() => config({ S3_SECRET_ACCESS_KEY: '' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    } finally {
      await server.close();
    }
  });
});
