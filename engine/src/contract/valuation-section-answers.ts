import * as z from 'zod/mini';
import { MODEL_IDS } from '../valuation/models/model-types.ts';
import { envelope, named } from './envelope.ts';

/** The report sections 估值与股息 and PE估值, as GET /api/home/… answers them (and the bundle's year-end quotes). */

const nullableNumber = z.nullable(z.number());

/** Price against value at the latest quote: the 估值与股息 section's figures and each screener row's. */
export const priceAgainstValueSchema = z.object({
  price: z.number(),
  date: z.string(),
  age_days: z.number(),
  stale: z.boolean(),
  market_cap: nullableNumber,
  value_per_share: nullableNumber,
  margin_of_safety: nullableNumber,
  pe: nullableNumber,
  pb: nullableNumber,
  fcff_ev_yield: nullableNumber,
  market_ev: nullableNumber,
  ev_ebit: nullableNumber,
});

export const valuationSummaryViewSchema = named(
  'ValuationSummary',
  z.object({
    latest_year: z.number(),
    model: z
      .nullable(z.enum(MODEL_IDS))
      .check(z.describe('每股价值所用的估值模型（fcff 或 excess_return）；无模型可估值时为 null')),
    value_per_share: nullableNumber,
    market: z.nullable(priceAgainstValueSchema).check(z.describe('最新行情的价格与估值对比；无行情时为 null')),
    dividend_yield: nullableNumber.check(z.describe('行情文件的股息率（小数）；未提供时为 null')),
    no_price: z.nullable(z.string()),
    reasons: z.array(
      z.object({
        figure: z.enum(['value_per_share', 'margin_of_safety', 'pe', 'pb', 'fcff_ev_yield', 'ev_ebit']),
        reason: z.string(),
      }),
    ),
    range: z
      .nullable(
        z.object({
          weighted_value: nullableNumber,
          p10: nullableNumber,
          p50: nullableNumber,
          p90: nullableNumber,
          draws: z.number(),
          rating: z.nullable(z.enum(['低', '中', '高', '极高'])),
          required_margin: nullableNumber,
          verdict: z.nullable(z.enum(['低估', '合理', '高估'])),
          basis: z.string(),
        }),
      )
      .check(z.describe('价值区间、不确定性评级与结论（见 GET /api/home/uncertainty）；不适用时为 null')),
  }),
);
export const valuationSummaryAnswer = envelope(valuationSummaryViewSchema);

export const yearEndQuoteSchema = z.object({
  date: z.string(),
  price: z.number(),
  market_cap: nullableNumber,
  shares: nullableNumber,
});

const industryMultipleSchema = z.nullable(z.object({ median: z.number(), count: z.number() }));

export const peValuationViewSchema = named(
  'PeValuation',
  z.object({
    industry: z.string(),
    latest_year: z.number(),
    years: z.array(
      z.object({
        year: z.number(),
        date: z.string(),
        price: z.number(),
        shares: nullableNumber,
        market_cap: nullableNumber,
        reported: z.boolean().check(z.describe('当年年报已入库：市盈率、市净率按当年数据计算，否则不计算')),
        pe: nullableNumber,
        pb: nullableNumber,
      }),
    ),
    industry_pe: industryMultipleSchema.check(z.describe('行业市盈率中位数与覆盖的有行情公司数')),
    industry_pb: industryMultipleSchema,
    earnings_per_share: nullableNumber,
    book_value_per_share: nullableNumber,
    implied_by_pe: nullableNumber.check(z.describe('行业市盈率中位数 × 每股收益（元）')),
    implied_by_pb: nullableNumber.check(z.describe('行业市净率中位数 × 每股净资产（元）')),
    dcf_value_per_share: nullableNumber,
    dcf_equity_value: nullableNumber.check(z.describe('今日DCF股权价值（亿元），与各年末总市值并列，非当年的估值')),
    price: nullableNumber,
    missing: z.array(z.string()).check(z.describe('缺少的数据及其影响')),
  }),
);
export const peValuationAnswer = envelope(peValuationViewSchema);
