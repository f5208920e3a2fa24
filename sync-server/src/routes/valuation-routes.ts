import {
  type DriverKey,
  inputContextOf,
  isValuationError,
  type ValuationSettings,
  validateValuationInput,
  valuationDate,
  type YearOverrides,
} from '@fcf/engine';
import {
  anyWhatIfAnswer,
  financialDataAnswer,
  financialDataQuery,
  financialParamsAnswer,
  valuationParamsAnswer,
  valuationResultsAnswer,
  type WhatIfBody,
  waccDataAnswer,
  whatIfBody,
} from '@fcf/engine/contract';
import {
  financialDataView,
  modelValuationView,
  multiYearFcf,
  type ScenarioValues,
  scenarioValuesOf,
  valuationParamsView,
  valuationResultsView,
} from '@fcf/engine/report';
import { Hono } from 'hono';
import type { AppEnv, Services } from '../app-env.ts';
import { inputRefused } from '../forecast/forecast-error.ts';
import { ApiError } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { jsonBody, queryOf } from '../http/validate.ts';
import type { CompanyRecord } from '../store/companies.ts';
import { latestQuote } from '../store/quotes.ts';
import { loadWaccAssumptions } from '../valuation/stored-inputs.ts';
import { companyFromPath } from './company-param.ts';
import { dcfOrRefusal, refuseFinancialSection } from './dcf-refusal.ts';

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
function whatIfParameters(body: WhatIfBody): Partial<ValuationSettings> {
  const parameters: { -readonly [K in keyof ValuationSettings]?: ValuationSettings[K] } = {};
  for (const key of ['wacc_manual', 'terminal_growth_rate_manual', 'total_shares_manual', 'ronic_manual'] as const) {
    if (body[key] !== undefined) parameters[key] = body[key];
  }
  if (body.terminal_value_method !== undefined) parameters.terminal_value_method = body.terminal_value_method;
  return parameters;
}

/**
 * The body's scenarios valued by the company's range model on its bundle (docs/model.md, uncertainty): a
 * driver of the other model is a 400 naming the field; a company no range is given for a 422.
 */
function scenarioValues(
  { db, valuations }: Services,
  company: CompanyRecord,
  scenarios: NonNullable<WhatIfBody['scenarios']>,
): ScenarioValues {
  try {
    const quote = latestQuote(db, company.code) ?? null;
    return scenarioValuesOf(valuations.bundle(company), quote, valuationDate(new Date()), scenarios);
  } catch (error) {
    if (!isValuationError(error)) throw error;
    if (error.code === 'INVALID_MODEL_INPUT') {
      throw new ApiError(400, `参数错误：${error.field} ${error.message}`, error.message);
    }
    const message = `scenarios：无法按情景估值：${error.message}`;
    throw new ApiError(422, message, error.message, {}, { code: 'model_not_applicable' });
  }
}

const FCFF_FIELDS = [
  'year',
  'user_parameters',
  'year_specific_params',
  'wacc_manual',
  'terminal_growth_rate_manual',
  'total_shares_manual',
  'terminal_value_method',
  'ronic_manual',
] as const satisfies readonly (keyof WhatIfBody)[];

/** A company valued by excess returns takes scenarios only: an FCFF parameter beside them is a 400 naming it. */
function refuseFcffFields(body: WhatIfBody): void {
  const field = FCFF_FIELDS.find((key) => body[key] !== undefined && body[key] !== null);
  if (field) {
    throw new ApiError(
      400,
      `参数错误：${field} 该公司按超额收益模型估值，试算只接受情景（scenarios），不适用自由现金流参数`,
    );
  }
}

/** Data of the custom valuation and FCF parameter pages, and the what-if that stores nothing. */
export const valuationRoutes = new Hono<AppEnv>()
  .get(
    '/data/financial-data/:company',
    documented({
      tag: 'valuation',
      summary: '历史5年与预测5年的财务数据行（自动预测与生效值）',
      answers: { 200: financialDataAnswer },
    }),
    queryOf(financialDataQuery),
    (c) => {
      const mode = c.req.valid('query').view_mode ?? 'auto';
      const valuation = c.var.services.valuations.value(companyFromPath(c));
      return c.json({ success: true, data: financialDataView(valuation, mode === 'manual'), message: '获取成功' });
    },
  )
  .get(
    '/data/wacc-data/:company',
    documented({
      tag: 'valuation',
      summary: 'WACC：约束前的计算值、生效值、所用上下限及各输入（rf、ERP、β 及其行业、债务成本、权重、税率）',
      answers: { 200: waccDataAnswer },
      errors: [422],
    }),
    (c) => {
      const company = companyFromPath(c);
      const valuation = c.var.services.valuations.value(company);
      refuseFinancialSection(valuation, 'wacc');
      const { parameters } = valuation;
      const assumptions = loadWaccAssumptions(c.var.services.db, company);
      const parts = parameters.wacc_breakdown.components;
      // The inputs as the calculated WACC took them (dated rf, relevered β); the stored defaults without one.
      const riskFree = parts?.risk_free_rate ?? assumptions.riskFreeRate;
      const beta = parts?.beta ?? assumptions.beta;
      return c.json({
        success: true,
        data: {
          ...parameters.wacc_breakdown,
          wacc_calculated: parameters.wacc_calculated,
          wacc_manual: parameters.manual.wacc_manual,
          wacc: parameters.wacc,
          inputs: {
            method: `CAPM + ${parts?.weights_basis === 'market' ? '市值权重' : '账面权重'}`,
            risk_free_rate: riskFree,
            market_risk_premium: assumptions.marketRiskPremium,
            beta,
            beta_source: `${assumptions.industryBeta ? `行业：${company.industry}` : '默认'}（按公司 D/E 再加杠杆）`,
            cost_of_equity: riskFree + beta * assumptions.marketRiskPremium,
            default_cost_of_debt: assumptions.defaultCostOfDebt,
            wacc_range: assumptions.waccRange,
          },
        },
        message: '获取成功',
      });
    },
  )
  .get(
    '/data/valuation-results/:company',
    documented({
      tag: 'valuation',
      summary: '估值结果（预测FCF现值合计、终值、企业价值、股权价值、每股价值）',
      answers: { 200: valuationResultsAnswer },
      errors: [422],
    }),
    (c) => {
      const valuation = c.var.services.valuations.value(companyFromPath(c));
      dcfOrRefusal(valuation);
      const results = valuationResultsView(valuation);
      return c.json({ success: true, data: results, message: '获取成功' });
    },
  )
  .get(
    '/data/financial-params/:company',
    documented({
      tag: 'valuation',
      summary: '企业价值到股权价值的调整项（非核心资产、现金、有息负债、少数股东权益）',
      answers: { 200: financialParamsAnswer },
    }),
    (c) => {
      const { bridge } = c.var.services.valuations.value(companyFromPath(c));
      return c.json({ success: true, data: bridge, message: '获取成功' });
    },
  )
  .get(
    '/admin/valuation-params/:company',
    documented({
      tag: 'valuation',
      summary: '估值参数（生效值，以及 wacc_data 与 valuation_inputs 两种读法）',
      answers: { 200: valuationParamsAnswer },
    }),
    (c) => {
      const valuation = c.var.services.valuations.value(companyFromPath(c));
      return c.json({ success: true, data: valuationParamsView(valuation), message: '获取成功' });
    },
  )
  .post(
    '/user/calculate-with-valuation/:company',
    documented({
      tag: 'valuation',
      summary: '试算：在已保存的参数上叠加调用方的参数计算估值，不保存（参数范围、预测年份与 WACC > g 同管理端）',
      description:
        '可选 scenarios：情景 [{name, weight, 驱动因素…}]，按公司的模型计算：自由现金流公司按故事估值模型，驱动因素为 revenue_growth、target_margin、sales_to_capital、wacc、terminal_growth、tax_rate；银行、保险、证券与仅有财务摘要的公司按超额收益模型，驱动因素为 normalised_roe、cost_of_equity、terminal_growth（小数；范围同引擎的参数范围表，未给出的取基准情景的值），权重合计须为 100%；回答 scenarios（每个情景的每股价值）与 weighted_value。不合规的输入（含另一模型的驱动因素）为 400 并指明字段，不保存任何内容。',
      answers: { 200: anyWhatIfAnswer },
      errors: [422],
    }),
    jsonBody(whatIfBody),
    (c) => {
      const company = companyFromPath(c);
      const body = c.req.valid('json');
      const whatIf = { parameters: whatIfParameters(body), overrides: whatIfOverrides(body) };
      const { valuations } = c.var.services;
      const byModel = body.scenarios ? modelValuationView(valuations.value(company)) : null;
      if (byModel && body.scenarios) {
        refuseFcffFields(body);
        const scenarios = scenarioValues(c.var.services, company, body.scenarios);
        return c.json({
          success: true,
          message: '计算完成（未保存）',
          data: { model_valuation: byModel, scenarios },
        });
      }
      const issues = validateValuationInput(whatIf, inputContextOf(valuations.value(company)));
      if (issues.length > 0) throw inputRefused(issues);
      const valuation = valuations.value(company, whatIf);
      const dcf = dcfOrRefusal(valuation, 400);
      const results = valuationResultsView(valuation);
      const scenarios = body.scenarios ? scenarioValues(c.var.services, company, body.scenarios) : undefined;
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
          ...(scenarios ? { scenarios } : {}),
        },
      });
    },
  );
