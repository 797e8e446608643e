import { describe, expect, it } from 'vitest';
import { inOrder, moveId } from './ordering.ts';

describe('moveId', () => {
  it('moves up and down, and refuses past either end', () => {
    expect(moveId([1, 2, 3], 3, -1)).toEqual([1, 3, 2]);
    expect(moveId([1, 2, 3], 1, 1)).toEqual([2, 1, 3]);
    expect(moveId([1, 2, 3], 1, 2)).toEqual([2, 3, 1]);
    expect(moveId([1, 2, 3], 1, -1)).toBeNull();
    expect(moveId([1, 2, 3], 3, 1)).toBeNull();
    expect(moveId([1, 2, 3], 9, 1)).toBeNull();
    expect(moveId([1, 2, 3], 2, 0)).toBeNull();
  });

  it('leaves the given list untouched', () => {
    const ids = [1, 2];
    moveId(ids, 1, 1);
    expect(ids).toEqual([1, 2]);
  });
});

describe('inOrder', () => {
  const items = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it('follows the pending ids, and the items as they are when none or stale', () => {
    expect(inOrder(items, [3, 1, 2]).map((i) => i.id)).toEqual([3, 1, 2]);
    expect(inOrder(items, null)).toBe(items);
    expect(inOrder(items, [1, 2])).toBe(items);
    expect(inOrder(items, [1, 2, 9])).toBe(items);
  });
});
