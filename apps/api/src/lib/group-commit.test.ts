import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.ts';

describe('groupCommit', () => {
  it('sends the writes of one turn together, those arriving meanwhile in the next, each caller its own result', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const write = groupCommit(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
      return items.map((n) => n * 10);
    });
    const first = [1, 2].map(write);
    // The next turn: the first batch is under way.
    await new Promise((r) => setImmediate(r));
    const rest = [3, 4, 5].map(write);
    release();
    expect(await Promise.all(first)).toEqual([10, 20]);
    expect(await Promise.all(rest)).toEqual([30, 40, 50]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('fails the callers of a failed batch only, and goes on with the next', async () => {
    let calls = 0;
    let release: () => void = () => {};
    const write = groupCommit(async (items: string[]) => {
      calls += 1;
      if (calls === 1) {
        await new Promise<void>((r) => (release = r));
        throw new Error('database gone');
      }
      return items.map((s) => s.toUpperCase());
    });
    const failed = write('a');
    await new Promise((r) => setImmediate(r));
    const later = write('b');
    release();
    await expect(failed).rejects.toThrow('database gone');
    expect(await later).toBe('B');
  });

  it('keeps batches to their largest size', async () => {
    const sizes: number[] = [];
    let release: () => void = () => {};
    const write = groupCommit(async (items: number[]) => {
      sizes.push(items.length);
      if (sizes.length === 1) await new Promise<void>((r) => (release = r));
      return items;
    }, 2);
    const all = [0, 1, 2, 3, 4].map(write);
    await new Promise((r) => setImmediate(r));
    release();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4]);
    expect(sizes).toEqual([2, 2, 1]);
  });
});
