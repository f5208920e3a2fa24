import { type UnitNeededEntry, UPLOAD_UNITS, type UploadUnit } from '@fcf/engine/contract';

/** How the admin answers a request for units: one unit for every file that needs one, or one per file. */
export type UnitMode = 'batch' | 'per-file';

/** The unit most of the files were proposed (the first proposed on a tie), for the batch choice. */
export function batchProposal(entries: readonly UnitNeededEntry[]): UploadUnit {
  const counts = new Map<UploadUnit, number>();
  for (const entry of entries) counts.set(entry.proposal, (counts.get(entry.proposal) ?? 0) + 1);
  let best: UploadUnit = entries[0]?.proposal ?? '万元';
  for (const unit of UPLOAD_UNITS) if ((counts.get(unit) ?? 0) > (counts.get(best) ?? 0)) best = unit;
  return best;
}

/**
 * The form fields that send the chosen units (docs/api.md, upload_excel): `unit` once for the batch (files
 * that state their own unit keep it), or `unit:<file name>` for each file that needs one.
 */
export function unitFields(
  mode: UnitMode,
  batchUnit: UploadUnit,
  perFile: Readonly<Record<string, UploadUnit>>,
  entries: readonly UnitNeededEntry[],
): Record<string, string> {
  if (mode === 'batch') return { unit: batchUnit };
  return Object.fromEntries(
    entries.map((entry) => [`unit:${entry.filename}`, perFile[entry.filename] ?? entry.proposal]),
  );
}
