import { PEER_METRIC_LABELS, PEER_METRICS, type PeerFigures, type PeerMetric } from '../history/peer-figures.ts';
import { FINANCIAL_SECTION, parseIndustry } from '../statements/industries.ts';

/** The number of the industry's largest companies (by revenue) the section lists. */
export const INDUSTRY_TOP_COUNT = 10;

export interface IndustryMetricComparison {
  readonly metric: PeerMetric;
  readonly label: string;
  /** The company's own figure (null when it has none). */
  readonly value: number | null;
  readonly median: number | null;
  /** Share of the counted companies at or below the company's figure, ties counted half; null without one. */
  readonly percentile: number | null;
  /** The companies with a figure, whose median this is. */
  readonly count: number;
}

/** 行业对比: where a company stands in its 国标 industry, and the industry's largest companies. */
export interface IndustryComparisonView {
  readonly industry: string;
  readonly company_code: string;
  /** Companies of the industry the server holds (the company included). */
  readonly companies: number;
  /** Banks, insurers and brokers left out of a non-financial industry's statistics. */
  readonly excluded_financial: number;
  readonly metrics: readonly IndustryMetricComparison[];
  readonly top: readonly PeerFigures[];
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The share of `values` at or below `value`, ties counted half (0..1); null without a value. */
export function percentileOf(value: number | null, values: readonly number[]): number | null {
  if (value === null || values.length === 0) return null;
  let below = 0;
  let equal = 0;
  for (const candidate of values) {
    if (candidate < value) below++;
    else if (candidate === value) equal++;
  }
  return (below + equal / 2) / values.length;
}

/**
 * The company's percentile and the industry median of each metric, over the industry's companies (each at
 * its latest annual report); financial companies are left out unless the industry is finance.
 */
export function industryComparisonView(
  company: { readonly code: string; readonly industry: string },
  peers: readonly PeerFigures[],
): IndustryComparisonView {
  const financialIndustry = parseIndustry(company.industry)?.section.code === FINANCIAL_SECTION;
  const counted = peers.filter((peer) => financialIndustry || !peer.financial || peer.code === company.code);
  const own = peers.find((peer) => peer.code === company.code);
  return {
    industry: company.industry,
    company_code: company.code,
    companies: peers.length,
    excluded_financial: peers.length - counted.length,
    metrics: PEER_METRICS.map((metric) => {
      const values = counted
        .map((peer) => peer[metric])
        .filter((value): value is number => value !== null && Number.isFinite(value));
      const value = own?.[metric] ?? null;
      return {
        metric,
        label: PEER_METRIC_LABELS[metric],
        value,
        median: median(values),
        percentile: percentileOf(value, values),
        count: values.length,
      };
    }),
    top: counted
      .filter((peer) => peer.revenue !== null)
      .sort((a, b) => (b.revenue ?? 0) - (a.revenue ?? 0))
      .slice(0, INDUSTRY_TOP_COUNT),
  };
}
