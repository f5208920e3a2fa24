/**
 * Canonical statement items: the one vocabulary that ingest maps every source layout onto, and that the
 * analytics and the forecast read. Every amount is in 亿元 (1e8 yuan); per-share figures in 元.
 */

/** 利润表 (income statement). */
export const INCOME_ITEMS = [
  'total_operating_revenue', // 营业总收入
  'operating_revenue', // 营业收入 (主营业务收入 in the financial summary)
  'total_operating_cost', // 营业总成本
  'operating_cost', // 营业成本
  'tax_expenses', // 营业税金及附加 / 税金及附加
  'selling_expenses', // 销售费用
  'management_expenses', // 管理费用
  'r_and_d_expenses', // 研发费用
  'financial_expenses', // 财务费用
  'asset_impairment_loss', // 资产减值损失 (a loss is positive, whatever sign the layout prints)
  'credit_impairment_loss', // 信用减值损失 (from 2019; a loss is positive)
  'other_income', // 其他收益 (government grants and the like; from 2017)
  'investment_income', // 投资收益
  'fair_value_change_income', // 公允价值变动收益
  'operating_profit', // 营业利润
  'non_operating_income', // 营业外收入
  'non_operating_expenses', // 营业外支出
  'total_profit', // 利润总额
  'income_tax', // 所得税费用
  'net_profit', // 净利润
  'net_profit_parent', // 归属于母公司所有者的净利润
  'net_profit_deducted', // 扣除非经常性损益后的净利润
  'minority_profit', // 少数股东损益
  'eps_basic', // 基本每股收益 (元)
  'net_interest_income', // 利息净收入 (banks)
] as const;

/** The six operating current assets and six operating current liabilities of the working-capital model. */
export const WORKING_CAPITAL_ASSETS = [
  'Notes_Receivable', // 应收票据
  'Accounts_Receivable', // 应收账款
  'Prepayments', // 预付款项
  'Inventories', // 存货
  'Other_Receivables', // 其他应收款
  'Contract_Assets', // 合同资产
] as const;

export const WORKING_CAPITAL_LIABILITIES = [
  'Notes_Payable', // 应付票据
  'Accounts_Payable', // 应付账款
  'Advances_From_Customers', // 预收款项
  'Contract_Liabilities', // 合同负债
  'Employee_Benefits_Payable', // 应付职工薪酬
  'Taxes_Payable', // 应交税费
] as const;

export const WORKING_CAPITAL_ITEMS = [...WORKING_CAPITAL_ASSETS, ...WORKING_CAPITAL_LIABILITIES] as const;

/**
 * Reclassified with 应收票据 (2019 financial-instrument standard): notes that are held to collect or sell
 * moved to 应收款项融资. The model reads the two together as the working-capital item Notes_Receivable.
 */
export const RECEIVABLES_FINANCING_ITEM = 'receivables_financing'; // 应收款项融资

/** Cash-like assets of the equity bridge: cash and what can be turned into cash at once. */
export const CASH_LIKE_ITEMS = [
  'cash', // 货币资金
  'trading_financial_assets', // 交易性金融资产
] as const;

/** Assets that earn outside the operating business: added to enterprise value in the equity bridge. */
export const NON_CORE_ASSET_ITEMS = [
  'derivative_financial_assets', // 衍生金融资产
  'available_for_sale_financial_assets', // 可供出售金融资产
  'held_to_maturity_investments', // 持有至到期投资
  'long_term_equity_investments', // 长期股权投资
  'other_equity_instrument_investments', // 其他权益工具投资
  'other_non_current_financial_assets', // 其他非流动金融资产
  'investment_property', // 投资性房地产
] as const;

/**
 * Debt that bears interest, leases included: the debt of invested capital and of the WACC's weights, and
 * (with the equity-classified claims below) subtracted in the equity bridge.
 */
export const INTEREST_BEARING_DEBT_ITEMS = [
  'short_term_borrowings', // 短期借款
  'short_term_bonds_payable', // 应付短期债券
  'current_portion_non_current_liabilities', // 一年内到期的非流动负债
  'long_term_borrowings', // 长期借款
  'bonds_payable', // 应付债券
  'lease_liabilities', // 租赁负债
  'long_term_payables', // 长期应付款 (mostly finance leases and instalment purchases)
] as const;

/**
 * Claims booked in equity that rank before the ordinary shareholders: perpetual bonds and preferred shares
 * (其他权益工具, not 其他权益工具投资, which is an asset). Subtracted in the equity bridge; part of book
 * equity, so not added again to invested capital.
 */
export const EQUITY_CLAIM_ITEMS = [
  'other_equity_instruments', // 其他权益工具 (永续债、优先股)
] as const;

/** Everything the equity bridge subtracts before minority interest. */
export const DEBT_LIKE_ITEMS = [...INTEREST_BEARING_DEBT_ITEMS, ...EQUITY_CLAIM_ITEMS] as const;

/**
 * Balances only banks, insurers and brokers carry in size: customer deposits, insurance reserves, clients'
 * brokerage cash. A group's finance company has some, so they mark a financial company only by their weight.
 */
export const FINANCIAL_BUSINESS_ITEMS = [
  'customer_deposits', // 吸收存款(及同业存放)
  'insurance_contract_reserves', // 保险合同准备金
  'brokerage_client_deposits', // 代理买卖证券款
] as const;

/**
 * The parent's equity lines besides 股本 and 其他权益工具: what 归属于母公司股东权益合计 adds up from. A gap
 * between the total and its lines is a claim the layout does not show (perpetual bonds without a 其他权益工具
 * line). 库存股 and 未确定的投资损失 are subtracted; the others added.
 */
export const PARENT_EQUITY_LINE_ITEMS = [
  'capital_reserve', // 资本公积
  'treasury_shares', // 库存股 (subtracted)
  'other_comprehensive_income', // 其他综合收益 (外币报表折算差额 in older layouts)
  'special_reserve', // 专项储备
  'surplus_reserve', // 盈余公积
  'general_risk_reserve', // 一般风险准备
  'retained_earnings', // 未分配利润
  'proposed_dividends', // 拟分配现金股利
  'unconfirmed_investment_loss', // 未确定的投资损失 (subtracted)
] as const;

/** 资产负债表 (balance sheet). */
export const BALANCE_ITEMS = [
  ...CASH_LIKE_ITEMS,
  ...WORKING_CAPITAL_ITEMS,
  RECEIVABLES_FINANCING_ITEM,
  ...NON_CORE_ASSET_ITEMS,
  ...DEBT_LIKE_ITEMS,
  ...FINANCIAL_BUSINESS_ITEMS,
  'loans_and_advances', // 发放贷款及垫款 (banks, and a group's finance company)
  'right_of_use_assets', // 使用权资产
  'other_current_assets', // 其他流动资产 (理财 and prepaid taxes alike: cash-like only where an admin says so)
  'current_assets_total', // 流动资产合计
  'fixed_assets', // 固定资产
  'construction_in_progress', // 在建工程
  'intangible_assets', // 无形资产
  'goodwill', // 商誉
  'total_assets', // 资产总计
  'current_liabilities_total', // 流动负债合计
  'total_liabilities', // 负债合计
  'share_capital', // 实收资本(或股本), 亿元: 亿股 at a par of 1 元
  'total_shares', // 期末总股本 / 总股本 where a source carries it, 亿股
  ...PARENT_EQUITY_LINE_ITEMS,
  'parent_equity', // 归属于母公司股东权益合计
  'minority_interest', // 少数股东权益
  'total_equity', // 所有者权益合计
] as const;

/** 现金流量表 (cash-flow statement). */
export const CASH_FLOW_ITEMS = [
  'operating_cash_flow', // 经营活动产生的现金流量净额
  'Cash_Paid_For_Acquisition_Assets', // 购建固定资产、无形资产和其他长期资产支付的现金
  'depreciation_fixed_assets', // 固定资产折旧、油气资产折耗、生产性生物资产折旧
  'depreciation_right_of_use_assets', // 使用权资产折旧
  'amortization_intangible_assets', // 无形资产摊销
  'amortization_long_term_prepaid', // 长期待摊费用摊销
] as const;

/** 主要财务指标 (financial summary) items that the three statements do not carry. */
export const SUMMARY_ITEMS = [
  'book_value_per_share', // 每股净资产 (元)
  'weighted_roe_percent', // 净资产收益率加权 (%)
] as const;

export const STATEMENT_ITEMS = [...INCOME_ITEMS, ...BALANCE_ITEMS, ...CASH_FLOW_ITEMS, ...SUMMARY_ITEMS] as const;

export type StatementItem = (typeof STATEMENT_ITEMS)[number];
export type WorkingCapitalItem = (typeof WORKING_CAPITAL_ITEMS)[number];

/** One company-year of reported figures; an absent item was not reported. */
export type StatementYear = Partial<Record<StatementItem, number>>;

/** What one company has reported, by fiscal year (annual reports), and its interim reports beside them. */
export interface CompanyStatements {
  /** 6-digit stock code, '' when unknown. */
  readonly code: string;
  readonly name: string;
  readonly years: Readonly<Record<number, StatementYear>>;
  /**
   * Interim reports by their period-end date ('2022-09-30', statements/periods.ts): income and cash-flow
   * figures year-to-date, balance-sheet figures at that date. Absent or empty: annual reports only.
   */
  readonly interims?: Readonly<Record<string, StatementYear>>;
}

const STATEMENT_ITEM_SET: ReadonlySet<string> = new Set(STATEMENT_ITEMS);

export function isStatementItem(key: string): key is StatementItem {
  return STATEMENT_ITEM_SET.has(key);
}

/** The four report types a company can have uploaded (completeness is counted x/4). */
export const REPORT_TYPES = ['income_statement', 'balance_sheet', 'cash_flow', 'financial_summary'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_TYPE_LABELS: Readonly<Record<ReportType, string>> = {
  income_statement: '利润表',
  balance_sheet: '资产负债表',
  cash_flow: '现金流量表',
  financial_summary: '财务摘要',
};
