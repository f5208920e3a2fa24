import { valuationResultsView } from '@fcf/engine/report';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/app-env.ts';
import { ApiError } from '../http/errors.ts';
import { boundedText, COMPANY_FIELD_MAX, USER_FIELD_MAX } from '../http/text-fields.ts';
import { jsonBody } from '../http/validate.ts';
import { listAudit } from '../store/audit-log.ts';
import { findCompany } from '../store/companies.ts';
import { listOverrideRows } from '../store/forecast-parameters.ts';
import { companyFromPath } from './company-param.ts';
import { resetBody, resetToAuto } from './reset-to-auto.ts';

const adjustBody = z.object({
  company_name: boundedText(COMPANY_FIELD_MAX).optional(),
  year: z.number().int().nullable(),
  parameters: z.record(boundedText(64), z.unknown()),
  adjustment_reason: boundedText(500).nullish(),
  auto_recalculate: z.boolean().optional(),
  cascade_update: z.boolean().optional(),
  // Ignored: who changed it is taken from the token.
  modified_by: boundedText(USER_FIELD_MAX).nullish(),
});

const saveValuationBody = z.object({
  valuation_results: z
    .object({
      forecast_fcf_sum: z.number(),
      terminal_value: z.number(),
      terminal_pv: z.number(),
      enterprise_value: z.number(),
      equity_value: z.number(),
      value_per_share: z.number(),
    })
    .partial()
    .nullish(),
  discounted_cashflows: z
    .array(
      z.object({
        year: z.number().int(),
        fcf: z.number().nullish(),
        wacc: z.number().nullish(),
        discount_factor: z.number().nullish(),
        discounted_fcf: z.number().nullish(),
      }),
    )
    .nullish(),
  valuation_year: z.number().int().nullish(),
  wacc: z.number().nullish(),
  terminal_growth_rate: z.number().nullish(),
});

const INCOMPLETE = '估值参数不完整，无法保存';

/** Forecast adjustments, their status and audit, saving and resetting valuations (back-office §4, §7). */
export const adjustmentRoutes = new Hono<AppEnv>()
  .get('/admin/adjustment-status/:company', (c) => {
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
  .post('/admin/adjust-parameters/:company', async (c) => {
    const { forecasts, valuations } = c.var.services;
    const company = companyFromPath(c);
    const body = await jsonBody(c, adjustBody);
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
  .post('/admin/save-complete-valuation/:company', async (c) => {
    const company = companyFromPath(c);
    const body = await jsonBody(c, saveValuationBody);
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
  .post('/admin/reset-to-auto-complete/:company', async (c) => {
    const company = companyFromPath(c);
    const body = await jsonBody(c, resetBody);
    return c.json(resetToAuto(c, company, body));
  })
  .get('/admin/audit-log', (c) => {
    const named = c.req.query('company');
    const company = named ? findCompany(c.var.services.db, named) : undefined;
    if (named && !company) throw new ApiError(404, `未找到公司"${named}"的数据，请确认名称或代码`);
    const limit = Math.min(1000, Math.max(1, Number(c.req.query('limit') ?? 200) || 200));
    return c.json({
      success: true,
      data: listAudit(c.var.services.db, company?.code ?? null, limit),
      message: '获取成功',
    });
  });
