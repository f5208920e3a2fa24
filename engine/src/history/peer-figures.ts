import type { CompanyStatements } from '../statements/items.ts';
import { classifyCompany } from '../valuation/company-kind.ts';
import { profitabilityRows, returnsRows } from './analytics.ts';
import { historicalRows } from './historical-rows.ts';
import { reportedItem } from './ratio-value.ts';

/** The figures 行业对比 compares, of a company's latest annual report. */
export const PEER_METRICS = ['roe', 'roic', 'gross_margin', 'net_margin', 'revenue_growth', 'debt_to_assets'] as const;
export type PeerMetric = (typeof PEER_METRICS)[number];

export const PEER_METRIC_LABELS: Readonly<Record<PeerMetric, string>> = {
  roe: 'ROE',
  roic: 'ROIC',
  gross_margin: '毛利率',
  net_margin: '净利率',
  revenue_growth: '营业收入增长率',
  debt_to_assets: '资产负债率',
};

export interface PeerFigures extends Readonly<Record<PeerMetric, number | null>> {
  readonly code: string;
  readonly name: string;
  readonly year: number;
  /** 亿元, the latest year's. */
  readonly revenue: number | null;
  /** A bank, insurer or broker by its balance sheet (or industry): left out of a non-financial median. */
  readonly financial: boolean;
}

/** The annual reports the figures are read from, the latest (the oldest only as the next one's base). */
export const PEER_YEARS = 3;

/**
 * One company's comparison figures from its latest two annual reports (the same formulas as its report:
 * ROE and ROIC with their n.m. rules, margins, growth), or null when it has no annual revenue.
 */
export function peerFiguresOf(statements: CompanyStatements, industry: string | null): PeerFigures | null {
  const years = Object.keys(statements.years)
    .map(Number)
    .sort((a, b) => a - b)
    .slice(-PEER_YEARS);
  const recent: CompanyStatements = {
    ...statements,
    years: Object.fromEntries(years.map((year) => [year, statements.years[year] ?? {}])),
  };
  const history = historicalRows(recent);
  const last = history[history.length - 1];
  if (!last) return null;
  const profitability = profitabilityRows(recent, history).at(-1);
  const returns = returnsRows(recent, history).at(-1);
  const latest = recent.years[last.year] ?? {};
  const assets = reportedItem(latest, 'total_assets');
  const liabilities = reportedItem(latest, 'total_liabilities');
  return {
    code: statements.code,
    name: statements.name,
    year: last.year,
    revenue: last.operating_revenue,
    financial: classifyCompany(industry, latest).kind === 'financial',
    roe: returns?.roe ?? null,
    roic: returns?.roic ?? null,
    gross_margin: profitability?.grossMargin ?? null,
    net_margin: profitability?.netMargin ?? null,
    revenue_growth: profitability?.revenueGrowth ?? null,
    debt_to_assets: assets !== null && assets > 0 && liabilities !== null ? liabilities / assets : null,
  };
}
