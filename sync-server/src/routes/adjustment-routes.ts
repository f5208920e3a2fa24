import {
  type AdjustableParameter,
  DEFAULT_TERMINAL_GROWTH_RATE,
  type DriverKey,
  isAdjustableParameter,
  isDriverKey,
  parameterError,
  type ValuationParameterKey,
  waccGrowthError,
} from '@fcf/engine';
import {
  adjustmentStatusAnswer,
  adjustParametersAnswer,
  adjustParametersBody,
  auditLogAnswer,
  auditLogQuery,
  resetToAutoAnswer,
  resetToAutoBody,
  saveValuationAnswer,
  saveValuationBody,
} from '@fcf/engine/report';
import { Hono } from 'hono';
import { transaction } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { ApiError } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { jsonBody, queryOf } from '../http/validate.ts';
import { appendAudit, listAudit } from '../store/audit-log.ts';
import { findCompany } from '../store/companies.ts';
import { listOverrideRows, setOverride, setValuationInputs } from '../store/forecast-parameters.ts';
import { runValuation } from '../valuation/valuation-runs.ts';
import { companyFromPath } from './company-param.ts';
import { resetToAuto } from './reset-to-auto.ts';

const doc = {
  status: documented({
    tag: 'adjustments',
    summary: '公司是否有人工调整及其范围',
    answers: { 200: adjustmentStatusAnswer },
  }),
  adjust: documented({
    tag: 'adjustments',
    summary: '调整预测参数（某年或逐年向后）或估值参数（year 为 null）',
    answers: { 200: adjustParametersAnswer },
  }),
  save: documented({
    tag: 'adjustments',
    summary: '保存估值：服务器按已保存的参数重算并与页面数值核对',
    answers: { 200: saveValuationAnswer },
    errors: [422],
  }),
  reset: documented({
    tag: 'adjustments',
    summary: '重置为自动预测：清除所选的人工值，重新生成预测与估值',
    answers: { 200: resetToAutoAnswer },
    errors: [422],
  }),
  audit: documented({ tag: 'adjustments', summary: '参数修改记录（最新在前）', answers: { 200: auditLogAnswer } }),
};

const INCOMPLETE = '估值参数不完整，无法保存';

/** Forecast adjustments, their status and audit, saving and resetting valuations. */
export const adjustmentRoutes = new Hono<AppEnv>()
  .get('/admin/adjustment-status/:company', doc.status, (c) => {
    const company = companyFromPath(c);
    const rows = listOverrideRows(c.var.services.db, company.code);
    const { parameters } = c.var.services.valuations.value(company);
    const manual = parameters.manual;
    return c.json({
      success: true,
      data: {
        hasManualAdjustments: rows.length > 0 || Object.values(manual).some((value) => value !== null),
        totalManualParameters: rows.length + Object.values(manual).filter((value) => value !== null).length,
        manualAdjustmentYears: [...new Set(rows.map((row) => row.year))],
        waccStatus: {
          is_manual: manual.wacc_manual !== null,
          wacc_manual: manual.wacc_manual,
          wacc_calculated: parameters.wacc_calculated,
          wacc: parameters.wacc,
        },
      },
      message: '获取成功',
    });
  })
  .post('/admin/adjust-parameters/:company', doc.adjust, jsonBody(adjustParametersBody), async (c) => {
    const { db, valuations } = c.var.services;
    const company = companyFromPath(c);
    const body = c.req.valid('json');
    const modifiedBy = c.var.user?.username ?? 'admin';
    const entries = Object.entries(body.parameters);
    if (entries.length === 0) throw new ApiError(400, '请提供要调整的参数');
    for (const [name, value] of entries) {
      if (!isAdjustableParameter(name)) throw new ApiError(400, `未知的参数：${name}`);
      // null clears a manual valuation parameter; anything else must be a number in range.
      if (value === null && !isDriverKey(name)) continue;
      const problem = parameterError(name, value);
      if (problem) throw new ApiError(400, problem);
    }
    const current = valuations.value(company);
    const context = { modifiedBy, reason: body.adjustment_reason ?? null };
    let applied: { year: number | null; parameter: string; value: number | null }[] = [];

    if (body.year === null) {
      const values: Partial<Record<ValuationParameterKey, number | null>> = {};
      for (const [name, value] of entries) {
        if (isDriverKey(name)) throw new ApiError(400, `预测参数 ${name} 需要指定年份（year）`);
        values[name as ValuationParameterKey] = value as number | null;
      }
      const wacc =
        values.wacc_manual === undefined
          ? current.parameters.wacc
          : (values.wacc_manual ?? current.parameters.wacc_calculated ?? current.parameters.wacc);
      const growth =
        values.terminal_growth_rate_manual === undefined
          ? current.parameters.terminal_growth_rate
          : (values.terminal_growth_rate_manual ?? DEFAULT_TERMINAL_GROWTH_RATE);
      const conflict = waccGrowthError(wacc, growth);
      if (conflict) throw new ApiError(400, conflict);
      transaction(db, () => setValuationInputs(db, company.code, values, context));
      applied = Object.entries(values).map(([parameter, value]) => ({ year: null, parameter, value: value ?? null }));
    } else {
      const years = current.forecastYears;
      if (!years.includes(body.year)) {
        throw new ApiError(400, `只能调整预测年份（${years[0]}–${years[years.length - 1]}）`);
      }
      const targetYears = body.cascade_update ? years.filter((year) => year >= (body.year as number)) : [body.year];
      transaction(db, () => {
        for (const [name, value] of entries) {
          if (!isDriverKey(name)) throw new ApiError(400, `估值参数 ${name} 请以 year: null 提交`);
          for (const year of targetYears) {
            if (setOverride(db, company.code, year, name as DriverKey, value as number, context)) {
              applied.push({ year, parameter: name, value: value as number });
            }
          }
        }
      });
    }
    const recalculated = body.auto_recalculate ? runValuation(db, valuations, company).results : null;
    return c.json({
      success: true,
      data: { applied, valuation_results: recalculated },
      message: `参数已保存（${applied.length} 项）`,
    });
  })
  .post('/admin/save-complete-valuation/:company', doc.save, jsonBody(saveValuationBody), async (c) => {
    const { db, valuations } = c.var.services;
    const company = companyFromPath(c);
    const body = c.req.valid('json');
    const flows = body.discounted_cashflows ?? [];
    const waccGiven = body.wacc ?? flows.find((flow) => typeof flow.wacc === 'number')?.wacc;
    if (!body.valuation_results || flows.length === 0 || waccGiven === undefined || waccGiven === null) {
      throw new ApiError(400, INCOMPLETE);
    }
    // The stored valuation is the engine's own on the stored inputs; the page's figures are checked against it.
    const { valuation, dcf, results } = runValuation(db, valuations, company, 'manual_save');
    const posted = body.valuation_results.value_per_share;
    const agrees =
      typeof posted === 'number' &&
      Math.abs(posted - dcf.valuation.value_per_share) <= 1e-6 * Math.max(1, Math.abs(posted));
    transaction(db, () =>
      appendAudit(db, {
        company_code: company.code,
        year: body.valuation_year ?? valuation.latestYear + 1,
        parameter: 'valuation',
        old_value: null,
        new_value: dcf.valuation.value_per_share,
        action: 'save_valuation',
        reason: agrees ? null : `页面提交的每股价值 ${posted ?? '-'} 与服务器计算不一致，已按服务器计算保存`,
        modified_by: c.var.user?.username ?? 'admin',
      }),
    );
    return c.json({
      success: true,
      data: { valuation_results: results, valuation: dcf.valuation, verified: agrees },
      message: agrees ? '估值结果已保存' : '估值结果已保存（已按服务器计算结果校正）',
    });
  })
  .post('/admin/reset-to-auto-complete/:company', doc.reset, jsonBody(resetToAutoBody), async (c) => {
    const company = companyFromPath(c);
    const body = c.req.valid('json');
    return c.json(resetToAuto(c, company, body));
  })
  .get('/admin/audit-log', doc.audit, queryOf(auditLogQuery), (c) => {
    const named = c.req.valid('query').company;
    const company = named ? findCompany(c.var.services.db, named) : undefined;
    if (named && !company) throw new ApiError(404, `未找到公司"${named}"的数据，请确认名称或代码`);
    const limit = Math.min(1000, Math.max(1, Number(c.req.valid('query').limit ?? 200) || 200));
    return c.json({
      success: true,
      data: listAudit(c.var.services.db, company?.code ?? null, limit),
      message: '获取成功',
    });
  });

export type { AdjustableParameter };
