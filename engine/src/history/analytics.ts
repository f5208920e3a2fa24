import {
  type CompanyStatements,
  INTEREST_BEARING_DEBT_ITEMS,
  NON_CORE_ASSET_ITEMS,
  type StatementItem,
  type StatementYear,
} from '../statements/items.ts';
import { type FinancialYearRow, ratio } from './financial-row.ts';

/** Profitability row of the financial-analysis API (public-side §3); ratios as fractions, amounts in 亿元. */
export interface ProfitabilityRow {
  year: number;
  revenue: number | null;
  revenueGrowth: number | null;
  grossMargin: number | null;
  /** 归母净利润. */
  netProfit: number | null;
  netMargin: number | null;
  netProfitGrowth: number | null;
}

export interface ReturnsRow {
  year: number;
  roe: number | null;
  roic: number | null;
}

function item(year: StatementYear | undefined, key: StatementItem): number | null {
  const found = year?.[key];
  return found !== undefined && Number.isFinite(found) ? found : null;
}

/** Growth against the previous value; the denominator is |previous| so a loss shrinking reads as growth. */
export function growth(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

export function profitabilityRows(
  statements: CompanyStatements,
  rows: readonly FinancialYearRow[],
): ProfitabilityRow[] {
  return rows.map((row) => {
    const source = statements.years[row.year];
    const revenue = row.operating_revenue;
    const netProfit = item(source, 'net_profit_parent') ?? item(source, 'net_profit');
    const previousSource = statements.years[row.year - 1];
    const previousNetProfit = item(previousSource, 'net_profit_parent') ?? item(previousSource, 'net_profit');
    return {
      year: row.year,
      revenue,
      revenueGrowth: row.operating_revenue_yoy,
      grossMargin:
        row.basis === 'statements' && revenue !== null && row.operating_cost !== null
          ? ratio(revenue - row.operating_cost, revenue)
          : null,
      netProfit,
      netMargin: ratio(netProfit, revenue),
      netProfitGrowth: growth(netProfit, previousNetProfit),
    };
  });
}

function sumOf(year: StatementYear | undefined, keys: readonly StatementItem[]): number | null {
  let total = 0;
  let any = false;
  for (const key of keys) {
    const found = item(year, key);
    if (found !== null) {
      total += found;
      any = true;
    }
  }
  return any ? total : null;
}

export function interestBearingDebt(year: StatementYear | undefined): number | null {
  return sumOf(year, INTEREST_BEARING_DEBT_ITEMS);
}

export function nonCoreAssets(year: StatementYear | undefined): number | null {
  return sumOf(year, NON_CORE_ASSET_ITEMS);
}

/**
 * Invested capital = parent equity + minority interest + interest-bearing debt − cash (the capital the
 * operations use, financed either way). With only the financial summary (no debt or cash lines) it falls
 * back to capital employed = total assets − current liabilities.
 */
export function investedCapital(year: StatementYear | undefined): number | null {
  const equity = item(year, 'parent_equity');
  const debt = interestBearingDebt(year);
  const cash = item(year, 'cash');
  if (equity !== null && (debt !== null || cash !== null)) {
    return equity + (item(year, 'minority_interest') ?? 0) + (debt ?? 0) - (cash ?? 0);
  }
  const totalAssets = item(year, 'total_assets');
  const currentLiabilities = item(year, 'current_liabilities_total');
  return totalAssets !== null && currentLiabilities !== null ? totalAssets - currentLiabilities : null;
}

/** Average of opening and closing balances when both exist, else the closing one. */
function averageBalance(closing: number | null, opening: number | null): number | null {
  if (closing === null) return null;
  return opening === null ? closing : (closing + opening) / 2;
}

/**
 * ROE = 归母净利润 / average parent equity (the summary's weighted ROE when equity is not reported);
 * ROIC = NOPAT / average invested capital. Null when the base is not positive.
 */
export function returnsRows(statements: CompanyStatements, rows: readonly FinancialYearRow[]): ReturnsRow[] {
  return rows.map((row) => {
    const source = statements.years[row.year];
    const previous = statements.years[row.year - 1];
    const netProfit = item(source, 'net_profit_parent') ?? item(source, 'net_profit');
    const equity = averageBalance(item(source, 'parent_equity'), item(previous, 'parent_equity'));
    const reportedRoe = item(source, 'weighted_roe_percent');
    const roe =
      equity !== null && equity > 0 ? ratio(netProfit, equity) : reportedRoe !== null ? reportedRoe / 100 : null;
    const capital = averageBalance(investedCapital(source), investedCapital(previous));
    const roic = capital !== null && capital > 0 ? ratio(row.nopat, capital) : null;
    return { year: row.year, roe, roic };
  });
}

/** 数据完整率: history of ≥ 3 years 0.4, forecast of ≥ 3 years 0.4, an auto forecast present 0.2. */
export function completenessRate(historyYears: number, forecastYears: number, hasAutoForecast: boolean): number {
  return (historyYears >= 3 ? 0.4 : 0) + (forecastYears >= 3 ? 0.4 : 0) + (hasAutoForecast ? 0.2 : 0);
}
