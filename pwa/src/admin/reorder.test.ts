import { describe, expect, it } from 'vitest';
import { byOrder, canMove, moveItem, nextSortOrder, swapNeighbours } from './reorder.ts';

const list = (...orders: number[]) => orders.map((sort_order, index) => ({ id: index + 1, sort_order }));
const ids = (items: readonly { id: number }[]) => items.map((item) => item.id);

describe('moveItem', () => {
  it('swaps with the neighbour and renumbers 1..n', () => {
    const moved = moveItem(list(10, 20, 35), 2, 'up');
    expect(moved).toEqual([
      { id: 1, sort_order: 1 },
      { id: 3, sort_order: 2 },
      { id: 2, sort_order: 3 },
    ]);
    expect(ids(moveItem(list(1, 2, 3), 0, 'down') ?? [])).toEqual([2, 1, 3]);
  });

  it('refuses to move the first up, the last down, or an index outside the list', () => {
    expect(moveItem(list(1, 2), 0, 'up')).toBeNull();
    expect(moveItem(list(1, 2), 1, 'down')).toBeNull();
    expect(moveItem(list(1, 2), 5, 'up')).toBeNull();
    expect(moveItem([], 0, 'down')).toBeNull();
  });

  it('leaves the input untouched', () => {
    const items = list(3, 1);
    moveItem(items, 0, 'down');
    expect(items).toEqual(list(3, 1));
  });
});

describe('canMove', () => {
  it('allows up from the second item and down up to the second last', () => {
    expect([0, 1, 2].map((index) => canMove(index, 3, 'up'))).toEqual([false, true, true]);
    expect([0, 1, 2].map((index) => canMove(index, 3, 'down'))).toEqual([true, true, false]);
    expect(canMove(0, 1, 'up') || canMove(0, 1, 'down')).toBe(false);
  });
});

describe('swapNeighbours', () => {
  it('exchanges the two sort_order values and reports just those two items', () => {
    const swap = swapNeighbours(list(3, 4, 8), 1, 'down');
    expect(swap?.items).toEqual([
      { id: 1, sort_order: 3 },
      { id: 3, sort_order: 4 },
      { id: 2, sort_order: 8 },
    ]);
    expect(swap?.changed).toEqual([
      { id: 2, sort_order: 8 },
      { id: 3, sort_order: 4 },
    ]);
  });

  it('renumbers when the neighbours share a value, reporting every item that changed', () => {
    const swap = swapNeighbours(list(1, 5, 5), 2, 'up');
    expect(ids(swap?.items ?? [])).toEqual([1, 3, 2]);
    expect(swap?.changed).toEqual([
      { id: 3, sort_order: 2 },
      { id: 2, sort_order: 3 },
    ]);
  });

  it('refuses the ends', () => {
    expect(swapNeighbours(list(1, 2), 0, 'up')).toBeNull();
    expect(swapNeighbours(list(1, 2), 1, 'down')).toBeNull();
  });
});

describe('ordering helpers', () => {
  it('sorts by sort_order, then id', () => {
    expect(ids(byOrder([{ id: 4, sort_order: 2 }, ...list(2, 1, 2)]))).toEqual([2, 1, 3, 4]);
  });

  it('puts a new menu after the largest sort_order', () => {
    expect(nextSortOrder(list(3, 9, 4))).toBe(10);
    expect(nextSortOrder([])).toBe(1);
  });
});
