import type { ResetScope } from '@fcf/engine';
import type { ResetToAutoBody } from '@fcf/engine/contract';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { CompanyRecord } from '../store/companies.ts';
import { listOverrideRows } from '../store/forecast-parameters.ts';

/** The body's scope: everything unless it says otherwise; `include_valuation_params: false` keeps WACC, g, shares. */
function scopeOf(body: ResetToAutoBody): ResetScope {
  const scope = body.reset_scope ?? {};
  const withValuationParams = body.include_valuation_params ?? true;
  return {
    fcf_parameters: scope.fcf_parameters ?? true,
    wacc_parameters: withValuationParams && (scope.wacc_parameters ?? true),
    terminal_growth_rate: withValuationParams && (scope.terminal_growth_rate ?? true),
    total_shares: withValuationParams && (scope.total_shares ?? true),
  };
}

/**
 * Reset to auto through the forecast service (the sync mutation `resetToAuto` does the same): clears the
 * chosen manual values (all by default), revalues, and answers the verification object with what
 * is true afterwards.
 */
export function resetToAuto(c: Context<AppEnv>, company: CompanyRecord, body: ResetToAutoBody) {
  const { db, forecasts, valuations } = c.var.services;
  const change = { modifiedBy: c.var.user?.username ?? 'admin', reason: '重置为自动预测' };
  const outcome = forecasts.reset(company, scopeOf(body), change);
  const valuation = (outcome.status === 'applied' ? outcome.valuation : null) ?? valuations.value(company);
  const manual = valuation.parameters.manual;
  const remainingOverrides = listOverrideRows(db, company.code).length;
  return {
    success: true,
    message: `${company.name} 已重置为自动预测`,
    data: {
      verification: {
        separation_complete: remainingOverrides === 0,
        status_reset_success: remainingOverrides === 0 && Object.values(manual).every((value) => value === null),
        auto_data_generated: valuation.autoForecast.length > 0 && valuation.dcf !== null,
        data_counts: { auto_parameters: valuation.autoForecast.length, auto_results: valuation.dcf ? 1 : 0 },
        wacc_status: { is_auto_mode: manual.wacc_manual === null, wacc: valuation.parameters.wacc },
        terminal_growth_status: {
          is_auto_mode: manual.terminal_growth_rate_manual === null,
          terminal_growth_rate: valuation.parameters.terminal_growth_rate,
        },
        total_shares_status: {
          is_auto_mode: manual.total_shares_manual === null,
          total_shares: valuation.parameters.total_shares,
        },
      },
      engines_responsibility: {
        admin_engine: '人工调整：保存管理员设定的参数（已清除所选范围）',
        auto_engine: '自动预测：由历史数据生成预测与估值（已重新生成）',
      },
    },
  };
}
