import * as z from 'zod/mini';
import { SHARE_SOURCES } from '../valuation/shares.ts';
import { envelope, named } from './envelope.ts';
import { valuationWarningSchema } from './model-schemas.ts';
import { dcfValuationViewSchema } from './report-answers.ts';

/** A company valued by a model other than the FCFF (docs/model.md 15.1), as GET /api/home/dcf_valuation answers it. */

const MODEL_UNITS = ['amount', 'fraction', 'times', 'factor', 'per_share', 'shares', 'year'] as const;

export const modelRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.enum(MODEL_UNITS).check(z.describe('amount 亿元；fraction 小数（显示为百分比）；times 倍；factor 系数')),
  values: z.array(z.nullable(z.number())).check(z.describe('每列一个值（预测各年，最后为永续期）')),
});

export const modelFigureSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.enum(MODEL_UNITS),
  value: z.nullable(z.number()),
});

export const modelValuationViewSchema = named(
  'ModelValuation',
  z.object({
    model: z.literal('excess_return').check(z.describe('估值模型：超额收益（剩余收益）')),
    model_name: z.string(),
    value_per_share: z
      .nullable(z.number())
      .check(z.describe('每股价值（元）；无意义时为 null，原因见 value_per_share_reason')),
    value_per_share_reason: z.nullable(z.string()),
    equity_value: z.number().check(z.describe('股权价值（亿元）')),
    shares: z.nullable(z.number()).check(z.describe('总股本（亿股）；未知时为 null')),
    shares_source: z.enum(SHARE_SOURCES),
    columns: z.array(z.string()),
    rows: z.array(modelRowSchema),
    figures: z
      .array(modelFigureSchema)
      .check(
        z.describe('关键数字：股权成本、常态化与可持续ROE、估值对应市净率（implied_pb）、合理市净率（justified_pb）等'),
      ),
    warnings: z.array(valuationWarningSchema),
    meta: z.object({
      company: z.string(),
      code: z.string(),
      latest_report_year: z.number(),
      basis: z.enum(['statements', 'summary']),
      not_fcff_reason: z.string().check(z.describe('不作自由现金流（FCFF）估值的原因')),
      limitations: z.array(z.string()),
    }),
  }),
);

/** The company's value from the model that fits it: the FCFF's DCF, or another model's result (by `model`). */
export const companyValuationViewSchema = z.discriminatedUnion('model', [
  dcfValuationViewSchema,
  modelValuationViewSchema,
]);
export const companyValuationAnswer = envelope(companyValuationViewSchema);
