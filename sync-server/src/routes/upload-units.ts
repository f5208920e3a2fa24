import { UPLOAD_UNITS, type UploadAnswer } from '@fcf/engine/contract';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { isChosenUnit, type UnitChoice } from '../ingest/index.ts';
import type { ImportResult, ParsedSource } from '../store/import-statement-file.ts';
import { proposeUnit } from '../store/unit-proposals.ts';
import { type UploadedFile, type UploadForm, uploadedFileName } from './upload-form.ts';

/** The form field of the unit for one file: `unit:<file name>`. */
export const FILE_UNIT_FIELD_PREFIX = 'unit:';

const INVALID_UNIT = `金额单位只能是 ${UPLOAD_UNITS.join('、')}（字段 unit 或 unit:<文件名>）`;

export const UNITS_NEEDED_MESSAGE =
  '以下文件未注明金额单位：请确认建议的单位或选择 元/万元/亿元 后重新上传，本次未导入任何文件';

function chosen(value: string | undefined): UnitChoice['unit'] | undefined {
  if (value === undefined) return undefined;
  if (!isChosenUnit(value)) throw new ApiError(400, INVALID_UNIT);
  return value;
}

/**
 * The unit chosen for each file of an upload: its own `unit:<file name>`, else the upload's `unit`; a
 * value that is no unit is refused (400) before any file is read.
 */
export function uploadUnits(form: UploadForm): (filename: string) => UnitChoice | undefined {
  const forAll = chosen(form.text('unit'));
  const byFile = new Map<string, UnitChoice['unit']>();
  for (const file of form.files) {
    const unit = chosen(form.text(`${FILE_UNIT_FIELD_PREFIX}${file.name}`));
    if (unit) byFile.set(file.name, unit);
  }
  return (filename) => {
    const own = byFile.get(filename);
    if (own) return { unit: own, forThisFile: true };
    return forAll ? { unit: forAll, forThisFile: false } : undefined;
  };
}

/**
 * The 422 answer when any file states no amount unit and none was chosen for it: each such file with the
 * proposed unit and why, the other files' outcomes as they were read (none is stored); null when no file
 * needs a unit.
 */
export function unitsNeededAnswer(
  db: Database,
  files: readonly UploadedFile[],
  parsed: readonly (ParsedSource | ImportResult | symbol)[],
): UploadAnswer | null {
  const needed = files.flatMap((file, index) => {
    const entry = parsed[index];
    if (typeof entry !== 'object' || !('outcome' in entry)) return [];
    const { outcome } = entry;
    if (outcome.ok || !outcome.unitNeeded) return [];
    const proposal = proposeUnit(db, outcome.unitNeeded);
    return [
      {
        filename: uploadedFileName(file),
        company: outcome.unitNeeded.company?.name ?? null,
        proposal: proposal.unit,
        reason: proposal.reason,
      },
    ];
  });
  if (needed.length === 0) return null;
  return {
    success: false,
    uploaded_files: files.map((file, index) => ({
      filename: uploadedFileName(file),
      success: false,
      error: errorOf(parsed[index]),
    })),
    affected_companies: [],
    units_needed: needed,
    message: UNITS_NEEDED_MESSAGE,
    detail: needed.map((entry) => `${entry.filename}：${entry.reason}`).join('；'),
  };
}

/** Why a file of a 422 answer was not imported: its own refusal, its unit, or the batch's units. */
function errorOf(entry: ParsedSource | ImportResult | symbol | undefined): string {
  if (typeof entry !== 'object') return '未导入：同批文件需先确认金额单位';
  if (!('outcome' in entry)) return entry.success ? '未导入：同批文件需先确认金额单位' : entry.error;
  const { outcome } = entry;
  if (outcome.ok) return '未导入：同批文件需先确认金额单位';
  return outcome.unitNeeded ? '未注明金额单位：请选择单位后重新上传' : outcome.error;
}
