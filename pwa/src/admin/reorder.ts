/** Menu ordering: pure, so the rules are tested apart from the pages. */

export interface Ordered {
  readonly id: number;
  readonly sort_order: number;
}

export type Direction = 'up' | 'down';

/** Ascending sort_order; equal orders keep the server's tie-break (id). */
export function byOrder<Item extends Ordered>(items: readonly Item[]): Item[] {
  return [...items].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
}

/** The first item cannot go up and the last cannot go down. */
export function canMove(index: number, length: number, direction: Direction): boolean {
  if (index < 0 || index >= length) return false;
  return direction === 'up' ? index > 0 : index < length - 1;
}

/** Swaps the item with its neighbour and renumbers the list 1..n; null when it cannot move that way. */
export function moveItem<Item extends Ordered>(items: readonly Item[], index: number, direction: Direction) {
  if (!canMove(index, items.length, direction)) return null;
  const target = direction === 'up' ? index - 1 : index + 1;
  const next = [...items];
  [next[index], next[target]] = [next[target] as Item, next[index] as Item];
  return next.map((item, position) => ({ ...item, sort_order: position + 1 }));
}

/**
 * Swaps two neighbours by exchanging their sort_order values, so only those two items change (two
 * PUTs). Equal values cannot be exchanged meaningfully, so then the list is renumbered and every item
 * whose value changed is returned.
 */
export function swapNeighbours<Item extends Ordered>(
  items: readonly Item[],
  index: number,
  direction: Direction,
): { readonly items: Item[]; readonly changed: Item[] } | null {
  if (!canMove(index, items.length, direction)) return null;
  const target = direction === 'up' ? index - 1 : index + 1;
  const moving = items[index] as Item;
  const other = items[target] as Item;
  if (moving.sort_order !== other.sort_order) {
    const next = [...items];
    next[index] = { ...other, sort_order: moving.sort_order };
    next[target] = { ...moving, sort_order: other.sort_order };
    return { items: next, changed: [next[target] as Item, next[index] as Item] };
  }
  const renumbered = moveItem(items, index, direction) ?? [...items];
  const before = new Map(items.map((item) => [item.id, item.sort_order]));
  return { items: renumbered, changed: renumbered.filter((item) => before.get(item.id) !== item.sort_order) };
}

/** A new menu goes last: the largest sort_order + 1 (1 for an empty list). */
export function nextSortOrder(items: readonly Ordered[]): number {
  return items.reduce((max, item) => Math.max(max, item.sort_order), 0) + 1;
}
