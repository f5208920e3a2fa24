import { periodOfDate, periodReportLabel } from '../../statements/periods.ts';
import { isPeriodStale, STALE_REPORT_MONTHS } from '../../valuation/warnings.ts';

/**
 * The data date every value per share carries ('基于 2019 年报', '基于 2022 三季报 (TTM)'): the report the
 * value rests on, amber when that report is stale. One rule: stale is the engine's `stale_report` warning
 * where the value carries its warnings, else the same 18-month rule reckoned at `asOf` (the caller's today)
 * from the report's period end.
 */

export interface DataDateSpec {
  /** '基于 2019 年报', '基于 2022 三季报 (TTM)'. */
  readonly text: string;
  readonly stale: boolean;
  /** Why it is amber, for a tooltip or a screen reader; null when it is not. */
  readonly reason: string | null;
}

/** The interim report a trailing-twelve-months value rests on, by its period end ('2022-09-30'). */
function interimOf(basePeriod: string | null): { label: string; date: string } | null {
  const period = basePeriod === null ? undefined : periodOfDate(basePeriod);
  if (!period || basePeriod === null || period.period === 'FY') return null;
  return { label: periodReportLabel(period.year, period.period), date: basePeriod };
}

/** The interim report of a trailing-twelve-months base: '2022 三季报'; null for none. */
export function basePeriodLabel(basePeriod: string | null): string | null {
  return interimOf(basePeriod)?.label ?? null;
}

/** '基于 2019 年报'; with the interim report of a trailing-twelve-months base, '基于 2022 三季报 (TTM)'. */
export function dataDateText(latestYear: number, basePeriod: string | null = null): string {
  const interim = interimOf(basePeriod);
  return interim ? `基于 ${interim.label} (TTM)` : `基于 ${latestYear} 年报`;
}

export function dataDateSpec(
  latestYear: number,
  warnings: readonly { readonly code: string }[] | null,
  asOf: string | null = null,
  basePeriod: string | null = null,
): DataDateSpec {
  const interim = interimOf(basePeriod);
  const periodEnd = interim?.date ?? `${latestYear}-12-31`;
  const stale =
    warnings?.some((warning) => warning.code === 'stale_report') === true ||
    (asOf !== null && isPeriodStale(periodEnd, asOf));
  const latest = interim ? `最新报告期为 ${interim.label}` : `最新年报为 ${latestYear} 年`;
  return {
    text: dataDateText(latestYear, basePeriod),
    stale,
    reason: stale ? `数据较旧：${latest}，距今已超过 ${STALE_REPORT_MONTHS} 个月` : null,
  };
}
