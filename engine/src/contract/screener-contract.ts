import * as z from 'zod/mini';
import { DEFAULT_SCREENER_QUERY, SCREENER_SORTS, type ScreenerQuery, type ScreenerSort } from '../market/screener.ts';
import { UNCERTAINTY_RATINGS, VERDICTS } from '../uncertainty/rating.ts';
import { MODEL_IDS, type ModelId } from '../valuation/models/model-types.ts';
import { WARNING_CODES, type WarningCode } from '../valuation/warnings.ts';
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
    z
      .string()
      .check(
        z.describe(
          '1（默认）隐藏估值无意义的公司（无每股价值，或带 negative_*、shares_unknown、terminal_value_exceeds_ev 提示）；0 显示',
        ),
      ),
  ),
  model: z.optional(z.string().check(z.describe(`只看该估值模型：${MODEL_IDS.join(' / ')}，none 为无模型可估值`))),
  verdict: z.optional(z.string().check(z.describe(`只看该结论：${VERDICTS.join(' / ')}，none 为无结论`))),
  warning: z.optional(z.string().check(z.describe('只看带该提示代码的公司（warnings 的 code）；none 为无任何提示'))),
  limit: z.optional(z.string().check(z.describe(`条数，1–${SCREENER_MAX_LIMIT}，默认 50`))),
  offset: z.optional(z.string().check(z.describe('跳过的条数，默认 0'))),
});
export type ScreenerQueryParams = z.infer<typeof screenerQuerySchema>;

const nullableNumber = z.nullable(z.number());

/** The stored range's rating and verdict, as the screener and the watchlist answer them. */
export const ratingField = z
  .nullable(z.enum(UNCERTAINTY_RATINGS.map((row) => row.rating)))
  .check(z.describe('不确定性评级（估值时以服务器默认情景与固定种子模拟得出）；无价值区间时为 null'));
export const verdictField = z
  .nullable(z.enum(VERDICTS))
  .check(z.describe('结论：现价对比情景加权价值 × (1 ∓ 所需安全边际)；估值无意义或无价值区间时为 null'));

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
    uncertainty_rating: ratingField,
    required_margin: z.nullable(z.number().check(z.describe('该评级要求的安全边际（小数）'))),
    verdict: verdictField,
  }),
);

export const screenerAnswer = envelope(
  z.object({
    total: z.number(),
    hidden: z.number().check(z.describe('其余条件符合、但因估值无意义被隐藏的公司数（hide_flagged=1 时）')),
    rows: z.array(screenerRowSchema),
  }),
);

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

/** A parameter that must be one of `allowed` or 'none'; absent or empty: no filter. */
function oneOf<T extends string>(raw: string | undefined, name: string, allowed: readonly T[]): T | 'none' | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (raw === 'none' || (allowed as readonly string[]).includes(raw)) return raw as T | 'none';
  throw new RangeError(`${name} 只能是 ${[...allowed, 'none'].join('、')}`);
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
    model: oneOf<ModelId>(params.model, 'model', MODEL_IDS),
    verdict: oneOf(params.verdict, 'verdict', VERDICTS),
    warning: oneOf<WarningCode>(params.warning, 'warning', WARNING_CODES),
    limit: integerParam(params.limit, 'limit', 1, SCREENER_MAX_LIMIT, DEFAULT_SCREENER_QUERY.limit),
    offset: integerParam(params.offset, 'offset', 0, Number.MAX_SAFE_INTEGER, 0),
  };
}
