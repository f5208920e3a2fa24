/**
 * How old a valuation's data is. A-share annual reports come out by the end of April of the next year, so
 * the year-Y report is the latest until 30 April of Y+2; after that a newer one exists and values based on
 * year Y are stale. (The engine's `stale_report` warning, where a value carries it, says the same; this
 * is the fallback from the latest report year and today's date.)
 */

/** The month (0-based: 4 = May) from which the next annual report is out. */
const REPORTS_OUT_BY_MONTH = 4;

export function isReportStale(latestYear: number, today = new Date()): boolean {
  return today >= new Date(latestYear + 2, REPORTS_OUT_BY_MONTH, 1);
}

/** '基于 2019 年报'. */
export function dataDateText(latestYear: number): string {
  return `基于 ${latestYear} 年报`;
}
