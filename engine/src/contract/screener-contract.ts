import * as z from 'zod/mini';
import { DEFAULT_SCREENER_QUERY, SCREENER_SORTS, type ScreenerQuery, type ScreenerSort } from '../market/screener.ts';
import { MODEL_IDS } from '../valuation/models/model-types.ts';
import { envelope, named } from './envelope.ts';
import { valuationWarningSchema } from './model-schemas.ts';
import { priceAgainstValueSchema } from './valuation-section-answers.ts';

/** GET /api/data/screener: the whole-market screen (same rows as the 估值筛选 page). */

export const SCREENER_MAX_LIMIT = 500;

export const screenerQuerySchema = z.object({
  sort: z.optional(z.string().check(z.describe(`排序字段：${SCREENER_SORTS.join(' / ')}，默认 margin_of_safety`))),
  order: z.optional(z.string().check(z.describe('asc 或 desc（默认）'))),
  industry: z.optional(z.string().check(z.maxLength(100), z.describe('只看该行业（国标门类名称）'))),
  min_market_cap: z.optional(z.string().check(z.describe('总市值下限（亿元）'))),
  max_market_cap: z.optional(z.string().check(z.describe('总市值上限（亿元）'))),
  hide_flagged: z.optional(
    z.string().check(z.describe('1（默认）隐藏估值带 negative_* 或 financial_company 标记的公司；0 显示')),
  ),
  limit: z.optional(z.string().check(z.describe(`条数，1–${SCREENER_MAX_LIMIT}，默认 50`))),
  offset: z.optional(z.string().check(z.describe('跳过的条数，默认 0'))),
});
export type ScreenerQueryParams = z.infer<typeof screenerQuerySchema>;

const nullableNumber = z.nullable(z.number());

export const screenerRowSchema = named(
  'ScreenerRow',
  z.extend(priceAgainstValueSchema, {
    code: z.string(),
    name: z.string(),
    industry: z.string(),
    model: z
      .nullable(z.enum(MODEL_IDS))
      .check(z.describe('每股价值所用的估值模型：fcff（自由现金流折现）或 excess_return（超额收益）')),
    roic: nullableNumber,
    roe: nullableNumber,
    revenue_growth: nullableNumber,
    flags: z.array(
      z.string().check(z.describe('warnings 的代码；negative_* 与 financial_company 在 hide_flagged=1 时隐藏')),
    ),
    warnings: z
      .array(valuationWarningSchema)
      .check(z.describe('估值提示（与 DCF 接口同一组代码），筛选行以图标显示，悬停或读屏列出全文')),
    latest_report_year: z.nullable(z.number().check(z.describe('每股价值所基于的最新年报年度（数据日期）'))),
    base_period: z.nullable(
      z.string().check(z.describe('每股价值基于季报的滚动十二个月时，该季报的期末日（如 2022-09-30）；否则为 null')),
    ),
  }),
);

export const screenerAnswer = envelope(z.object({ total: z.number(), rows: z.array(screenerRowSchema) }));

function numberParam(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new RangeError(`${name} 应为数字：${raw.slice(0, 40)}`);
  return value;
}

function integerParam(raw: string | undefined, name: string, min: number, max: number, fallback: number): number {
  const value = numberParam(raw, name) ?? fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} 应为 ${min}–${max} 的整数：${raw ?? ''}`);
  }
  return value;
}

/** The query string as a screen; a value out of its range throws a RangeError naming the parameter. */
export function screenerQueryOf(params: ScreenerQueryParams): ScreenerQuery {
  const sort = params.sort ?? DEFAULT_SCREENER_QUERY.sort;
  if (!(SCREENER_SORTS as readonly string[]).includes(sort)) {
    throw new RangeError(`sort 只能是 ${SCREENER_SORTS.join('、')}`);
  }
  const order = params.order ?? DEFAULT_SCREENER_QUERY.order;
  if (order !== 'asc' && order !== 'desc') throw new RangeError('order 只能是 asc 或 desc');
  if (params.hide_flagged !== undefined && params.hide_flagged !== '0' && params.hide_flagged !== '1') {
    throw new RangeError('hide_flagged 只能是 0 或 1');
  }
  return {
    sort: sort as ScreenerSort,
    order,
    industry: params.industry?.trim() || undefined,
    minMarketCap: numberParam(params.min_market_cap, 'min_market_cap'),
    maxMarketCap: numberParam(params.max_market_cap, 'max_market_cap'),
    hideFlagged: params.hide_flagged !== '0',
    limit: integerParam(params.limit, 'limit', 1, SCREENER_MAX_LIMIT, DEFAULT_SCREENER_QUERY.limit),
    offset: integerParam(params.offset, 'offset', 0, Number.MAX_SAFE_INTEGER, 0),
  };
}
