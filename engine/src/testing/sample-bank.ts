import type { CompanyStatements, StatementYear } from '../statements/items.ts';

/**
 * A small made-up bank (亿元), shaped like a listed city commercial bank: loans funded by customer deposits
 * (吸收存款 82% of liabilities), a thin equity layer, no inventories or capex to speak of. Its statements alone,
 * without an industry code, must mark it a financial company.
 */
function bankYear(scale: number): StatementYear {
  return {
    operating_revenue: 120 * scale,
    operating_cost: 0,
    tax_expenses: 1.2 * scale,
    management_expenses: 38 * scale,
    financial_expenses: 0,
    total_profit: 55 * scale,
    income_tax: 9 * scale,
    net_profit: 46 * scale,
    net_profit_parent: 45 * scale,
    eps_basic: 0.9 * scale,
    cash: 260 * scale,
    trading_financial_assets: 310 * scale,
    Other_Receivables: 6 * scale,
    Taxes_Payable: 4 * scale,
    Employee_Benefits_Payable: 9 * scale,
    customer_deposits: 2870 * scale,
    bonds_payable: 420 * scale,
    total_assets: 3800 * scale,
    total_liabilities: 3500 * scale,
    share_capital: 50,
    parent_equity: 296 * scale,
    minority_interest: 4 * scale,
    depreciation_fixed_assets: 2 * scale,
    Cash_Paid_For_Acquisition_Assets: 3 * scale,
  };
}

export const SAMPLE_BANK: CompanyStatements = {
  code: '000000',
  name: '样本银行',
  years: { 2022: bankYear(0.9), 2023: bankYear(0.95), 2024: bankYear(1) },
};
