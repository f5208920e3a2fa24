import { REPORT_TYPES, type ReportType, type StatementItem } from '@fcf/engine';
import { splitLabelUnit } from './units.ts';

type SynonymSource = Readonly<Partial<Record<StatementItem, readonly string[]>>>;

const NET_PROFIT_PARENT = [
  '归属于母公司所有者的净利润',
  '归属于母公司股东的净利润',
  '归属母公司股东的净利润',
  // The Sina exports of banks' statements.
  '归属于母公司的净利润',
  '归母净利润',
];
const NET_PROFIT_DEDUCTED = ['净利润(扣除非经常性损益后)', '扣除非经常性损益后的净利润', '扣非净利润'];
const EPS_BASIC = ['基本每股收益', '每股收益'];
const OPERATING_CASH_FLOW = [
  '经营活动产生的现金流量净额',
  // The indirect-method supplement repeats the total without 的; the figure is the same.
  '经营活动产生现金流量净额',
  '经营活动现金流量净额',
];
const TOTAL_SHARES = ['期末总股本', '总股本', '股本总数', '期末股本总数'];
const PARENT_EQUITY = [
  '归属于母公司股东权益合计',
  '归属于母公司所有者权益合计',
  '归属于母公司股东的权益',
  '股东权益不含少数股东权益',
];

const INCOME_STATEMENT: SynonymSource = {
  total_operating_revenue: ['营业总收入'],
  operating_revenue: ['营业收入', '主营业务收入'],
  // 营业支出: a bank's total operating expenses.
  total_operating_cost: ['营业总成本', '营业支出'],
  operating_cost: ['营业成本', '主营业务成本'],
  tax_expenses: ['营业税金及附加', '税金及附加', '主营业务税金及附加'],
  selling_expenses: ['销售费用', '营业费用'],
  management_expenses: ['管理费用', '业务及管理费用'],
  r_and_d_expenses: ['研发费用'],
  financial_expenses: ['财务费用'],
  asset_impairment_loss: ['资产减值损失'],
  credit_impairment_loss: ['信用减值损失'],
  other_income: ['其他收益'],
  investment_income: ['投资收益', '投资净收益'],
  fair_value_change_income: ['公允价值变动收益', '公允价值变动净收益'],
  operating_profit: ['营业利润'],
  non_operating_income: ['营业外收入'],
  non_operating_expenses: ['营业外支出'],
  total_profit: ['利润总额'],
  income_tax: ['所得税费用', '所得税'],
  net_profit: ['净利润'],
  net_profit_parent: NET_PROFIT_PARENT,
  net_profit_deducted: NET_PROFIT_DEDUCTED,
  // The Sina bank export names the minority's share of profit 少数股东权益 in its income statement.
  minority_profit: ['少数股东损益', '少数股东权益'],
  eps_basic: EPS_BASIC,
  net_interest_income: ['利息净收入'],
};

// 应收票据及应收账款 is no synonym: it is the sum of two items mapped on their own, and taking it as either
// would double count. It is a CombinedLine (above), read only where neither of the two is reported.
const BALANCE_SHEET: SynonymSource = {
  // A bank's 现金及存放中央银行款项 is its cash line.
  cash: ['货币资金', '现金及存放中央银行款项'],
  trading_financial_assets: ['交易性金融资产'],
  derivative_financial_assets: ['衍生金融资产'],
  Notes_Receivable: ['应收票据'],
  receivables_financing: ['应收款项融资'],
  Accounts_Receivable: ['应收账款'],
  Prepayments: ['预付款项', '预付账款'],
  // Since 2018 其他应收款 includes 应收利息 and 应收股利; exports print the line as 其他应收款(合计).
  Other_Receivables: ['其他应收款', '其他应收款合计'],
  Inventories: ['存货'],
  Contract_Assets: ['合同资产'],
  current_assets_total: ['流动资产合计'],
  available_for_sale_financial_assets: ['可供出售金融资产'],
  held_to_maturity_investments: ['持有至到期投资'],
  long_term_equity_investments: ['长期股权投资'],
  other_equity_instrument_investments: ['其他权益工具投资'],
  other_non_current_financial_assets: ['其他非流动金融资产'],
  investment_property: ['投资性房地产'],
  right_of_use_assets: ['使用权资产'],
  other_current_assets: ['其他流动资产'],
  // Not 固定资产净值: NetEase's 净值 is before impairment; 固定资产 (净额) is after it.
  fixed_assets: ['固定资产', '固定资产净额', '固定资产合计'],
  loans_and_advances: ['发放贷款及垫款', '发放贷款和垫款'],
  construction_in_progress: ['在建工程'],
  intangible_assets: ['无形资产'],
  goodwill: ['商誉'],
  total_assets: ['资产总计', '资产合计', '总资产'],
  short_term_borrowings: ['短期借款'],
  short_term_bonds_payable: ['应付短期债券'],
  // Financial businesses' balances: they mark banks, insurers and brokers (see the engine's company-kind).
  customer_deposits: ['吸收存款及同业存放', '吸收存款', '客户存款(吸收存款)', '客户存款'],
  insurance_contract_reserves: ['保险合同准备金'],
  brokerage_client_deposits: ['代理买卖证券款'],
  Notes_Payable: ['应付票据'],
  Accounts_Payable: ['应付账款'],
  Advances_From_Customers: ['预收账款', '预收款项'],
  Contract_Liabilities: ['合同负债'],
  Employee_Benefits_Payable: ['应付职工薪酬'],
  Taxes_Payable: ['应交税费'],
  current_portion_non_current_liabilities: ['一年内到期的非流动负债'],
  current_liabilities_total: ['流动负债合计'],
  long_term_borrowings: ['长期借款'],
  bonds_payable: ['应付债券'],
  lease_liabilities: ['租赁负债'],
  // Since 2018 it includes 专项应付款, printed as 长期应付款(合计).
  long_term_payables: ['长期应付款', '长期应付款合计'],
  total_liabilities: ['负债合计', '总负债'],
  share_capital: ['实收资本(或股本)', '股本', '实收资本'],
  total_shares: TOTAL_SHARES,
  // The equity-classified perpetual bonds and preferred shares (a claim before the ordinary shareholders);
  // not 其他权益工具投资, an asset. Its '其中：优先股 / 永续债' sub-lines stay unmapped (no double count).
  other_equity_instruments: ['其他权益工具'],
  // The parent's equity lines (a gap between them and the total is a claim the layout does not show).
  capital_reserve: ['资本公积'],
  treasury_shares: ['库存股', '减:库存股'],
  other_comprehensive_income: ['其他综合收益', '外币报表折算差额'],
  special_reserve: ['专项储备'],
  surplus_reserve: ['盈余公积'],
  general_risk_reserve: ['一般风险准备'],
  retained_earnings: ['未分配利润'],
  proposed_dividends: ['拟分配现金股利'],
  unconfirmed_investment_loss: ['未确定的投资损失'],
  parent_equity: PARENT_EQUITY,
  minority_interest: ['少数股东权益'],
  total_equity: ['所有者权益(或股东权益)合计', '股东权益合计', '所有者权益合计'],
};

// The indirect-method supplement also lists 净利润, 财务费用 and 少数股东损益; those belong to the income
// statement and are left unmapped here so a cash-flow upload never overwrites them.
const CASH_FLOW: SynonymSource = {
  operating_cash_flow: OPERATING_CASH_FLOW,
  Cash_Paid_For_Acquisition_Assets: [
    '购建固定资产、无形资产和其他长期资产所支付的现金',
    '购建固定资产、无形资产和其他长期资产支付的现金',
  ],
  depreciation_fixed_assets: [
    '固定资产折旧、油气资产折耗、生产性物资折旧',
    '固定资产折旧、油气资产折耗、生产性生物资产折旧',
  ],
  depreciation_right_of_use_assets: ['使用权资产折旧'],
  amortization_intangible_assets: ['无形资产摊销'],
  amortization_long_term_prepaid: ['长期待摊费用摊销'],
};

const FINANCIAL_SUMMARY: SynonymSource = {
  eps_basic: EPS_BASIC,
  book_value_per_share: ['每股净资产'],
  total_operating_revenue: ['营业总收入'],
  operating_revenue: ['主营业务收入', '营业收入'],
  operating_profit: ['营业利润'],
  investment_income: ['投资收益'],
  total_profit: ['利润总额'],
  // NetEase's summary 净利润 is the parent's share: 安琪酵母 2019 shows 90,150 万元, the income
  // statement's 归属于母公司所有者的净利润, not its 净利润 of 93,988 万元.
  net_profit_parent: ['净利润', ...NET_PROFIT_PARENT],
  net_profit_deducted: NET_PROFIT_DEDUCTED,
  operating_cash_flow: OPERATING_CASH_FLOW,
  total_assets: ['总资产', '资产总计'],
  current_assets_total: ['流动资产', '流动资产合计'],
  total_liabilities: ['总负债', '负债合计'],
  current_liabilities_total: ['流动负债', '流动负债合计'],
  parent_equity: PARENT_EQUITY,
  total_shares: TOTAL_SHARES,
  weighted_roe_percent: ['净资产收益率加权', '加权平均净资产收益率'],
};

/**
 * A line that sums two lines mapped on their own (the 2018 format's 应收票据及应收账款): taken as `item`
 * only in a report that carries neither of `unless` (the Sina exports of some 2018–2019 reports have the
 * sum alone), so it never counts twice.
 */
export interface CombinedLine {
  readonly item: StatementItem;
  readonly unless: readonly StatementItem[];
}

const COMBINED_LINES: Partial<Record<ReportType, Readonly<Record<string, CombinedLine>>>> = {
  balance_sheet: {
    应收票据及应收账款: { item: 'Accounts_Receivable', unless: ['Notes_Receivable', 'Accounts_Receivable'] },
    应付票据及应付账款: { item: 'Accounts_Payable', unless: ['Notes_Payable', 'Accounts_Payable'] },
  },
};

/**
 * The comparable core of a label: unit suffix, '(损失以“-”号填列)' notes, outline numbering ('一、',
 * '(二)', '1.'), the '其中：'/'加：'/'减：' prefixes, brackets, colons and spaces all dropped, full-width
 * forms folded to half-width.
 */
export function normaliseLabel(label: string): string {
  return splitLabelUnit(label.normalize('NFKC'))
    .name.replace(/\([^()]*填列\)/g, '')
    .replace(/^(?:[一二三四五六七八九十]+[、.]|\(?[一二三四五六七八九十\d]+\)|\d+[、.])/, '')
    .replace(/^(?:其中|加|减)\s*:/, '')
    .replace(/[\s()[\]【】:]/g, '');
}

function buildLookup(source: SynonymSource): ReadonlyMap<string, StatementItem> {
  const lookup = new Map<string, StatementItem>();
  for (const [item, labels] of Object.entries(source) as [StatementItem, readonly string[]][]) {
    for (const label of labels) lookup.set(normaliseLabel(label), item);
  }
  return lookup;
}

const LOOKUPS: Readonly<Record<ReportType, ReadonlyMap<string, StatementItem>>> = {
  income_statement: buildLookup(INCOME_STATEMENT),
  balance_sheet: buildLookup(BALANCE_SHEET),
  cash_flow: buildLookup(CASH_FLOW),
  financial_summary: buildLookup(FINANCIAL_SUMMARY),
};

export function lookupItem(reportType: ReportType, label: string): StatementItem | undefined {
  return LOOKUPS[reportType].get(normaliseLabel(label));
}

const COMBINED_LOOKUP: ReadonlyMap<string, CombinedLine> = new Map(
  REPORT_TYPES.flatMap((type) =>
    Object.entries(COMBINED_LINES[type] ?? {}).map(
      ([label, line]) => [`${type}|${normaliseLabel(label)}`, line] as const,
    ),
  ),
);

/** The combined line a label names (see CombinedLine), if any. */
export function lookupCombinedLine(reportType: ReportType, label: string): CombinedLine | undefined {
  return COMBINED_LOOKUP.get(`${reportType}|${normaliseLabel(label)}`);
}

/** The report type whose vocabulary recognises the most labels; undefined when none recognises any. */
export function reportTypeByLabels(labels: readonly string[]): ReportType | undefined {
  let best: { reportType: ReportType; count: number } | undefined;
  for (const reportType of REPORT_TYPES) {
    const count = labels.filter((label) => lookupItem(reportType, label)).length;
    if (count > 0 && (!best || count > best.count)) best = { reportType, count };
  }
  return best?.reportType;
}

/** Items whose canonical figure is a loss read as positive. */
const LOSS_ITEMS: ReadonlySet<StatementItem> = new Set(['asset_impairment_loss', 'credit_impairment_loss']);
/** The note new-format statements print beside a loss line: '(损失以“－”号填列)', losses negative. */
const LOSSES_NEGATIVE = /损失以\W*[-－−]\W*号填列/;

/**
 * −1 where the label says the layout prints losses as negative numbers (the 2019 formats' impairment lines),
 * so that a loss is positive in the canonical item whatever the layout; else 1.
 */
export function lossSign(item: StatementItem, label: string): 1 | -1 {
  return LOSS_ITEMS.has(item) && LOSSES_NEGATIVE.test(label.normalize('NFKC')) ? -1 : 1;
}

const PER_SHARE_ITEMS: ReadonlySet<StatementItem> = new Set(['eps_basic', 'book_value_per_share']);
const PERCENT_ITEMS: ReadonlySet<StatementItem> = new Set(['weighted_roe_percent']);

/**
 * Amounts convert to 亿元 and share counts to 亿股; per-share figures stay in 元 and percentages in %,
 * whatever the label says.
 */
export function itemMeasure(item: StatementItem): 'amount' | 'shares' | 'per-share' | 'percent' {
  if (item === 'total_shares') return 'shares';
  if (PER_SHARE_ITEMS.has(item)) return 'per-share';
  return PERCENT_ITEMS.has(item) ? 'percent' : 'amount';
}
