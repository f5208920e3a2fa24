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
} from '@fcf/engine/contract';
import { valuationResultsView } from '@fcf/engine/report';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { ApiError } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { jsonBody, queryOf } from '../http/validate.ts';
import { listAudit } from '../store/audit-log.ts';
import { findCompany } from '../store/companies.ts';
import { listOverrideRows } from '../store/forecast-parameters.ts';
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
    errors: [422],
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

/** Forecast adjustments, their status and audit, saving and resetting valuations . */
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
  .post('/admin/adjust-parameters/:company', doc.adjust, jsonBody(adjustParametersBody), (c) => {
    const { forecasts, valuations } = c.var.services;
    const company = companyFromPath(c);
    const body = c.req.valid('json');
    const outcome = forecasts.adjust(
      company,
      { year: body.year, parameters: body.parameters, cascade: body.cascade_update ?? false },
      { modifiedBy: c.var.user?.username ?? 'admin', reason: body.adjustment_reason ?? null },
    );
    const applied = outcome.status === 'applied' ? outcome.applied : [];
    const valuation = outcome.status === 'applied' ? outcome.valuation : null;
    const recalculated = body.auto_recalculate ? valuationResultsView(valuation ?? valuations.value(company)) : null;
    return c.json({
      success: true,
      data: { applied, valuation_results: recalculated },
      message: `参数已保存（${applied.length} 项）`,
    });
  })
  .post('/admin/save-complete-valuation/:company', doc.save, jsonBody(saveValuationBody), (c) => {
    const company = companyFromPath(c);
    const body = c.req.valid('json');
    const flows = body.discounted_cashflows ?? [];
    const waccGiven = body.wacc ?? flows.find((flow) => typeof flow.wacc === 'number')?.wacc;
    if (!body.valuation_results || flows.length === 0 || waccGiven === undefined || waccGiven === null) {
      throw new ApiError(400, INCOMPLETE);
    }
    // The stored valuation is the engine's own on the stored inputs; the page's figures are checked against it.
    const { valuation, dcf, agrees } = c.var.services.forecasts.saveValuation(
      company,
      { valuePerShare: body.valuation_results.value_per_share ?? null, year: body.valuation_year ?? null },
      { modifiedBy: c.var.user?.username ?? 'admin', reason: null },
      'manual_save',
    );
    const results = valuationResultsView(valuation);
    if (!dcf || !results) throw new ApiError(422, `${company.name}：${valuation.error?.message ?? '估值参数无效'}`);
    return c.json({
      success: true,
      data: { valuation_results: results, valuation: dcf.valuation, verified: agrees },
      message: agrees ? '估值结果已保存' : '估值结果已保存（已按服务器计算结果校正）',
    });
  })
  .post('/admin/reset-to-auto-complete/:company', doc.reset, jsonBody(resetToAutoBody), (c) => {
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
