import type { CompanyStatements, StatementYear } from '../statements/items.ts';

/**
 * A hand-made company with round figures (亿元) so every derived number can be worked by hand:
 * revenue grows 25% a year to 100 in 2024; every year has the same structure — operating cost 60%,
 * taxes and surcharges 1%, selling 10%, management 5%, R&D 4% of revenue (EBIT margin 20%), income tax
 * 25% of total profit, D&A 5%, capex 8%, receivables 20%, inventories 10%, payables 15% and fixed assets
 * 15% of revenue (sales-to-capital 6⅔: capex 8% = D&A 5% + growth 25% / 1.25 × 15%).
 */
function sampleYear(revenue: number): StatementYear {
  const ebit = revenue * 0.2;
  return {
    total_operating_revenue: revenue,
    operating_revenue: revenue,
    operating_cost: revenue * 0.6,
    tax_expenses: revenue * 0.01,
    selling_expenses: revenue * 0.1,
    management_expenses: revenue * 0.05,
    r_and_d_expenses: revenue * 0.04,
    financial_expenses: 1.4,
    total_profit: ebit,
    income_tax: ebit * 0.25,
    net_profit: ebit * 0.75,
    net_profit_parent: ebit * 0.75 - 0.5,
    depreciation_fixed_assets: revenue * 0.04,
    amortization_intangible_assets: revenue * 0.01,
    Cash_Paid_For_Acquisition_Assets: revenue * 0.08,
    operating_cash_flow: revenue * 0.15,
    Accounts_Receivable: revenue * 0.2,
    Inventories: revenue * 0.1,
    Accounts_Payable: revenue * 0.15,
    fixed_assets: revenue * 0.15,
    cash: 30,
    trading_financial_assets: 2,
    long_term_equity_investments: 8,
    short_term_borrowings: 10,
    current_portion_non_current_liabilities: 5,
    long_term_borrowings: 20,
    parent_equity: 100,
    minority_interest: 3,
    share_capital: 10,
  };
}

export const SAMPLE_COMPANY: CompanyStatements = {
  code: '000001',
  name: '样本公司',
  years: {
    2021: sampleYear(51.2),
    2022: sampleYear(64),
    2023: sampleYear(80),
    2024: sampleYear(100),
  },
};

/** The flows of a year-to-date report with `revenue` and the balance sheet of a year with `balanceRevenue`. */
function sampleInterim(revenue: number, balanceRevenue: number): StatementYear {
  const flows = sampleYear(revenue);
  const balance = sampleYear(balanceRevenue);
  return {
    ...flows,
    Accounts_Receivable: balance.Accounts_Receivable,
    Inventories: balance.Inventories,
    Accounts_Payable: balance.Accounts_Payable,
  } as StatementYear;
}

/**
 * The sample company with 一季报 for 2023–2025 (a quarter of the year's revenue, and 2025's first quarter
 * 30), so its base is the trailing twelve months to 2025-03-31: revenue 30 + 100 − 25 = 105, worked by hand
 * in trailing-twelve-months.test.ts. Balance sheets at each quarter's end are those of a year with revenue
 * 4% above the last annual report's (20.8 → 2023-03-31, 84 → 2024-03-31, 104 → 2025-03-31).
 */
export const SAMPLE_COMPANY_WITH_QUARTERS: CompanyStatements = {
  ...SAMPLE_COMPANY,
  interims: {
    '2023-03-31': sampleInterim(20, 66.56),
    '2024-03-31': sampleInterim(25, 84),
    '2025-03-31': sampleInterim(30, 104),
  },
};
