import { multiple } from '../market/price-against-value.ts';
import { valueFiguresOf } from '../market/value-figures.ts';
import type { CompanyStatements } from '../statements/items.ts';
import type { CompanyValuation } from '../valuation/company-valuation.ts';
import type { IndustryComparisonView, IndustryMetric } from './industry-comparison-view.ts';

/** A year-end quote snapshot (the last of its calendar year the server holds): price in 元, 亿元, 亿股. */
export interface YearEndQuote {
  readonly date: string;
  readonly price: number;
  readonly market_cap: number | null;
  readonly shares: number | null;
}

export interface PeYear {
  readonly year: number;
  /** The snapshot's date ('2024-12-31'). */
  readonly date: string;
  readonly price: number;
  /** 亿股: the snapshot's 总股本 (a close moves with 送转 and 配股; the market cap does not). */
  readonly shares: number | null;
  /** 亿元: the snapshot's 总市值, else its price × its 总股本. */
  readonly market_cap: number | null;
  /** That year's annual report is stored: P/E and P/B are of that year's own figures, else none. */
  readonly reported: boolean;
  /** Market cap / that year's 归母净利润; null when not meaningful (a loss), missing or not reported. */
  readonly pe: number | null;
  /** Market cap / that year-end's 归母净资产. */
  readonly pb: number | null;
}

export interface IndustryMultiple {
  readonly median: number;
  /** The quoted companies the median covers. */
  readonly count: number;
}

/**
 * PE估值: the company's year-end closes, market caps, P/E and P/B where quotes exist, today's DCF equity
 * value beside those market caps, and the value per share the industry's median P/E and P/B imply, beside
 * the DCF value. `missing` says what data is lacking instead of empty axes.
 */
export interface PeValuationView {
  readonly industry: string;
  readonly latest_year: number;
  readonly years: readonly PeYear[];
  readonly industry_pe: IndustryMultiple | null;
  readonly industry_pb: IndustryMultiple | null;
  /** 元: latest 归母净利润 / shares, and latest 归母净资产 / shares. */
  readonly earnings_per_share: number | null;
  readonly book_value_per_share: number | null;
  /** 元 per share: industry median P/E × EPS (null when EPS ≤ 0 or no median). */
  readonly implied_by_pe: number | null;
  readonly implied_by_pb: number | null;
  readonly dcf_value_per_share: number | null;
  /**
   * 亿元: today's DCF equity value (of the latest annual report), set beside every year-end's market cap;
   * null without a positive one. Not a value as of each year-end (docs/model.md, PE估值).
   */
  readonly dcf_equity_value: number | null;
  /** The latest price, when quoted. */
  readonly price: number | null;
  readonly missing: readonly string[];
}

function industryMultiple(view: IndustryComparisonView | null, metric: IndustryMetric): IndustryMultiple | null {
  const entry = view?.metrics.find((candidate) => candidate.metric === metric);
  return entry && entry.median !== null ? { median: entry.median, count: entry.count } : null;
}

/** The last snapshot of each calendar year, oldest first. */
function lastOfEachYear(quotes: readonly YearEndQuote[]): YearEndQuote[] {
  const byYear = new Map<number, YearEndQuote>();
  for (const quote of [...quotes].sort((a, b) => a.date.localeCompare(b.date))) {
    byYear.set(Number(quote.date.slice(0, 4)), quote);
  }
  return [...byYear.values()];
}

function marketCapOf(quote: YearEndQuote): number | null {
  if (quote.market_cap !== null && quote.market_cap > 0) return quote.market_cap;
  return quote.shares !== null && quote.shares > 0 ? quote.price * quote.shares : null;
}

export function peValuationView(
  valuation: CompanyValuation,
  statements: CompanyStatements,
  yearEndQuotes: readonly YearEndQuote[],
  industry: IndustryComparisonView | null,
  price: number | null,
): PeValuationView {
  const netProfitByYear = new Map(valuation.profitability.map((row) => [row.year, row.netProfit]));
  // Every year-end snapshot, those after the latest report too: the closes over time; the multiples only
  // where that year's own report is stored.
  const years = lastOfEachYear(yearEndQuotes).map((quote): PeYear => {
    const year = Number(quote.date.slice(0, 4));
    const marketCap = marketCapOf(quote);
    const reported = statements.years[year] !== undefined;
    return {
      year,
      date: quote.date,
      price: quote.price,
      shares: quote.shares !== null && quote.shares > 0 ? quote.shares : null,
      market_cap: marketCap,
      reported,
      pe: reported ? multiple(marketCap, netProfitByYear.get(year) ?? null) : null,
      pb: reported ? multiple(marketCap, statements.years[year]?.parent_equity ?? null) : null,
    };
  });
  const equity = valuation.dcf?.valuation.equity_value ?? null;
  // EPS and book value per share at the valuation's base: the trailing twelve months' profit when it is one.
  const figures = valueFiguresOf(valuation, valuation.statements.years[valuation.latestYear]);
  const annualBase = valuation.base.period === 'FY';
  const profitOf = annualBase ? `${valuation.latestYear}年` : `${valuation.base.label}滚动十二个月`;
  const equityAt = annualBase ? `${valuation.latestYear}年末` : `${valuation.base.label}期末`;
  const shares = valuation.parameters.total_shares;
  const positive = (value: number | null) => (value !== null && value > 0 ? value : null);
  const eps = multiple(positive(figures.netProfit), shares);
  const bvps = multiple(positive(figures.parentEquity), shares);
  const industryPe = industryMultiple(industry, 'pe');
  const industryPb = industryMultiple(industry, 'pb');
  const missing: string[] = [];
  if (years.length === 0) {
    missing.push('暂无年末行情：上传各年年末行情（收盘价与总市值或总股本）后显示历年市盈率与市净率');
  } else if (!years.some((row) => row.reported)) {
    missing.push('年末行情的年份没有对应的年报数据：只列股价与市值，不计算市盈率与市净率');
  }
  if (!industry) missing.push('暂无行业统计：联网刷新该公司数据后显示行业中位数');
  else if (!industryPe) missing.push(`“${industry.industry}”暂无有行情的公司，无法取得行业市盈率中位数`);
  if (eps === null) missing.push(`${profitOf}归母净利润缺失或不为正：按市盈率的估值无意义（n.m.）`);
  if (bvps === null) missing.push(`${equityAt}归母净资产缺失或不为正：按市净率的估值无意义（n.m.）`);
  return {
    industry: industry?.industry ?? '',
    latest_year: valuation.latestYear,
    years,
    industry_pe: industryPe,
    industry_pb: industryPb,
    earnings_per_share: eps,
    book_value_per_share: bvps,
    implied_by_pe: industryPe && eps !== null ? industryPe.median * eps : null,
    implied_by_pb: industryPb && bvps !== null ? industryPb.median * bvps : null,
    dcf_value_per_share: figures.valuePerShare,
    dcf_equity_value: equity !== null && equity > 0 ? equity : null,
    price,
    missing,
  };
}
