import type { ReportPeriod } from '@fcf/engine';

/**
 * A report period read from a header cell: a fiscal year and its annual or interim report (year-to-date
 * for income and cash flows, docs/model.md section 1), or `period: null` for a column that names a period
 * but no report the model reads (a forecast '2020E', a single quarter '2019年第三季度', '2019H2'): recognised
 * so that it is skipped quietly.
 */
export interface Period {
  year: number;
  period: ReportPeriod | null;
}

const EARLIEST_YEAR = 1900;
const LATEST_YEAR = 2100;

/** 2019-12-31, 2019/12/31, 2019.12.31, 2019年12月31日, 20191231. */
const FULL_DATE = /^(\d{4})(?:[-/.年](\d{1,2})[-/.月](\d{1,2})日?|(\d{2})(\d{2}))$/;
/** 2019, 2019年, 2019年度, 2019年报, 2019A, 2019FY. */
const ANNUAL_YEAR = /^(\d{4})(?:年|年度|年报|年年报|年度报告|A|FY)?$/i;
/** Year-to-date from January: 2014年1-9月, 2014年1-6月, 2014年01-03月, 2014.1-12. */
const YEAR_TO_DATE = /^(\d{4})(?:年|\.)?0?1[-－—~至到](\d{1,2})月?$/;
/** Report periods by quarter: 2022Q3 (the 三季报, year-to-date), 2022Q4 (the annual report). */
const QUARTER_REPORT = /^(\d{4})Q([1-4])$/i;
/** Interim reports by name: 2022年一季报, 2022中报, 2022半年报, 2022年三季度报告, 2022H1. */
const NAMED_REPORT =
  /^(\d{4})年?(一季报|一季度报告|第一季度报告|中报|半年报|半年度报告|中期报告|H1|三季报|三季度报告|第三季度报告)$/i;
/** Columns that sit beside reports: forecasts, single quarters, second halves. Skipped quietly. */
const OTHER_PERIOD = /^(\d{4})(?:[HE]\d?|年?(?:第?[一二三四]季度|下半年|半年度))$/i;

const REPORT_OF_END_MONTH: Readonly<Record<number, ReportPeriod>> = { 3: 'Q1', 6: 'H1', 9: 'Q3', 12: 'FY' };
const LAST_DAY_OF_QUARTER: Readonly<Record<number, number>> = { 3: 31, 6: 30, 9: 30, 12: 31 };

/** 一季报 → Q1, 三季报 → Q3, 中报 (半年报, 中期报告, H1) → H1. */
function namedReport(name: string): ReportPeriod {
  if (name.includes('一')) return 'Q1';
  return name.includes('三') ? 'Q3' : 'H1';
}

export function parsePeriod(cell: string): Period | undefined {
  const text = cell.replace(/\s/g, '');
  const date = FULL_DATE.exec(text);
  if (date) {
    const year = Number(date[1]);
    const month = Number(date[2] ?? date[4]);
    const day = Number(date[3] ?? date[5]);
    if (!inRange(year) || month < 1 || month > 12 || day < 1 || day > 31) return undefined;
    // A date that ends a quarter ends its report; any other date is no report.
    const report = LAST_DAY_OF_QUARTER[month] === day ? (REPORT_OF_END_MONTH[month] ?? null) : null;
    return { year, period: report };
  }
  const annual = ANNUAL_YEAR.exec(text);
  if (annual) return yearOf(annual[1], 'FY');
  const yearToDate = YEAR_TO_DATE.exec(text);
  if (yearToDate) return yearOf(yearToDate[1], REPORT_OF_END_MONTH[Number(yearToDate[2])] ?? null);
  const quarter = QUARTER_REPORT.exec(text);
  if (quarter) return yearOf(quarter[1], REPORT_OF_END_MONTH[Number(quarter[2]) * 3] ?? null);
  const named = NAMED_REPORT.exec(text);
  if (named) return yearOf(named[1], namedReport(named[2] ?? ''));
  const other = OTHER_PERIOD.exec(text);
  if (other) return yearOf(other[1], null);
  return undefined;
}

function yearOf(text: string | undefined, period: ReportPeriod | null): Period | undefined {
  const year = Number(text);
  return inRange(year) ? { year, period } : undefined;
}

function inRange(year: number): boolean {
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
}
