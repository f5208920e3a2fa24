import type { CompanyStatements, StatementYear } from '../statements/items.ts';

/**
 * 工商银行 (601398): a few lines of its annual reports 2017–2022, transcribed by hand from the Sina Finance
 * exports in `../shared/data/sina/601398balancesheet.csv` and `601398profitstatement.csv` (万元 there, 亿元
 * here, divided by 10,000). Enough for the excess-return model: parent equity and the perpetual bonds and
 * preferred shares inside it (其他权益工具), net profit attributable, basic EPS, 股本, and the deposits
 * that mark a bank. Not the whole statements: the Sina layout is not ingested yet.
 */
function icbcYear(figures: {
  revenue: number;
  totalProfit: number;
  incomeTax: number;
  netProfit: number;
  netProfitParent: number;
  eps: number;
  deposits: number;
  totalAssets: number;
  totalLiabilities: number;
  otherEquityInstruments: number;
  parentEquity: number;
  minority: number;
}): StatementYear {
  return {
    operating_revenue: figures.revenue,
    total_profit: figures.totalProfit,
    income_tax: figures.incomeTax,
    net_profit: figures.netProfit,
    net_profit_parent: figures.netProfitParent,
    eps_basic: figures.eps,
    customer_deposits: figures.deposits,
    total_assets: figures.totalAssets,
    total_liabilities: figures.totalLiabilities,
    share_capital: 3564.07,
    other_equity_instruments: figures.otherEquityInstruments,
    parent_equity: figures.parentEquity,
    minority_interest: figures.minority,
  };
}

// biome-ignore format: one year a line, as the annual reports read
export const ICBC: CompanyStatements = {
  code: '601398',
  name: '工商银行',
  years: {
    2017: icbcYear({ revenue: 7265.02, totalProfit: 3646.41, incomeTax: 771.90, netProfit: 2874.51, netProfitParent: 2860.49, eps: 0.79, deposits: 192263.49, totalAssets: 260870.43, totalLiabilities: 239459.87, otherEquityInstruments: 860.51, parentEquity: 21274.91, minority: 135.65 }),
    2018: icbcYear({ revenue: 7737.89, totalProfit: 3724.13, incomeTax: 736.90, netProfit: 2987.23, netProfitParent: 2976.76, eps: 0.82, deposits: 214089.34, totalAssets: 276995.40, totalLiabilities: 253546.57, otherEquityInstruments: 860.51, parentEquity: 23300.01, minority: 148.82 }),
    2019: icbcYear({ revenue: 8551.64, totalProfit: 3917.89, incomeTax: 784.28, netProfit: 3133.61, netProfitParent: 3122.24, eps: 0.86, deposits: 229776.55, totalAssets: 301094.36, totalLiabilities: 274174.33, otherEquityInstruments: 2061.32, parentEquity: 26761.86, minority: 158.17 }),
    2020: icbcYear({ revenue: 8826.65, totalProfit: 3921.26, incomeTax: 744.41, netProfit: 3176.85, netProfitParent: 3159.06, eps: 0.86, deposits: 251347.26, totalAssets: 333450.58, totalLiabilities: 304355.43, otherEquityInstruments: 2258.19, parentEquity: 28935.02, minority: 160.13 }),
    2021: icbcYear({ revenue: 9427.62, totalProfit: 4248.99, incomeTax: 746.83, netProfit: 3502.16, netProfitParent: 3483.38, eps: 0.95, deposits: 264417.74, totalAssets: 351713.83, totalLiabilities: 318961.25, otherEquityInstruments: 3543.31, parentEquity: 32577.55, minority: 175.03 }),
    2022: icbcYear({ revenue: 9179.89, totalProfit: 4225.65, incomeTax: 615.27, netProfit: 3610.38, netProfitParent: 3604.83, eps: 0.97, deposits: 298704.91, totalAssets: 396096.57, totalLiabilities: 360958.31, otherEquityInstruments: 3543.31, parentEquity: 34951.71, minority: 186.55 }),
  },
};
