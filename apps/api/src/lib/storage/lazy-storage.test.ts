import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { lazyStorage } from './lazy-storage.ts';
import { localStorage } from './local-storage.ts';

describe('lazyStorage', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lazy-storage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes the driver once, on first use, and forwards every call to it', async () => {
    let loads = 0;
    const store = lazyStorage(async () => {
      loads += 1;
      return localStorage(dir);
    });
    expect(loads).toBe(0);
    const stored = await store.put(Readable.from([Buffer.from('hello')]), {
      contentType: 'text/plain',
    });
    expect(await store.stat(stored.key)).toEqual(stored);
    const keys: string[] = [];
    for await (const file of store.list()) keys.push(file.key);
    expect(keys).toEqual([stored.key]);
    await store.delete(stored.key);
    expect(await store.stat(stored.key)).toBeNull();
    expect(loads).toBe(1);
  });

  it('tries to load again after a failed load', async () => {
    let loads = 0;
    const store = lazyStorage(async () => {
      loads += 1;
      if (loads === 1) throw new Error('driver unavailable');
      return localStorage(dir);
    });
    await expect(store.stat('aa/bb/x')).rejects.toThrow('driver unavailable');
    await expect(store.stat('aa/bb/x')).resolves.toBeNull();
    expect(loads).toBe(2);
  });

  it('closes a driver it loaded, and closing one never loaded loads nothing', async () => {
    let loads = 0;
    let closed = 0;
    const make = () =>
      lazyStorage(async () => {
        loads += 1;
        return {
          ...localStorage(dir),
          close: () => {
            closed += 1;
          },
        };
      });
    make().close?.();
    expect([loads, closed]).toEqual([0, 0]);
    const used = make();
    await used.stat('aa/bb/x');
    used.close?.();
    expect([loads, closed]).toEqual([1, 1]);
  });
});
