import * as z from 'zod/mini';
import { REPORT_MODULE_PATHS } from '../report/report-sections.ts';
import { SHARE_SOURCES } from '../valuation/shares.ts';
import { envelope, named } from './envelope.ts';
import {
  dcfResultSchema,
  fcfRatioSeriesSchema,
  profitabilityRowSchema,
  quarterRowSchema,
  returnsRowSchema,
  sensitivityGridSchema,
  shareCountSchema,
  valuationWarningSchema,
  waccBreakdownSchema,
} from './model-schemas.ts';

/** The analysis page's report modules, as GET /api/home/… answers them. */

const trailingYear = z
  .nullable(z.number())
  .check(z.describe('作为滚动十二个月（TTM，显示为“TTM”）的历史年度；基于年报时为 null'));

export const financialAnalysisViewSchema = z.object({
  company: z.string(),
  summary: z.object({
    available_modules: z.array(z.enum(REPORT_MODULE_PATHS)),
    data_years: z.array(z.number()),
    trailing_year: trailingYear,
  }),
  data: z.object({
    profitability: z.array(profitabilityRowSchema),
    roe_roic: z.array(returnsRowSchema),
    quarters: z.array(quarterRowSchema).check(z.describe('最近 8 个单季度（由累计报表相减得出）；无季报时为空')),
  }),
});
/** This answer's fields stand beside `success`, not inside `data` (docs/requirements.md#api). */
export const financialAnalysisAnswer = z.object({
  success: z.boolean(),
  ...financialAnalysisViewSchema.shape,
  message: z.string(),
});

export const dcfValuationViewSchema = named(
  'DcfValuation',
  z.object({
    model: z.literal('fcff').check(z.describe('估值模型：自由现金流折现（FCFF）')),
    ...dcfResultSchema.shape,
    sensitivity: z.nullable(sensitivityGridSchema),
    warnings: z.array(valuationWarningSchema).check(z.describe('每股价值旁必须显示的提示（统一代码）')),
    meta: z.object({
      isUsingFallback: z.literal(false),
      company: z.string(),
      code: z.string(),
      latest_report_year: z.number(),
      base_period: z
        .nullable(z.string())
        .check(z.describe('估值所基于的季报期末（如 2022-09-30，其滚动十二个月为基期）；基于年报时为 null')),
      wacc_source: z.enum(['manual', 'calculated', 'fallback']),
      terminal_growth_source: z.enum(['manual', 'default']),
      total_shares_source: z.enum(SHARE_SOURCES),
      shares: shareCountSchema,
      ronic: z.number().check(z.describe('价值驱动终值公式的新增投资回报率（手动值，否则为 WACC）')),
      wacc_breakdown: waccBreakdownSchema,
      basis: z.enum(['statements', 'summary']),
      limitations: z.array(z.string()).check(z.describe('数据不足、模型改用假设之处（无则为空）')),
    }),
  }),
);
export const dcfValuationAnswer = envelope(dcfValuationViewSchema);

const chartPointSchema = z.object({ year: z.number(), value: z.nullable(z.number()), isEstimate: z.boolean() });

export const fcfStructureViewSchema = z.object({
  charts: z.object({
    fcfTrend: z.array(z.object({ year: z.number(), freeCashFlow: z.nullable(z.number()), isEstimate: z.boolean() })),
    nopat: z.array(chartPointSchema),
    capex: z.array(chartPointSchema),
    workingCapital: z.array(z.object({ ...chartPointSchema.shape, workingCapitalChange: z.nullable(z.number()) })),
    noncashCost: z.array(chartPointSchema),
  }),
  tableData: z.object({
    years: z.array(z.number()),
    metrics: z.array(z.object({ name: z.string(), unit: z.string(), values: z.array(z.nullable(z.number())) })),
  }),
  meta: z.object({
    total_historical_fcf: z
      .nullable(z.number())
      .check(z.describe('表中各年已知自由现金流之和（亿元）；全部未知时为 null')),
    recent_historical_complete: z.boolean(),
    forecast_years: z.array(z.number()),
    trend_chart_years: z.array(z.number()),
    table_years: z.array(z.number()),
    trailing_year: trailingYear,
  }),
});
export const fcfStructureAnswer = envelope(fcfStructureViewSchema);

export const fcfRatioViewSchema = z.object({
  charts: fcfRatioSeriesSchema,
  summary: z.object({
    total_years: z.number(),
    available_ratios: z.array(z.string()),
    data_years: z.array(z.number()),
    latest_year: z.nullable(z.number()),
    trailing_year: trailingYear,
  }),
});
export const fcfRatioAnswer = envelope(fcfRatioViewSchema);
