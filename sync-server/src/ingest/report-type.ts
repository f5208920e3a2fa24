import type { ReportType } from '@fcf/engine';
import { reportTypeByLabels } from './synonyms.ts';

/** NetEase names its exports lrb<code>.csv, zcfzb<code>.csv and xjllb<code>.csv. */
const NETEASE_PREFIXES: readonly [RegExp, ReportType][] = [
  [/^lrb/i, 'income_statement'],
  [/^zcfzb/i, 'balance_sheet'],
  [/^xjllb/i, 'cash_flow'],
];

const TITLE_WORDS: readonly [RegExp, ReportType][] = [
  [/利润表|损益表/, 'income_statement'],
  [/资产负债表/, 'balance_sheet'],
  [/现金流量表/, 'cash_flow'],
  [/主要财务指标|财务摘要|财务指标/, 'financial_summary'],
];

export function reportTypeFromFilename(filename: string): ReportType | undefined {
  const base = filename.replace(/^.*[\\/]/, '');
  return NETEASE_PREFIXES.find(([prefix]) => prefix.test(base))?.[1] ?? reportTypeFromTitle(base);
}

function reportTypeFromTitle(title: string): ReportType | undefined {
  return TITLE_WORDS.find(([words]) => words.test(title))?.[1];
}

export interface SheetTypeClues {
  sheetName: string;
  /** Cells above the header row, such as '美的集团 利润表'. */
  titleCells: readonly string[];
  filenameType: ReportType | undefined;
  labels: readonly string[];
}

/**
 * What a sheet says about itself (its name, its title) is more specific than the file name, which covers
 * every sheet; the items decide only when no name does.
 */
export function resolveReportType(clues: SheetTypeClues): ReportType | undefined {
  return (
    reportTypeFromTitle(clues.sheetName) ??
    reportTypeFromTitle(clues.titleCells.join(' ')) ??
    clues.filenameType ??
    reportTypeByLabels(clues.labels)
  );
}
