/** Right-aligned tabular figure; negatives red, empties muted. */
export function numberCellClass(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'num is-empty';
  return value < 0 ? 'num is-negative' : 'num';
}
