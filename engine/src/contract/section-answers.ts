import * as z from 'zod/mini';
import { GROWTH_FIGURES } from '../history/growth-ratios.ts';
import { ALL_RISK_RATIOS } from '../history/risk-ratios.ts';
import { INDUSTRY_METRICS } from '../report/industry-comparison-view.ts';
import { envelope, named } from './envelope.ts';

/** The report sections 公司基本信息, 成长能力 and 抗风险能力, as GET /api/home/… answers them. */

const ratioValueSchema = z.object({
  value: z.nullable(z.number()),
  reason: z.nullable(z.string()).check(z.describe('无意义时的原因（页面显示 n.m.）；有值或缺数据时为 null')),
});

export const basicInfoViewSchema = named(
  'BasicInfo',
  z.object({
    code: z.string(),
    name: z.string(),
    market: z.nullable(z.string()),
    listed_on: z.nullable(z.string()),
    industry: z.string(),
    industry_code: z.nullable(z.string()),
    sub_industry: z.nullable(z.string()),
    latest_report_year: z.number(),
    latest_report_date: z.string(),
    latest_report_label: z
      .string()
      .check(z.describe('估值所基于的报告：“2024 年报”，或以其滚动十二个月为基期的季报“2023 一季报”')),
    latest_basis: z.enum(['statements', 'summary']),
    reported_years: z.number(),
    total_shares: z.number().check(z.describe('亿股；0 表示缺失')),
    total_shares_source: z.string(),
    total_shares_date: z.nullable(z.string()),
    price: z.nullable(z.object({ price: z.number(), date: z.string() })),
    market_cap: z.nullable(z.number()),
    warnings: z.array(z.string()),
  }),
);
export const basicInfoAnswer = envelope(basicInfoViewSchema);

export const growthViewSchema = named(
  'Growth',
  z.object({
    latest_year: z.number(),
    figures: z.array(
      z.object({
        figure: z.enum(GROWTH_FIGURES),
        label: z.string(),
        cagr: z.array(z.object({ span: z.number(), ...ratioValueSchema.shape })),
        growth_share: z.nullable(z.number()),
        rose: z.number(),
        compared: z.number(),
      }),
    ),
    years: z.array(
      z.object({
        year: z.number(),
        revenue: z.nullable(z.number()),
        net_profit_parent: z.nullable(z.number()),
        fcf: z.nullable(z.number()),
        book_value: z.nullable(z.number()),
        operating_cash_flow: z.nullable(z.number()),
        earnings_quality: ratioValueSchema,
      }),
    ),
  }),
);
export const growthAnswer = envelope(growthViewSchema);

export const riskViewSchema = named(
  'Risk',
  z.object({
    latest_year: z.number(),
    basis: z.enum(['industrial', 'financial']).check(z.describe('financial：金融企业，改列银行的权益资产比与贷存比')),
    notice: z.nullable(
      z.object({
        code: z.literal('financial_company'),
        message: z.string().check(z.describe('工商企业的偿债指标为何不适用')),
      }),
    ),
    ratios: z.array(
      z.object({
        key: z.enum(ALL_RISK_RATIOS),
        label: z.string(),
        unit: z.enum(['percent', 'times']),
        band: z.string().check(z.describe('参考区间（经验值，不是评分）')),
      }),
    ),
    years: z.array(
      z.object({
        year: z.number(),
        ...(Object.fromEntries(ALL_RISK_RATIOS.map((key) => [key, ratioValueSchema])) as Record<
          (typeof ALL_RISK_RATIOS)[number],
          typeof ratioValueSchema
        >),
      }),
    ),
  }),
);
export const riskAnswer = envelope(riskViewSchema);

const peerFiguresSchema = z.object({
  code: z.string(),
  name: z.string(),
  year: z.number(),
  revenue: z.nullable(z.number()),
  financial: z.boolean(),
  ...(Object.fromEntries(INDUSTRY_METRICS.map((key) => [key, z.nullable(z.number())])) as Record<
    (typeof INDUSTRY_METRICS)[number],
    z.ZodMiniNullable<z.ZodMiniNumber>
  >),
});

/** One metric of 行业对比 as every company of the industry shares it: its name, the median and its count. */
export const industryMetricStatisticsShape = {
  metric: z.enum(INDUSTRY_METRICS),
  label: z.string(),
  median: z.nullable(z.number()),
  count: z.number(),
};
/** One metric of 行业对比: the company's figure and percentile, the industry's median and count. */
export const industryMetricComparisonSchema = z.object({
  ...industryMetricStatisticsShape,
  value: z.nullable(z.number()),
  percentile: z.nullable(z.number()).check(z.describe('行业内不高于本公司的占比（并列计一半），0–1')),
});
export const industryComparisonViewSchema = named(
  'IndustryComparison',
  z.object({
    industry: z.string(),
    company_code: z.string(),
    companies: z.number().check(z.describe('服务器上该行业的公司数（含本公司）')),
    excluded_financial: z.number().check(z.describe('非金融行业统计中剔除的金融类公司数')),
    metrics: z.array(industryMetricComparisonSchema),
    top: z.array(peerFiguresSchema),
  }),
);
export const industryComparisonAnswer = envelope(industryComparisonViewSchema);
