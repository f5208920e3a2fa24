import { isReportStale, STALE_REPORT_MONTHS } from '../../valuation/warnings.ts';

/**
 * The data date every value per share carries ('基于 2019 年报'): the year of the annual report the value
 * rests on, amber when that report is stale. One rule: stale is the engine's `stale_report` warning where
 * the value carries its warnings, else the same 18-month rule reckoned at `asOf` (the caller's today).
 */

export interface DataDateSpec {
  /** '基于 2019 年报'. */
  readonly text: string;
  readonly stale: boolean;
  /** Why it is amber, for a tooltip or a screen reader; null when it is not. */
  readonly reason: string | null;
}

/** '基于 2019 年报'. */
export function dataDateText(latestYear: number): string {
  return `基于 ${latestYear} 年报`;
}

export function dataDateSpec(
  latestYear: number,
  warnings: readonly { readonly code: string }[] | null,
  asOf: string | null = null,
): DataDateSpec {
  const stale =
    warnings?.some((warning) => warning.code === 'stale_report') === true ||
    (asOf !== null && isReportStale(latestYear, asOf));
  return {
    text: dataDateText(latestYear),
    stale,
    reason: stale ? `数据较旧：最新年报为 ${latestYear} 年，距今已超过 ${STALE_REPORT_MONTHS} 个月` : null,
  };
}
