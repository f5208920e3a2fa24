import { CASH_FLOW_ITEMS, type CompanyStatements, type StatementYear } from '../statements/items.ts';
import {
  compareWorkingCapital,
  type LineGap,
  reportedFamiliesOfLines,
  type WorkingCapitalLines,
  workingCapitalLines,
} from './continuity.ts';
import { type DepreciationRate, depreciationRateOf, estimatedDaCapex } from './estimated-capex.ts';
import { emptyRow, type FinancialYearRow, freeCashFlow, ratio, workingCapitalTotals } from './financial-row.ts';
import { DEFAULT_TAX_RATE, normaliseOneOffTax } from './one-off-tax.ts';

export { latestReportedYear, REVENUE_ITEMS, reportedYears } from './reported-years.ts';

import { reportedRevenues, revenueOf } from './reported-years.ts';

/**
 * A reported amount, or null when absent or not a number. The row's formulas read their items by name
 * (`finiteOrNull(source.total_profit)`): a named read is cached per site, while a read by a key passed in
 * is a generic dictionary probe, and those were a fifth of building the history.
 */
function finiteOrNull(amount: number | undefined): number | null {
  return amount !== undefined && Number.isFinite(amount) ? amount : null;
}

/** A year with an operating cost comes from the three statements; without one, from the summary. */
export function fromStatements(year: StatementYear): boolean {
  return finiteOrNull(year.operating_cost) !== null;
}

/**
 * The cash-flow statement's lines FCF reads (capex and the supplement's D&A). 经营活动产生的现金流量净额 alone
 * does not count: the financial summary (主要财务指标) carries it too, and a year whose statements lack the
 * cash-flow statement would otherwise read D&A and capex as 0 instead of estimating them.
 */
const FCF_CASH_FLOW_ITEMS = CASH_FLOW_ITEMS.filter((item) => item !== 'operating_cash_flow');

function hasCashFlowStatement(year: StatementYear): boolean {
  for (const item of FCF_CASH_FLOW_ITEMS) if (finiteOrNull(year[item]) !== null) return true;
  return false;
}

/**
 * Effective income-tax rate = income tax / total profit, when profit is positive and the rate lies in
 * [0, 1]; otherwise null (a loss year says nothing about the rate).
 */
function taxRate(year: StatementYear): number | null {
  const totalProfit = finiteOrNull(year.total_profit);
  if (totalProfit === null || totalProfit <= 0) return null;
  const incomeTax = finiteOrNull(year.income_tax);
  const netProfit = finiteOrNull(year.net_profit);
  const rate = incomeTax !== null ? incomeTax / totalProfit : netProfit !== null ? 1 - netProfit / totalProfit : null;
  return rate !== null && rate >= 0 && rate <= 1 ? rate : null;
}

/** How a company's history is read beside its figures (an admin's choices, stored per company). */
export interface HistoryOptions {
  /** 其他收益 is part of EBIT (the default) or, false, left out as non-operating. */
  readonly otherIncomeOperating?: boolean;
}

/** The historical rows with what the continuity of their working-capital lines says about them. */
export interface HistoryAnalysis {
  /** One row per reported year, oldest first. */
  readonly rows: FinancialYearRow[];
  /** Per row: the working-capital families its statements report (see continuity.ts); 0 for summary rows. */
  readonly reportedFamilies: number[];
  /** Lines reported in one of two consecutive years and not in the other, oldest first. */
  readonly gaps: LineGap[];
  /**
   * Years of the statements without a cash-flow statement, whose D&A and capex were estimated from the
   * balance sheet (estimated-capex.ts), with the depreciation rate used; null when there is none.
   */
  readonly estimatedCapex: { readonly years: number[]; readonly rate: DepreciationRate } | null;
  /** Years whose NOPAT took the company's normal tax rate for their one-offs (one-off-tax.ts). */
  readonly taxNormalisedYears: number[];
}

/**
 * Derives the financial year row for every reported year from the statements. EBIT is operating
 * EBIT: revenue − operating cost − taxes and surcharges − selling − management − R&D expenses − 资产减值损失
 * − 信用减值损失 + 其他收益 (unless `options` leave it out) (so history
 * and forecast use one definition); NOPAT = EBIT × (1 − effective tax rate, 25% when unknown; the normal rate in
 * a year of large one-offs, one-off-tax.ts); non-cash cost
 * = D&A from the cash-flow statement's supplement; capex = cash paid for fixed, intangible and other
 * long-term assets plus the leases' reinvestment (see historicalRow); ΔOWC compares like with like.
 */
export function analyseHistory(
  statements: CompanyStatements,
  trailing?: TrailingComparison,
  options: HistoryOptions = {},
): HistoryAnalysis {
  const rows: FinancialYearRow[] = [];
  const families: number[] = [];
  const gaps: LineGap[] = [];
  let previous: FinancialYearRow | null = null;
  let estimated: { years: number[]; rate: DepreciationRate } | null = null;
  const { years, revenues } = reportedRevenues(statements);
  for (let index = 0; index < years.length; index++) {
    const year = years[index] as number;
    const source = statements.years[year] as StatementYear;
    const revenue = revenues[index] as number;
    const yearBefore =
      trailing?.year === year
        ? yearEarlierOfTrailing(year, trailing.previous, revenue)
        : {
            row: previous?.year === year - 1 ? previous : null,
            source: statements.years[year - 1],
            families: families[families.length - 1],
          };
    const consecutive = yearBefore.row;
    // Only a year with the statements has working-capital lines (a summary's year reads none).
    const lines = fromStatements(source) ? workingCapitalLines(source) : null;
    const row = historicalRow(year, source, revenue, lines, consecutive, options);
    if (lines && row.depreciation_and_amortization === null) {
      estimated ??= { years: [], rate: depreciationRateOf(statements) };
      if (estimateDaCapex(row, source, yearBefore.source, estimated.rate.rate)) estimated.years.push(year);
    }
    const mask = lines ? reportedFamiliesOfLines(lines) : 0;
    const before = yearBefore.families;
    // Years that report the same families compare like with like already (compareWorkingCapital's answer).
    if (consecutive && lines && consecutive.basis === 'statements' && mask !== before) {
      const compared = compareWorkingCapital(
        year,
        source,
        yearBefore.source as StatementYear,
        row.Operating_Working_Capital as number,
        consecutive.Operating_Working_Capital as number,
        { now: mask, before: before as number },
      );
      if (compared.gaps.length > 0) {
        row.Change_In_Operating_WC = compared.change;
        row.FCFF = freeCashFlow(row.nopat, row.noncash_cost, compared.change, row.Capital_Expenditure);
        gaps.push(...compared.gaps);
      }
    }
    rows.push(row);
    families.push(mask);
    previous = row;
  }
  const taxNormalisedYears = normaliseOneOffTax(rows, statements, (row) => {
    row.FCFF = freeCashFlow(row.nopat, row.noncash_cost, row.Change_In_Operating_WC, row.Capital_Expenditure);
  });
  return {
    rows,
    reportedFamilies: families,
    gaps,
    estimatedCapex: estimated?.years.length ? estimated : null,
    taxNormalisedYears,
  };
}

/** Writes the balance sheet's estimate of D&A and capex into a row without a cash-flow statement. */
function estimateDaCapex(
  row: FinancialYearRow,
  source: StatementYear,
  previous: StatementYear | undefined,
  rate: number,
): boolean {
  const estimate = estimatedDaCapex(source, previous, rate);
  if (!estimate || row.operating_revenue === null) return false;
  row.depreciation_and_amortization = estimate.da;
  row.noncash_cost = estimate.da;
  row.da_ratio = estimate.da / row.operating_revenue;
  row.Capital_Expenditure = estimate.capex;
  row.Capex_to_Revenue_Ratio = estimate.capex / row.operating_revenue;
  row.FCFF = freeCashFlow(row.nopat, estimate.da, row.Change_In_Operating_WC, estimate.capex);
  return true;
}

/**
 * The trailing twelve months taken as a history year (trailing-twelve-months.ts): its changes compare with
 * the twelve months a year before it, not with the annual report before it, which is only months earlier.
 */
export interface TrailingComparison {
  readonly year: number;
  /** The figures a year earlier (balance sheet, and flows where known), or null. */
  readonly previous: StatementYear | null;
}

/**
 * What the trailing year's row compares with: a row of the figures a year earlier, whose revenue is null
 * when those twelve months' flows are unknown (so no growth is read) and whose working capital is that
 * date's balance sheet (so ΔOWC covers twelve months too).
 */
function yearEarlierOfTrailing(
  year: number,
  previous: StatementYear | null,
  revenue: number,
): { row: FinancialYearRow | null; source: StatementYear | undefined; families: number | undefined } {
  if (!previous) return { row: null, source: undefined, families: undefined };
  const lines = workingCapitalLines(previous);
  const mask = reportedFamiliesOfLines(lines);
  const earlierRevenue = revenueOf(previous);
  // The ratios of this row are never read: the revenue only keeps them finite when the flows are unknown.
  const row = historicalRow(year - 1, previous, earlierRevenue ?? revenue, mask === 0 ? null : lines, null, {});
  row.operating_revenue = earlierRevenue;
  return { row, source: previous, families: mask };
}

export function historicalRows(statements: CompanyStatements, options: HistoryOptions = {}): FinancialYearRow[] {
  return analyseHistory(statements, undefined, options).rows;
}

export { DEFAULT_TAX_RATE } from './one-off-tax.ts';

/** A reported amount, or 0 when the report leaves it out (docs/requirements.md#fcf-definition). */
const amountOrZero = (amount: number | undefined): number =>
  amount !== undefined && Number.isFinite(amount) ? amount : 0;

/**
 * The twelve working-capital items (0 when not reported) and their ratios to revenue, field by field.
 * 应收票据 includes 应收款项融资, the notes the 2019 standard moved there.
 */
function setWorkingCapital(row: FinancialYearRow, source: WorkingCapitalLines, revenue: number): void {
  row.Notes_Receivable = amountOrZero(source.Notes_Receivable) + amountOrZero(source.receivables_financing);
  row.Notes_Receivable_Ratio = row.Notes_Receivable / revenue;
  row.Accounts_Receivable = amountOrZero(source.Accounts_Receivable);
  row.Accounts_Receivable_Ratio = row.Accounts_Receivable / revenue;
  row.Prepayments = amountOrZero(source.Prepayments);
  row.Prepayments_Ratio = row.Prepayments / revenue;
  row.Inventories = amountOrZero(source.Inventories);
  row.Inventories_Ratio = row.Inventories / revenue;
  row.Other_Receivables = amountOrZero(source.Other_Receivables);
  row.Other_Receivables_Ratio = row.Other_Receivables / revenue;
  row.Contract_Assets = amountOrZero(source.Contract_Assets);
  row.Contract_Assets_Ratio = row.Contract_Assets / revenue;
  row.Notes_Payable = amountOrZero(source.Notes_Payable);
  row.Notes_Payable_Ratio = row.Notes_Payable / revenue;
  row.Accounts_Payable = amountOrZero(source.Accounts_Payable);
  row.Accounts_Payable_Ratio = row.Accounts_Payable / revenue;
  row.Advances_From_Customers = amountOrZero(source.Advances_From_Customers);
  row.Advances_From_Customers_Ratio = row.Advances_From_Customers / revenue;
  row.Contract_Liabilities = amountOrZero(source.Contract_Liabilities);
  row.Contract_Liabilities_Ratio = row.Contract_Liabilities / revenue;
  row.Employee_Benefits_Payable = amountOrZero(source.Employee_Benefits_Payable);
  row.Employee_Benefits_Payable_Ratio = row.Employee_Benefits_Payable / revenue;
  row.Taxes_Payable = amountOrZero(source.Taxes_Payable);
  row.Taxes_Payable_Ratio = row.Taxes_Payable / revenue;
}

/**
 * Operating long-term assets at the year's end (亿元): 固定资产 + 在建工程 + 无形资产 + 使用权资产, the
 * assets capex buys (goodwill is bought with companies, not capex); null when none is reported.
 */
export function operatingLongTermAssets(year: StatementYear | undefined): number | null {
  const parts = [
    year?.fixed_assets,
    year?.construction_in_progress,
    year?.intangible_assets,
    year?.right_of_use_assets,
  ];
  let total = 0;
  let known = false;
  for (const part of parts) {
    if (part !== undefined && Number.isFinite(part)) {
      total += part;
      known = true;
    }
  }
  return known ? total : null;
}

function historicalRow(
  year: number,
  source: StatementYear,
  revenue: number,
  lines: WorkingCapitalLines | null,
  previous: FinancialYearRow | null,
  options: HistoryOptions,
): FinancialYearRow {
  const tax = taxRate(source);

  let operatingCost: number;
  let taxes = 0;
  let selling = 0;
  let management = 0;
  let research = 0;
  let impairments: number | null = null;
  let otherIncome: number | null = null;
  let operatingOtherIncome = 0;
  let ebit: number | null;
  if (lines) {
    operatingCost = amountOrZero(source.operating_cost);
    taxes = amountOrZero(source.tax_expenses);
    selling = amountOrZero(source.selling_expenses);
    management = amountOrZero(source.management_expenses);
    research = amountOrZero(source.r_and_d_expenses);
    // Write-downs of receivables, inventories and assets are costs of operating (docs/model.md §2).
    impairments = amountOrZero(source.asset_impairment_loss) + amountOrZero(source.credit_impairment_loss);
    // 其他收益 is shown as reported; it counts in EBIT (and its ratio in the forecast) unless an admin says not.
    otherIncome = amountOrZero(source.other_income);
    operatingOtherIncome = options.otherIncomeOperating === false ? 0 : otherIncome;
    ebit = revenue - operatingCost - taxes - selling - management - research - impairments + operatingOtherIncome;
  } else {
    const operatingProfit = finiteOrNull(source.operating_profit);
    ebit =
      operatingProfit === null
        ? null
        : operatingProfit -
          amountOrZero(source.investment_income) -
          amountOrZero(source.fair_value_change_income) +
          amountOrZero(source.financial_expenses);
    // The summary carries no cost lines: one cost ratio that reproduces the EBIT margin stands for them.
    operatingCost = ebit === null ? 0 : revenue - ebit;
  }
  const nopat = ebit === null ? null : ebit * (1 - (tax ?? DEFAULT_TAX_RATE));

  const cashFlowKnown = lines !== null && hasCashFlowStatement(source);
  const leaseDepreciation = cashFlowKnown ? amountOrZero(source.depreciation_right_of_use_assets) : 0;
  const da = cashFlowKnown
    ? amountOrZero(source.depreciation_fixed_assets) +
      leaseDepreciation +
      amountOrZero(source.amortization_intangible_assets) +
      amountOrZero(source.amortization_long_term_prepaid)
    : null;
  const cashCapex = cashFlowKnown ? amountOrZero(source.Cash_Paid_For_Acquisition_Assets) : null;
  // Leases are debt in the equity bridge, so the assets they finance are capex as well: new right-of-use
  // assets cost no cash when signed, and their depreciation (already in D&A) stands for the renewals that
  // keep the leased base. Without this the depreciation added back would be a perpetual phantom inflow.
  const capex = cashCapex === null ? null : cashCapex + leaseDepreciation;

  const row = emptyRow(year, lines ? 'statements' : 'summary');
  if (lines) setWorkingCapital(row, lines, revenue);
  const totals = workingCapitalTotals(row);
  const previousNet = previous?.Operating_Working_Capital ?? null;
  const change = totals.net !== null && previousNet !== null ? totals.net - previousNet : null;
  const previousRevenue = previous?.operating_revenue ?? null;

  row.operating_revenue = revenue;
  row.operating_revenue_yoy = previousRevenue !== null && previousRevenue > 0 ? revenue / previousRevenue - 1 : null;
  row.operating_cost = operatingCost;
  row.operating_cost_pct = ratio(operatingCost, revenue);
  row.tax_expenses = taxes;
  row.tax_expenses_pct = ratio(taxes, revenue);
  row.selling_expenses = selling;
  row.selling_expenses_pct = ratio(selling, revenue);
  row.management_expenses = management;
  row.management_expenses_pct = ratio(management, revenue);
  row.r_and_d_expenses = research;
  row.r_and_d_expenses_pct = ratio(research, revenue);
  row.impairment_losses = impairments;
  row.impairment_losses_pct = ratio(impairments, revenue);
  row.other_income = otherIncome;
  row.other_income_pct = otherIncome === null ? null : ratio(operatingOtherIncome, revenue);
  row.ebit = ebit;
  row.income_tax_to_total_profit = tax;
  row.nopat = nopat;
  row.depreciation_and_amortization = da;
  row.da_ratio = ratio(da, revenue);
  row.noncash_cost = da;
  row.Operating_Current_Assets_Total = totals.assets;
  row.Operating_Current_Liabilities_Total = totals.liabilities;
  row.Operating_Working_Capital = totals.net;
  row.Change_In_Operating_WC = change;
  row.Cash_Paid_For_Acquisition_Assets = cashCapex;
  row.Capital_Expenditure = capex;
  row.Capex_to_Revenue_Ratio = ratio(capex, revenue);
  const capital = lines ? operatingLongTermAssets(source) : null;
  row.sales_to_capital = capital !== null && capital > 0 ? revenue / capital : null;
  row.FCFF = freeCashFlow(nopat, da, change, capex);
  return row;
}
