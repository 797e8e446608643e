import { describe, expect, it } from 'vitest';
import { orderAfterMove, orderBySections } from './builder-order.ts';

const items = [
  { id: 1, sectionId: null },
  { id: 2, sectionId: 10 },
  { id: 3, sectionId: 10 },
  { id: 4, sectionId: 20 },
];
const ids = (list: { id: number }[]) => list.map((i) => i.id);

describe('the builder’s order', () => {
  it('puts items outside any section first, then each section’s in the sections’ order', () => {
    expect(ids(orderBySections(items, [10, 20]))).toEqual([1, 2, 3, 4]);
    expect(ids(orderBySections(items, [20, 10]))).toEqual([1, 4, 2, 3]);
  });

  it('moves an item to the end of another section, or out of any', () => {
    expect(orderAfterMove(items, [10, 20], [2], 20)).toEqual([1, 3, 4, 2]);
    expect(orderAfterMove(items, [10, 20], [4], 10)).toEqual([1, 2, 3, 4]);
    expect(orderAfterMove(items, [10, 20], [3], null)).toEqual([1, 3, 2, 4]);
    expect(orderAfterMove(items, [10, 20], [99], 10)).toEqual([1, 2, 3, 4]);
  });

  it('moves several items together, keeping their order among themselves', () => {
    expect(orderAfterMove(items, [10, 20], [4, 1], 10)).toEqual([2, 3, 1, 4]);
    expect(orderAfterMove(items, [10, 20], [1, 3], 20)).toEqual([2, 4, 1, 3]);
  });
});
