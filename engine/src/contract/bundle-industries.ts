import * as z from 'zod/mini';
import type { IndustryComparisonView, IndustryMetricComparison } from '../report/industry-comparison-view.ts';
import { envelope } from './envelope.ts';
import { industryComparisonViewSchema, industryMetricStatisticsShape } from './section-answers.ts';

/**
 * `GET /api/data/company-bundles/industries`: every company's 行业对比 for "离线下载全部", apart from the pages of
 * bundles. A company's place in its industry moves with every other company's value, so an edit of one company
 * moves it for the whole industry (制造业 has companies on every page). Given apart, one edit changes this
 * answer and the page of the edited company, not every page (docs/operations.md, "Caching and request limits").
 */

/**
 * A company's place in its industry (its industry is its bundle's): for each metric of its industry's list, its
 * own figure and its place as a count of half ranks, `[value, 2 × below + equal, …]` (null: none). The
 * percentile is that over twice the metric's count, as the engine computes it (`percentileInSorted`), to the
 * bit; a count of up to four digits instead of a double's seventeen (a third of the answer).
 */
const placedFiguresSchema = z
  .array(z.nullable(z.number()))
  .check(
    z.describe(
      '按该行业 metrics 的顺序：[本公司数值, 半名次 2×低于家数+相同家数, …]（分位 = 半名次 ÷ 2 ÷ 家数），无则为 null',
    ),
  );
/** An industry given once: what every company of it shares in 行业对比. */
const pagedIndustrySchema = z.object({
  companies: industryComparisonViewSchema.shape.companies,
  excluded_financial: industryComparisonViewSchema.shape.excluded_financial,
  metrics: z.array(z.object(industryMetricStatisticsShape)),
  top: industryComparisonViewSchema.shape.top,
});

export const bundleIndustriesAnswer = envelope(
  z.object({
    version: z
      .number()
      .check(z.describe('服务器读取时的变更序号：组装后的公司数据包 version 取它与页中 version 的较小者')),
    industries: z
      .record(z.string(), pagedIndustrySchema)
      .check(z.describe('各行业一次：公司数、各指标的名称、中位数与家数、最大公司（top）')),
    comparisons: z
      .record(z.string(), z.record(z.string(), z.nullable(placedFiguresSchema)))
      .check(
        z.describe('按行业、再按公司代码：本公司各指标的数值与名次；null 为无行业对比，缺省（或已改属他行业）为未计算'),
      ),
  }),
);

/** A company's place in its industry as the industries' answer gives it: `[value, half ranks, …]`. */
export type PlacedFigures = readonly (number | null)[];
/** An industry as the industries' answer gives it once. */
export interface PagedIndustry {
  readonly companies: number;
  readonly excluded_financial: number;
  readonly metrics: readonly Omit<IndustryMetricComparison, 'value' | 'percentile'>[];
  readonly top: IndustryComparisonView['top'];
}
/** What `GET /api/data/company-bundles/industries` answers (checked in contract-types.test.ts). */
export interface BundleIndustries {
  readonly version: number;
  readonly industries: Readonly<Record<string, PagedIndustry>>;
  /** By industry, then by company code: a company is placed in the industry it is filed under. */
  readonly comparisons: Readonly<Record<string, Readonly<Record<string, PlacedFigures | null>>>>;
}

/** The half ranks a percentile of `count` figures stands for (`percentileInSorted`: (below + equal / 2) / count). */
function halfRanksOf(percentile: number | null, count: number): number | null {
  if (percentile === null) return null;
  const halves = Math.round(percentile * count * 2);
  // Exact for every percentile the engine computes; anything else would come back changed.
  if (halves / 2 / count !== percentile) throw new Error(`分位 ${percentile} 不是 ${count} 家中的名次`);
  return halves;
}

/** The industries' answer as the server writes it, company by company. */
export class BundleIndustriesWriter {
  private readonly industries: Record<string, PagedIndustry> = {};
  private readonly comparisons: Record<string, Record<string, PlacedFigures | null>> = {};

  /**
   * A company's 行业对比 (null: none; undefined: not computed, and then absent from its bundle). It is of the
   * company's own industry and code, which the answer does not repeat: the reader takes them from the bundle.
   */
  add(
    company: { readonly code: string; readonly industry: string },
    comparison: IndustryComparisonView | null | undefined,
  ): void {
    if (comparison === undefined) return;
    const { code } = company;
    const placed = this.placedIn(company.industry);
    if (comparison === null) {
      placed[code] = null;
      return;
    }
    const { industry, companies, excluded_financial, metrics, top } = comparison;
    if (industry !== company.industry || comparison.company_code !== code) {
      throw new Error(`${code} 的行业对比属于 ${comparison.company_code}（${industry}），不是它所在的行业`);
    }
    this.industries[industry] = {
      companies,
      excluded_financial,
      metrics: metrics.map(({ metric, label, median, count }) => ({ metric, label, median, count })),
      top,
    };
    placed[code] = metrics.flatMap(({ value, percentile, count }) => [value, halfRanksOf(percentile, count)]);
  }

  private placedIn(industry: string): Record<string, PlacedFigures | null> {
    let placed = this.comparisons[industry];
    if (!placed) {
      placed = {};
      this.comparisons[industry] = placed;
    }
    return placed;
  }

  /** The answer's data for the companies added so far, read at change sequence `version`. */
  written(version: number): BundleIndustries {
    return { version, industries: this.industries, comparisons: this.comparisons };
  }
}

/** Half ranks that fit a metric of `count` figures: none, or a whole number from 0 to twice a whole count ≥ 1. */
function fitsCount(halves: number | null, count: number): boolean {
  if (halves === null) return true;
  return Number.isInteger(count) && count >= 1 && Number.isInteger(halves) && halves >= 0 && halves <= 2 * count;
}

/**
 * A company's 行业对比 again from the industries' answer (its own industry and code are its bundle's): absent
 * (undefined) when the answer has none for it under its industry (it may have been filed under another since),
 * null when it is null; `fits` false when its figures do not fit its industry.
 */
export function comparisonOfIndustries(
  company: { readonly code: string; readonly industry: string },
  given: BundleIndustries,
): { comparison: IndustryComparisonView | null | undefined; fits: boolean } {
  const placed = Object.hasOwn(given.comparisons, company.industry) ? given.comparisons[company.industry] : undefined;
  if (!placed || !Object.hasOwn(placed, company.code)) return { comparison: undefined, fits: true };
  const figures = placed[company.code];
  if (!figures) return { comparison: null, fits: true };
  const { industry } = company;
  const shared = Object.hasOwn(given.industries, industry) ? given.industries[industry] : undefined;
  if (!shared || figures.length !== shared.metrics.length * 2) return { comparison: null, fits: false };
  const fitting = shared.metrics.every(({ count }, at) => fitsCount(figures[2 * at + 1] as number | null, count));
  if (!fitting) return { comparison: null, fits: false };
  const metrics = shared.metrics.map(({ metric, label, median, count }, at) => {
    const halves = figures[2 * at + 1] as number | null;
    const percentile = halves === null ? null : halves / 2 / count;
    return { metric, label, value: figures[2 * at] as number | null, median, percentile, count };
  });
  const { companies, excluded_financial, top } = shared;
  return {
    comparison: { industry, company_code: company.code, companies, excluded_financial, metrics, top },
    fits: true,
  };
}
