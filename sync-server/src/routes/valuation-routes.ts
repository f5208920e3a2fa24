import { DRIVER_KEYS, type DriverKey, type ValuationParameters, type YearOverrides } from '@fcf/engine';
import {
  dcfValuationView,
  financialDataView,
  multiYearFcf,
  valuationParamsView,
  valuationResultsView,
} from '@fcf/engine/report';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/app-env.ts';
import { ApiError } from '../http/errors.ts';
import { jsonBody } from '../http/validate.ts';
import { loadWaccAssumptions } from '../valuation/stored-inputs.ts';
import { companyFromPath } from './company-param.ts';

const number = z.number({ error: '无效的数值' });
/** Some of the drivers, by name; a name that is not a driver is refused as an unknown field. */
const driverValues = z.partialRecord(z.enum(DRIVER_KEYS), number);
const yearKey = z
  .string()
  .max(4, '年份格式应为四位数字')
  .regex(/^\d{4}$/, '年份格式应为四位数字');

const whatIfBody = z.strictObject({
  year: z.union([z.number().int(), yearKey]).nullish(),
  user_parameters: driverValues.nullish(),
  year_specific_params: z.record(yearKey, driverValues).nullish(),
  wacc_manual: number.nullish(),
  terminal_growth_rate_manual: number.nullish(),
  // 0 is the spec's 'no shares' (value per share 0); a negative count is an error.
  total_shares_manual: number.nonnegative('总股本不能为负数（亿股）').nullish(),
});

type WhatIfBody = z.infer<typeof whatIfBody>;

/** The body's per-year values: `year_specific_params`, plus `user_parameters` for `year`. */
function whatIfOverrides(body: WhatIfBody): YearOverrides {
  const overrides: Record<number, Partial<Record<DriverKey, number>>> = {};
  for (const [year, values] of Object.entries(body.year_specific_params ?? {})) {
    overrides[Number(year)] = { ...values };
  }
  if (body.user_parameters && body.year !== null && body.year !== undefined) {
    const year = Number(body.year);
    overrides[year] = { ...overrides[year], ...body.user_parameters };
  }
  return overrides;
}

/** Parameters the body names: a number sets it, null clears it (use the calculated), absent keeps it. */
function whatIfParameters(body: WhatIfBody): Partial<ValuationParameters> {
  const parameters: { -readonly [K in keyof ValuationParameters]?: number | null } = {};
  for (const key of ['wacc_manual', 'terminal_growth_rate_manual', 'total_shares_manual'] as const) {
    if (body[key] !== undefined) parameters[key] = body[key];
  }
  return parameters;
}

/** Data of the custom valuation and FCF parameter pages (public-side §7, back-office §7). */
export const valuationRoutes = new Hono<AppEnv>()
  .get('/data/financial-data/:company', (c) => {
    const mode = c.req.query('view_mode') ?? 'auto';
    if (mode !== 'auto' && mode !== 'manual') throw new ApiError(400, 'view_mode 只能是 auto 或 manual');
    const valuation = c.var.services.valuations.value(companyFromPath(c));
    return c.json({ success: true, data: financialDataView(valuation, mode === 'manual'), message: '获取成功' });
  })
  .get('/data/wacc-data/:company', (c) => {
    const company = companyFromPath(c);
    const { parameters } = c.var.services.valuations.value(company);
    const assumptions = loadWaccAssumptions(c.var.services.db, company);
    return c.json({
      success: true,
      data: {
        wacc_calculated: parameters.wacc_calculated,
        wacc_manual: parameters.manual.wacc_manual,
        wacc: parameters.wacc,
        inputs: {
          method: 'CAPM + 账面权重',
          risk_free_rate: assumptions.riskFreeRate,
          market_risk_premium: assumptions.marketRiskPremium,
          beta: assumptions.beta,
          beta_source: assumptions.industryBeta ? `行业：${company.industry}` : '默认',
          cost_of_equity: assumptions.riskFreeRate + assumptions.beta * assumptions.marketRiskPremium,
          default_cost_of_debt: assumptions.defaultCostOfDebt,
          wacc_range: assumptions.waccRange,
        },
      },
      message: '获取成功',
    });
  })
  .get('/data/valuation-results/:company', (c) => {
    const valuation = c.var.services.valuations.value(companyFromPath(c));
    const results = valuationResultsView(valuation);
    if (!results) throw new ApiError(422, `无法完成DCF估值：${valuation.error?.message ?? '估值参数无效'}`);
    return c.json({ success: true, data: results, message: '获取成功' });
  })
  .get('/data/financial-params/:company', (c) => {
    const { bridge } = c.var.services.valuations.value(companyFromPath(c));
    return c.json({ success: true, data: bridge, message: '获取成功' });
  })
  .get('/admin/valuation-params/:company', (c) => {
    const valuation = c.var.services.valuations.value(companyFromPath(c));
    return c.json({ success: true, data: valuationParamsView(valuation), message: '获取成功' });
  })
  .post('/user/calculate-with-valuation/:company', async (c) => {
    const company = companyFromPath(c);
    const body = await jsonBody(c, whatIfBody);
    const valuation = c.var.services.valuations.value(company, {
      parameters: whatIfParameters(body),
      overrides: whatIfOverrides(body),
    });
    const dcf = dcfValuationView(valuation);
    const results = valuationResultsView(valuation);
    if (!dcf || !results) throw new ApiError(400, valuation.error?.message ?? '计算结果数据缺失');
    return c.json({
      success: true,
      message: '计算完成（未保存）',
      data: {
        calculation_results: {
          dcf,
          forecast: financialDataView(valuation, true).forecast,
          effective_parameters: valuationParamsView(valuation).effective_values,
        },
        valuation_results: { ...results, valuation: dcf.valuation },
        multi_year_fcf: multiYearFcf(valuation),
        field_mapping_applied: false,
      },
    });
  });
