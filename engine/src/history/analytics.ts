import {
  CASH_LIKE_ITEMS,
  type CompanyStatements,
  INTEREST_BEARING_DEBT_ITEMS,
  NON_CORE_ASSET_ITEMS,
  type StatementItem,
  type StatementYear,
} from '../statements/items.ts';
import { type FinancialYearRow, ratio } from './financial-row.ts';
import type { TrailingComparison } from './historical-rows.ts';

/** Profitability row of the financial-analysis API; ratios as fractions, amounts in 亿元. */
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

/** ROE and ROIC of a year; a ratio that is not meaningful is null with the reason (in Chinese). */
export interface ReturnsRow {
  year: number;
  roe: number | null;
  roic: number | null;
  roe_reason: string | null;
  roic_reason: string | null;
}

export const RETURN_REASONS = {
  equityNotPositive: '归母净资产为负或为零，ROE无意义',
  equityDistorted:
    '年内归母净资产增减超过一倍（或期初不为正），如重组、反向收购或大额增发，平均净资产不代表全年的资本，ROE无意义',
  capitalTooSmall: '投入资本不足总资产的5%，ROIC无意义',
  capitalNotPositive: '投入资本为负或为零，ROIC无意义',
  roicTooLarge: 'ROIC绝对值超过100%，投入资本过小，回报率无意义',
} as const;

/** Invested capital at or below this share of total assets makes ROIC a ratio to almost nothing. */
export const MIN_INVESTED_CAPITAL_SHARE = 0.05;
/**
 * Parent equity that more than doubles or halves within a year (or starts at or below 0) makes the average of
 * opening and closing no measure of the capital the year's profit was earned on: a reverse merger (分众传媒
 * 2015), a restructuring, a large issue. ROE is then not meaningful (docs/model.md section 3).
 */
export const MAX_EQUITY_CHANGE_FACTOR = 2;

/** Whether the year's opening and closing parent equity are too far apart for their average to mean much. */
export function equityAverageDistorted(closing: number | null, opening: number | null): boolean {
  if (closing === null || opening === null || closing <= 0) return false;
  if (opening <= 0) return true;
  return closing > MAX_EQUITY_CHANGE_FACTOR * opening || closing * MAX_EQUITY_CHANGE_FACTOR < opening;
}

/** |ROIC| above this is read as an artefact of a tiny base, not a return. */
export const MAX_MEANINGFUL_ROIC = 1;

/**
 * A reported amount, or null. Items the formulas know by name are read by name (`finite(year?.total_assets)`):
 * a named read is cached at its site, a read by a key passed in is a generic probe of the year's dictionary.
 */
function finite(amount: number | undefined): number | null {
  return amount !== undefined && Number.isFinite(amount) ? amount : null;
}

/** Growth against the previous value; the denominator is |previous| so a loss shrinking reads as growth. */
export function growth(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

/**
 * With `trailing`, that year is the trailing twelve months: its growth compares with the twelve months a
 * year before it (null when unknown), as its row's revenue growth does.
 */
export function profitabilityRows(
  statements: CompanyStatements,
  rows: readonly FinancialYearRow[],
  trailing?: TrailingComparison | null,
): ProfitabilityRow[] {
  const result: ProfitabilityRow[] = [];
  // A year's net profit is read once: it is the next row's previous one.
  let lastNetProfit: number | null = null;
  let lastYear = Number.NaN;
  for (const row of rows) {
    const revenue = row.operating_revenue;
    const netProfit = netProfitOf(statements.years[row.year]);
    const previousNetProfit =
      trailing?.year === row.year
        ? netProfitOf(trailing.previous ?? undefined)
        : lastYear === row.year - 1
          ? lastNetProfit
          : netProfitOf(statements.years[row.year - 1]);
    lastNetProfit = netProfit;
    lastYear = row.year;
    result.push({
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
    });
  }
  return result;
}

/** 归母净利润, else 净利润. */
export function netProfitOf(year: StatementYear | undefined): number | null {
  return finite(year?.net_profit_parent) ?? finite(year?.net_profit);
}

/** The sum of the items a year reports, or null when it reports none of them. */
export function sumOfItems(year: StatementYear | undefined, keys: readonly StatementItem[]): number | null {
  if (!year) return null;
  let total = 0;
  let any = false;
  for (let index = 0; index < keys.length; index++) {
    const found = finite(year[keys[index] as StatementItem]);
    if (found !== null) {
      total += found;
      any = true;
    }
  }
  return any ? total : null;
}

export function interestBearingDebt(year: StatementYear | undefined): number | null {
  return sumOfItems(year, INTEREST_BEARING_DEBT_ITEMS);
}

export function nonCoreAssets(year: StatementYear | undefined): number | null {
  return sumOfItems(year, NON_CORE_ASSET_ITEMS);
}

/** Cash and trading financial assets: what the equity bridge adds as cash. */
export function cashLikeAssets(year: StatementYear | undefined): number | null {
  return sumOfItems(year, CASH_LIKE_ITEMS);
}

/**
 * Invested capital = parent equity + minority interest + interest-bearing debt (leases included) − cash
 * and trading financial assets (the capital the operations use, financed either way). With only the
 * financial summary (no debt or cash lines) it falls back to capital employed = total assets − current
 * liabilities.
 */
export function investedCapital(year: StatementYear | undefined): number | null {
  const equity = finite(year?.parent_equity);
  const debt = interestBearingDebt(year);
  const cash = cashLikeAssets(year);
  if (equity !== null && (debt !== null || cash !== null)) {
    return equity + (finite(year?.minority_interest) ?? 0) + (debt ?? 0) - (cash ?? 0);
  }
  const totalAssets = finite(year?.total_assets);
  const currentLiabilities = finite(year?.current_liabilities_total);
  return totalAssets !== null && currentLiabilities !== null ? totalAssets - currentLiabilities : null;
}

/** Average of opening and closing balances when both exist, else the closing one. */
function averageBalance(closing: number | null, opening: number | null): number | null {
  if (closing === null) return null;
  return opening === null ? closing : (closing + opening) / 2;
}

/**
 * ROE = 归母净利润 / average parent equity (the summary's weighted ROE when equity is not reported);
 * ROIC = NOPAT / average invested capital. Not meaningful, so null with the reason: ROE when equity is not
 * positive or more than doubles or halves within the year (equityAverageDistorted); ROIC when invested capital is at most 5% of total assets (or not positive) or |ROIC| > 100%.
 */
export function returnsRows(
  statements: CompanyStatements,
  rows: readonly FinancialYearRow[],
  trailing?: TrailingComparison | null,
): ReturnsRow[] {
  const result: ReturnsRow[] = [];
  // A year's balance figures are read once: its closing balances are the next row's opening ones.
  let closing: BalanceFigures | null = null;
  let closingYear = Number.NaN;
  for (const row of rows) {
    const source = statements.years[row.year];
    // The trailing twelve months open at the balance sheet a year before their end, when it is reported.
    const opening =
      trailing?.year === row.year && trailing.previous
        ? balanceFigures(trailing.previous)
        : closing !== null && closingYear === row.year - 1
          ? closing
          : balanceFigures(statements.years[row.year - 1]);
    const current = balanceFigures(source);
    closing = current;
    closingYear = row.year;

    const netProfit = netProfitOf(source);
    const equity = averageBalance(current.parentEquity, opening.parentEquity);
    const reportedRoe = finite(source?.weighted_roe_percent);
    let roe: number | null = null;
    let roeReason: string | null = null;
    if (equity !== null && equity <= 0) roeReason = RETURN_REASONS.equityNotPositive;
    else if (equityAverageDistorted(current.parentEquity, opening.parentEquity))
      roeReason = RETURN_REASONS.equityDistorted;
    else roe = equity !== null ? ratio(netProfit, equity) : reportedRoe !== null ? reportedRoe / 100 : null;

    const capital = averageBalance(current.investedCapital, opening.investedCapital);
    const assets = averageBalance(current.totalAssets, opening.totalAssets);
    let roic: number | null = null;
    let roicReason: string | null = null;
    if (capital !== null) {
      if (assets !== null && assets > 0 && capital <= MIN_INVESTED_CAPITAL_SHARE * assets) {
        roicReason = capital > 0 ? RETURN_REASONS.capitalTooSmall : RETURN_REASONS.capitalNotPositive;
      } else if (capital <= 0) {
        roicReason = RETURN_REASONS.capitalNotPositive;
      } else {
        roic = ratio(row.nopat, capital);
        if (roic !== null && Math.abs(roic) > MAX_MEANINGFUL_ROIC) {
          roic = null;
          roicReason = RETURN_REASONS.roicTooLarge;
        }
      }
    }
    result.push({ year: row.year, roe, roic, roe_reason: roeReason, roic_reason: roicReason });
  }
  return result;
}

/** The balances ROE and ROIC average, of one balance sheet. */
interface BalanceFigures {
  readonly parentEquity: number | null;
  readonly investedCapital: number | null;
  readonly totalAssets: number | null;
}

function balanceFigures(year: StatementYear | undefined): BalanceFigures {
  return {
    parentEquity: finite(year?.parent_equity),
    investedCapital: investedCapital(year),
    totalAssets: finite(year?.total_assets),
  };
}

/** 数据完整率: history of ≥ 3 years 0.4, forecast of ≥ 3 years 0.4, an auto forecast present 0.2. */
export function completenessRate(historyYears: number, forecastYears: number, hasAutoForecast: boolean): number {
  return (historyYears >= 3 ? 0.4 : 0) + (forecastYears >= 3 ? 0.4 : 0) + (hasAutoForecast ? 0.2 : 0);
}
