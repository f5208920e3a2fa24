import { PEER_METRIC_LABELS, PEER_METRICS, type PeerFigures } from '../history/peer-figures.ts';
import { type MarketQuote, priceAgainstValue, type ValueFigures } from '../market/price-against-value.ts';
import { FINANCIAL_SECTION, parseIndustry } from '../statements/industries.ts';

/** The number of the industry's largest companies (by revenue) the section lists. */
export const INDUSTRY_TOP_COUNT = 10;

/** The figures that need a price: compared only among the industry's quoted companies. */
export const MARKET_PEER_METRICS = ['pe', 'pb', 'margin_of_safety'] as const;
export type MarketPeerMetric = (typeof MARKET_PEER_METRICS)[number];

export const INDUSTRY_METRICS = [...PEER_METRICS, ...MARKET_PEER_METRICS] as const;
export type IndustryMetric = (typeof INDUSTRY_METRICS)[number];

export const INDUSTRY_METRIC_LABELS: Readonly<Record<IndustryMetric, string>> = {
  ...PEER_METRIC_LABELS,
  pe: '市盈率 P/E',
  pb: '市净率 P/B',
  margin_of_safety: '安全边际',
};

/** Whether a metric is a multiple (倍) rather than a fraction shown in percent. */
export function isMultipleMetric(metric: IndustryMetric): boolean {
  return metric === 'pe' || metric === 'pb';
}

/** A company of the industry: its latest report's figures and, when it has a quote and a value, the market's. */
export interface IndustryPeer extends PeerFigures, Readonly<Record<MarketPeerMetric, number | null>> {}

export const NO_MARKET_FIGURES: Readonly<Record<MarketPeerMetric, null>> = {
  pe: null,
  pb: null,
  margin_of_safety: null,
};

/** P/E, P/B and margin of safety of a company's latest quote against its model figures (price against value). */
export function marketPeerFigures(
  quote: MarketQuote | null,
  figures: ValueFigures | null,
  today: string,
): Readonly<Record<MarketPeerMetric, number | null>> {
  if (!quote || !figures) return NO_MARKET_FIGURES;
  const market = priceAgainstValue(quote, figures, today);
  return { pe: market.pe, pb: market.pb, margin_of_safety: market.margin_of_safety };
}

/**
 * What the server stores per industry, worked out when the industry's data or quotes change, so that a
 * request only reads it: each metric's figures sorted ascending (for medians and percentiles) and the
 * largest companies. Financial companies are left out of a non-financial industry's figures.
 */
export interface IndustryStatistics {
  readonly industry: string;
  /** Companies of the industry with an annual report. */
  readonly companies: number;
  /** Banks, insurers and brokers left out of a non-financial industry's statistics. */
  readonly excluded_financial: number;
  readonly sorted: Readonly<Record<IndustryMetric, readonly number[]>>;
  readonly top: readonly IndustryPeer[];
}

export interface IndustryMetricComparison {
  readonly metric: IndustryMetric;
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
  readonly top: readonly IndustryPeer[];
}

const isFiniteNumber = (value: number | null): value is number => value !== null && Number.isFinite(value);

/** The median of values sorted ascending, or null when there are none. */
export function medianOfSorted(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function median(values: readonly number[]): number | null {
  return medianOfSorted([...values].sort((a, b) => a - b));
}

/** The first index of `sorted` whose value is not below (`strict` false) or above (`strict` true) `value`. */
function boundOf(sorted: readonly number[], value: number, strict: boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const candidate = sorted[middle] as number;
    if (candidate < value || (strict && candidate === value)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The share of the ascending `sorted` values at or below `value`, ties counted half (0..1); null without one. */
export function percentileInSorted(value: number | null, sorted: readonly number[]): number | null {
  if (value === null || !Number.isFinite(value) || sorted.length === 0) return null;
  const below = boundOf(sorted, value, false);
  const equal = boundOf(sorted, value, true) - below;
  return (below + equal / 2) / sorted.length;
}

export function percentileOf(value: number | null, values: readonly number[]): number | null {
  return percentileInSorted(
    value,
    [...values].sort((a, b) => a - b),
  );
}

/** The industry's statistics from its companies (each at its latest annual report and latest quote). */
export function industryStatisticsOf(industry: string, peers: readonly IndustryPeer[]): IndustryStatistics {
  const financialIndustry = parseIndustry(industry)?.section.code === FINANCIAL_SECTION;
  const counted = peers.filter((peer) => financialIndustry || !peer.financial);
  const sorted = Object.fromEntries(
    INDUSTRY_METRICS.map((metric) => [
      metric,
      counted
        .map((peer) => peer[metric])
        .filter(isFiniteNumber)
        .sort((a, b) => a - b),
    ]),
  ) as Record<IndustryMetric, number[]>;
  return {
    industry,
    companies: peers.length,
    excluded_financial: peers.length - counted.length,
    sorted,
    top: counted
      .filter((peer) => peer.revenue !== null)
      .sort((a, b) => (b.revenue ?? 0) - (a.revenue ?? 0) || a.code.localeCompare(b.code))
      .slice(0, INDUSTRY_TOP_COUNT),
  };
}

/**
 * The company's percentile and the industry median of each metric, read from the industry's stored
 * statistics (nothing over the industry is computed here: this runs per request).
 */
export function industryComparisonView(
  company: { readonly code: string; readonly industry: string },
  own: IndustryPeer | null,
  statistics: IndustryStatistics,
): IndustryComparisonView {
  return {
    industry: company.industry,
    company_code: company.code,
    companies: statistics.companies,
    excluded_financial: statistics.excluded_financial,
    metrics: INDUSTRY_METRICS.map((metric) => {
      const sorted = statistics.sorted[metric];
      const value = own?.[metric] ?? null;
      return {
        metric,
        label: INDUSTRY_METRIC_LABELS[metric],
        value,
        median: medianOfSorted(sorted),
        percentile: percentileInSorted(value, sorted),
        count: sorted.length,
      };
    }),
    top: statistics.top,
  };
}
