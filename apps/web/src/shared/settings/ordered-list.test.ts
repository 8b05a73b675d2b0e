import { describe, expect, it } from 'vitest';
import { moveId } from './ordered-list';

describe('moving an item of an ordered list', () => {
  it('swaps it with the neighbour above or below, and stays put at the ends', () => {
    expect(moveId([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moveId([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moveId([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveId([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
