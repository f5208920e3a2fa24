import * as z from 'zod/mini';
import { DRIVER_KEYS } from '../forecast/drivers.ts';
import { TERMINAL_VALUE_METHODS } from '../valuation/dcf.ts';
import { SHARE_SOURCES } from '../valuation/shares.ts';
import { yearKeySchema } from './company-contract.ts';
import { envelope, named } from './envelope.ts';
import {
  dcfResultSchema,
  driverSourceSchema,
  equityBridgeSchema,
  financialYearRowSchema,
  shareCountSchema,
  valuationWarningSchema,
  waccBreakdownSchema,
} from './model-schemas.ts';
import { modelValuationViewSchema } from './model-valuation-contract.ts';
import { TERMINAL_METHOD_ERROR } from './platform-settings-contract.ts';
import { dcfValuationViewSchema } from './report-answers.ts';
import { numberField } from './text-fields.ts';
import { whatIfScenariosAnswer, whatIfScenariosField } from './what-if-scenarios.ts';

/** The custom valuation and FCF parameter pages: their data, the WACC, and the what-if that stores nothing. */

/** Some drivers of one year, by name (a name that is not a driver is refused). */
export const driverValuesSchema = z.partialRecord(z.enum(DRIVER_KEYS), z.number({ error: '无效的数值' }));

export const historicalRowViewSchema = named(
  'HistoricalRow',
  z.object({
    ...financialYearRowSchema.shape,
    data_status: z.literal('historical'),
  }),
);
export const forecastRowViewSchema = named(
  'ForecastRow',
  z.object({
    ...financialYearRowSchema.shape,
    data_status: z.enum(['manual', 'auto']),
    sources: z.optional(z.record(z.enum(DRIVER_KEYS), driverSourceSchema)),
  }),
);
export const financialDataViewSchema = z.object({
  historical: z.array(historicalRowViewSchema),
  forecast: z.array(forecastRowViewSchema),
  auto_forecast: z.array(forecastRowViewSchema),
});
export const financialDataAnswer = envelope(financialDataViewSchema);
export const financialDataQuery = z.object({
  view_mode: z.optional(
    z
      .enum(['auto', 'manual'], { error: 'view_mode 只能是 auto 或 manual' })
      .check(z.describe('manual：每个预测值附带来源（user_set / inherited / system_default）')),
  ),
});

export const waccDataAnswer = envelope(
  z.object({
    ...waccBreakdownSchema.shape,
    wacc_calculated: z
      .nullable(z.number())
      .check(z.describe('约束后的计算WACC（无手动值时生效）；未约束的计算值见 calculated_wacc')),
    wacc_manual: z.nullable(z.number()),
    wacc: z.number(),
    inputs: z.object({
      method: z.string(),
      risk_free_rate: z.number(),
      market_risk_premium: z.number(),
      beta: z.number(),
      beta_source: z.string(),
      cost_of_equity: z.number(),
      default_cost_of_debt: z.number(),
      wacc_range: z.tuple([z.number(), z.number()]),
    }),
  }),
);

export const valuationResultsViewSchema = named(
  'ValuationResults',
  z.object({
    forecast_fcf_sum: z.number(),
    terminal_value: z.number(),
    terminal_pv: z.number(),
    enterprise_value: z.number(),
    equity_value: z.number(),
    value_per_share: z
      .nullable(z.number())
      .check(z.describe('每股价值（元）；股权价值不为正或缺少总股本时为 null，原因见 value_per_share_reason')),
    value_per_share_reason: z.nullable(z.string()),
    warnings: z.array(valuationWarningSchema),
  }),
);
export const valuationResultsAnswer = envelope(valuationResultsViewSchema);

export const financialParamsAnswer = envelope(equityBridgeSchema);

const manual = z.nullable(z.number());
export const valuationParamsViewSchema = named(
  'ValuationParams',
  z.object({
    effective_values: z.object({
      wacc: z.number(),
      terminal_growth_rate: z.number(),
      total_shares_manual: manual,
      total_shares: z.number(),
      total_shares_source: z.enum(SHARE_SOURCES),
      terminal_value_method: z.enum(TERMINAL_VALUE_METHODS),
      ronic: z.number().check(z.describe('价值驱动终值公式的新增投资回报率（手动值，否则为 WACC）')),
    }),
    wacc_data: z.object({ wacc_calculated: manual, wacc_manual: manual, wacc: z.number() }),
    wacc_breakdown: waccBreakdownSchema,
    shares: shareCountSchema,
    warnings: z.array(valuationWarningSchema),
    valuation_inputs: z.object({
      ...equityBridgeSchema.shape,
      terminal_growth_rate: z.number(),
      terminal_growth_rate_manual: manual,
      total_shares: z.number(),
      total_shares_calculated: manual,
      total_shares_manual: manual,
    }),
  }),
);
export const valuationParamsAnswer = envelope(valuationParamsViewSchema);

export const multiYearFcfEntrySchema = z.object({
  nopat: manual,
  noncash_cost: manual,
  working_capital_change: manual,
  capex: manual,
  fcf: manual,
});

/**
 * A what-if: the stored inputs with the caller's numbers on top; nothing is stored. A parameter set to
 * null uses the calculated value; an absent one keeps the stored value.
 */
export const whatIfBody = z.strictObject({
  year: z.nullish(z.union([z.int(), yearKeySchema])),
  user_parameters: z.nullish(driverValuesSchema),
  year_specific_params: z.nullish(z.record(yearKeySchema, driverValuesSchema)),
  // Ranges, the horizon and WACC > g are the engine's one check (validateValuationInput), as on every door.
  wacc_manual: z.nullish(numberField),
  terminal_growth_rate_manual: z.nullish(numberField),
  total_shares_manual: z.nullish(numberField),
  terminal_value_method: z.optional(
    z
      .enum(TERMINAL_VALUE_METHODS, { error: TERMINAL_METHOD_ERROR })
      .check(z.describe('gordon（默认）：FCF₅×(1+g)/(WACC−g)；value_driver：NOPAT₆×(1−g/RONIC)/(WACC−g)')),
  ),
  ronic_manual: z.nullish(numberField.check(z.describe('价值驱动终值公式的 RONIC；null 或不填为 WACC'))),
  scenarios: z.optional(whatIfScenariosField),
});
export type WhatIfBody = z.infer<typeof whatIfBody>;

const fcffWhatIf = z.object({
  calculation_results: z.object({
    dcf: dcfValuationViewSchema,
    forecast: z.array(forecastRowViewSchema),
    effective_parameters: valuationParamsViewSchema.shape.effective_values,
  }),
  valuation_results: z.object({ ...valuationResultsViewSchema.shape, valuation: dcfResultSchema.shape.valuation }),
  multi_year_fcf: z.record(yearKeySchema, multiYearFcfEntrySchema),
  field_mapping_applied: z.boolean(),
  scenarios: z.optional(whatIfScenariosAnswer),
});
/**
 * A company valued by excess returns (a bank, an insurer, a broker, a summary-only company) asked for its
 * scenarios: its stored model valuation, and the scenarios of ROE, Ke and g valued by that model.
 */
const excessReturnWhatIf = z.object({
  model_valuation: modelValuationViewSchema,
  scenarios: whatIfScenariosAnswer,
});
/** The what-if of an FCFF company. */
export const whatIfAnswer = envelope(fcffWhatIf);
/** The what-if's scenarios of a company valued by excess returns. */
export const excessReturnWhatIfAnswer = envelope(excessReturnWhatIf);
/** Either, as the route documents its answer. */
export const anyWhatIfAnswer = envelope(z.union([fcffWhatIf, excessReturnWhatIf]));
