import type { RangeSnapshot } from '../../valuation-editor/scenario-sheet.ts';

/** The range each company's panel last showed, for the export ("导出Excel" carries it as a sheet). */
const shown = new Map<string, RangeSnapshot>();

export function keepRangeSnapshot(company: string, snapshot: RangeSnapshot): void {
  shown.set(company, snapshot);
}

export function rangeSnapshotOf(company: string): RangeSnapshot | null {
  return shown.get(company) ?? null;
}
