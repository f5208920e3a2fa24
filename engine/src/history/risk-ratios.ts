import type { CompanyStatements, StatementItem, StatementYear } from '../statements/items.ts';
import { cashLikeAssets, interestBearingDebt, sumOfItems } from './analytics.ts';
import type { FinancialYearRow } from './financial-row.ts';
import { knownRatio, MISSING_RATIO, notMeaningful, type RatioValue, reportedItem } from './ratio-value.ts';

/** Interest-bearing debt due within a year: what cash is compared with. */
export const SHORT_TERM_DEBT_ITEMS = [
  'short_term_borrowings',
  'short_term_bonds_payable',
  'current_portion_non_current_liabilities',
] as const satisfies readonly StatementItem[];

/** The solvency and liquidity ratios of an industrial company. */
export const RISK_RATIOS = [
  'debt_to_assets',
  'debt_to_equity',
  'net_debt_to_ebitda',
  'interest_coverage',
  'current_ratio',
  'quick_ratio',
  'cash_to_short_term_debt',
] as const;
/**
 * A bank's measures in their place, for a financial company (docs/model.md section 3): its deposits are the
 * raw material of the business, so debt/assets, coverage and liquidity ratios of industry say nothing there.
 */
export const FINANCIAL_RISK_RATIOS = ['equity_to_assets', 'loans_to_deposits'] as const;
export const ALL_RISK_RATIOS = [...RISK_RATIOS, ...FINANCIAL_RISK_RATIOS] as const;
export type RiskRatio = (typeof ALL_RISK_RATIOS)[number];

/**
 * Each ratio's label and its reference band, not a score: shown beside the figures so a reader judges them,
 * not hidden in a grade. An industrial ratio's band is a common rule of thumb for A-share industrial
 * companies; a bank measure's is the regulator's line (docs/model.md section 3: the Basel III and CBIRC
 * leverage ratio floors of 3% and 4% for equity/assets, the 75% loan-to-deposit cap of the Commercial Bank
 * Law until 2015).
 */
export const RISK_RATIO_RULES: Readonly<
  Record<RiskRatio, { readonly label: string; readonly unit: 'percent' | 'times'; readonly band: string }>
> = {
  debt_to_assets: { label: '资产负债率', unit: 'percent', band: '≤60% 稳健，>70% 偏高' },
  debt_to_equity: { label: '有息负债/股东权益', unit: 'percent', band: '≤50% 稳健，>100% 偏高' },
  net_debt_to_ebitda: { label: '净有息负债/EBITDA', unit: 'times', band: '≤2倍 稳健，>4倍 偏高（负值为净现金）' },
  interest_coverage: { label: '利息保障倍数（EBIT/财务费用）', unit: 'times', band: '≥5倍 稳健，<2倍 偏弱' },
  current_ratio: { label: '流动比率', unit: 'times', band: '≥1.5倍 稳健，<1倍 偏弱' },
  quick_ratio: { label: '速动比率', unit: 'times', band: '≥1倍 稳健，<0.5倍 偏弱' },
  cash_to_short_term_debt: { label: '货币资金/短期有息负债', unit: 'times', band: '≥1倍 可覆盖，<1倍 需再融资' },
  equity_to_assets: {
    label: '权益资产比（股东权益/总资产）',
    unit: 'percent',
    band: '银行：≥4% 达标，<3% 偏低（杠杆率监管下限）',
  },
  loans_to_deposits: {
    label: '贷存比（发放贷款及垫款/吸收存款）',
    unit: 'percent',
    band: '银行：≤75% 稳健，>75% 偏高（原《商业银行法》上限）',
  },
};

export const RISK_REASONS = {
  assetsNotPositive: '总资产为零，资产负债率无意义',
  equityNotPositive: '股东权益为负或为零，比率无意义',
  ebitdaNotPositive: 'EBITDA为负或为零，净有息负债/EBITDA无意义',
  noInterestExpense: '财务费用为负或为零（利息收入不低于利息支出），利息保障倍数无意义',
  noCurrentLiabilities: '流动负债为零，比率无意义',
  noShortTermDebt: '无短期有息负债，比率无意义',
  noDeposits: '吸收存款为零，贷存比无意义',
} as const;

export type RiskYear = { readonly year: number } & Readonly<Record<RiskRatio, RatioValue>>;

const item = reportedItem;

/** numerator / denominator, not meaningful (with `reason`) when the denominator is not positive. */
function over(numerator: number | null, denominator: number | null, reason: string): RatioValue {
  if (numerator === null || denominator === null) return MISSING_RATIO;
  if (denominator <= 0) return notMeaningful(reason);
  return knownRatio(numerator / denominator);
}

/**
 * Equity for equity/assets: 所有者权益合计, else assets less liabilities (a financial summary reports both but
 * only the parent's equity), else the parent's and the minority's.
 */
function equityOf(year: StatementYear | undefined, totalEquity: number | null): number | null {
  const assets = item(year, 'total_assets');
  const liabilities = item(year, 'total_liabilities');
  const reported = item(year, 'total_equity');
  if (reported !== null) return reported;
  return assets !== null && liabilities !== null ? assets - liabilities : totalEquity;
}

/** The balance sheet's risk ratios of each reported year (EBIT and D&A from the history rows). */
export function riskYears(statements: CompanyStatements, history: readonly FinancialYearRow[]): RiskYear[] {
  return history.map((row) => {
    const year = statements.years[row.year];
    const totalEquity =
      item(year, 'total_equity') ??
      (item(year, 'parent_equity') === null
        ? null
        : (item(year, 'parent_equity') ?? 0) + (item(year, 'minority_interest') ?? 0));
    const debt = interestBearingDebt(year);
    const cash = cashLikeAssets(year);
    const ebitda =
      row.ebit === null || row.depreciation_and_amortization === null
        ? null
        : row.ebit + row.depreciation_and_amortization;
    const currentAssets = item(year, 'current_assets_total');
    const currentLiabilities = item(year, 'current_liabilities_total');
    const inventories = item(year, 'Inventories');
    const shortTermDebt = sumOfItems(year, SHORT_TERM_DEBT_ITEMS);
    return {
      year: row.year,
      debt_to_assets: over(item(year, 'total_liabilities'), item(year, 'total_assets'), RISK_REASONS.assetsNotPositive),
      debt_to_equity: over(debt, totalEquity, RISK_REASONS.equityNotPositive),
      net_debt_to_ebitda: over(debt === null ? null : debt - (cash ?? 0), ebitda, RISK_REASONS.ebitdaNotPositive),
      interest_coverage: over(row.ebit, item(year, 'financial_expenses'), RISK_REASONS.noInterestExpense),
      current_ratio: over(currentAssets, currentLiabilities, RISK_REASONS.noCurrentLiabilities),
      quick_ratio: over(
        currentAssets === null ? null : currentAssets - (inventories ?? 0),
        currentLiabilities,
        RISK_REASONS.noCurrentLiabilities,
      ),
      cash_to_short_term_debt: over(item(year, 'cash'), shortTermDebt, RISK_REASONS.noShortTermDebt),
      equity_to_assets: over(equityOf(year, totalEquity), item(year, 'total_assets'), RISK_REASONS.assetsNotPositive),
      loans_to_deposits: over(
        item(year, 'loans_and_advances'),
        item(year, 'customer_deposits'),
        RISK_REASONS.noDeposits,
      ),
    };
  });
}
