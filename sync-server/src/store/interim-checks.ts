import { periodEndDate, periodOfDate, type ReportPeriod, type ReportType } from '@fcf/engine';
import type { Database } from '../db/database.ts';
import { periodText } from '../ingest/errors.ts';
import type { ParsedStatementFile } from '../ingest/index.ts';
import { storedPeriods } from './statements.ts';

/**
 * Checks of interim reports that span files (docs/model.md section 1): a quarter's balance sheet needs the
 * same quarter's income statement, and a year-to-date report needs an annual report of its year or the
 * year before, to derive single quarters and trailing twelve months from. What a batch brings counts with
 * what is stored, so a company's three statement files may come in one upload in any order.
 */

/** A report the company has: its type, fiscal year and period. */
interface HeldReport {
  readonly reportType: ReportType;
  readonly year: number;
  readonly period: ReportPeriod;
}

function reportsOfFile(file: ParsedStatementFile): HeldReport[] {
  const held: HeldReport[] = [];
  for (const report of file.reports) {
    for (const year of Object.keys(report.years))
      held.push({ reportType: report.reportType, year: Number(year), period: 'FY' });
    for (const date of Object.keys(report.interims ?? {})) {
      const period = periodOfDate(date);
      if (period) held.push({ reportType: report.reportType, ...period });
    }
  }
  return held;
}

const key = (reportType: ReportType, year: number, period: ReportPeriod) => `${reportType}|${year}|${period}`;

/** Shown in a refusal: the first three periods, and how many there are in all. */
function listed(periods: readonly string[]): string {
  const more = periods.length > 3 ? ` 等 ${periods.length} 期` : '';
  return `${periods.slice(0, 3).join('、')}${more}`;
}

/**
 * What one file of a batch lacks, as the reason to refuse it; null when nothing. `batch`: the other files
 * of the upload that were read (their reports count as the company's).
 */
export function interimProblem(
  db: Database,
  file: ParsedStatementFile,
  batch: readonly ParsedStatementFile[],
): string | null {
  const own = reportsOfFile(file);
  const interims = own.filter((report) => report.period !== 'FY');
  if (interims.length === 0) return null;
  const held = new Set<string>();
  const annualYears = new Set<number>();
  const hold = (report: HeldReport) => {
    held.add(key(report.reportType, report.year, report.period));
    if (report.period === 'FY') annualYears.add(report.year);
  };
  for (const stored of storedPeriods(db, file.company.code)) {
    hold({ reportType: stored.report_type, year: stored.year, period: stored.period });
  }
  for (const other of [file, ...batch])
    if (other.company.code === file.company.code) reportsOfFile(other).forEach(hold);

  const balanceOnly = interims
    .filter((report) => report.reportType === 'balance_sheet')
    .filter((report) => !held.has(key('income_statement', report.year, report.period)))
    .map((report) => periodText(report.year, report.period));
  if (balanceOnly.length > 0) {
    return `${listed(balanceOnly)}只有资产负债表，没有同期利润表：请把同期利润表一起上传（可在同一次上传中）`;
  }
  const orphans = [...new Set(interims.map((report) => periodEndDate(report.year, report.period)))]
    .map((date) => periodOfDate(date))
    .filter((period) => period !== undefined)
    .filter(({ year }) => !annualYears.has(year) && !annualYears.has(year - 1));
  const first = orphans[0];
  if (first) {
    return (
      `${listed(orphans.map(({ year, period }) => periodText(year, period)))}为年初至今的季报数据，` +
      `但 ${first.year - 1} 年与 ${first.year} 年都没有年报：无法推算单季度与滚动十二个月数据，请同时上传年报`
    );
  }
  return null;
}
