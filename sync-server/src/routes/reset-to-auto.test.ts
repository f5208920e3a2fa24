import { resetToAutoAnswer } from '@fcf/engine/contract';
import { describe, expect, it } from 'vitest';
import { queryAll } from '../db/query.ts';
import { answerOf } from '../testing/answers.ts';
import type { TestPlatform } from '../testing/test-platform.ts';
import {
  adjust,
  adjustmentStatus,
  auditLog,
  dcf,
  MIDEA,
  manualView,
  parameterRows,
  refused,
  usePlatform,
  valuationParams,
  writes,
} from './testing/adjustments.ts';

/**
 * Resetting a company to the auto forecast: every manual value (or the chosen ones) cleared and verified.
 * 美的集团's latest report is 2024, so its forecast years are 2025–2029.
 */

describe('POST /api/admin/reset-to-auto-complete/{company}', () => {
  const state = usePlatform();
  const RESET = `/api/admin/reset-to-auto-complete/${MIDEA}`;

  async function adjustEverything(platform: TestPlatform, token: string): Promise<void> {
    await adjust(platform, token, {
      year: 2026,
      parameters: { operating_revenue_yoy: 0.1 },
      cascade_update: true,
      auto_recalculate: true,
    });
    await adjust(platform, token, { year: 2027, parameters: { Capex_to_Revenue_Ratio: 0.05 } });
    await adjust(platform, token, {
      year: null,
      parameters: { wacc_manual: 0.09, terminal_growth_rate_manual: 0.03, total_shares_manual: 20 },
    });
  }

  async function reset(platform: TestPlatform, token: string, body: Record<string, unknown>) {
    const answer = await answerOf(await platform.call('POST', RESET, { token, body }), resetToAutoAnswer);
    expect(answer.success).toBe(true);
    expect(answer.message).toContain('美的集团');
    return answer.data;
  }

  const fullReset = {
    company_name: '美的集团',
    reset_mode: 'complete',
    include_valuation_params: true,
    reset_scope: { fcf_parameters: true, wacc_parameters: true, terminal_growth_rate: true, total_shares: true },
    modified_by: 'mallory',
    confirm_separation: true,
  };

  it('after adjustments: every manual value gone, verified, audited as reset', async () => {
    const { platform, token } = state;
    const autoRows = await manualView(platform);
    await adjustEverything(platform, token);
    expect((await adjustmentStatus(platform, token)).totalManualParameters).toBe(8);
    const auditBefore = (await auditLog(platform, token)).length;

    const answer = await reset(platform, token, fullReset);
    expect(answer.verification).toEqual({
      separation_complete: true,
      status_reset_success: true,
      auto_data_generated: true,
      data_counts: { auto_parameters: 5, auto_results: 1 },
      wacc_status: { is_auto_mode: true, wacc: state.pristine.wacc },
      terminal_growth_status: { is_auto_mode: true, terminal_growth_rate: 0.02 },
      total_shares_status: { is_auto_mode: true, total_shares: state.pristine.valuation.total_shares },
    });
    expect(typeof answer.engines_responsibility.admin_engine).toBe('string');
    expect(typeof answer.engines_responsibility.auto_engine).toBe('string');

    // The forecast is the auto forecast again, every driver system_default.
    const rows = await manualView(platform);
    for (const row of rows) {
      expect(new Set(Object.values(row.sources ?? {})), String(row.year)).toEqual(new Set(['system_default']));
      expect(row.data_status).toBe('auto');
    }
    expect(rows).toEqual(autoRows);
    const params = await valuationParams(platform);
    expect(params.wacc_data.wacc_manual).toBeNull();
    expect(params.valuation_inputs).toMatchObject({ terminal_growth_rate_manual: null, total_shares_manual: null });
    expect(await dcf(platform)).toEqual(state.pristine);
    expect(await adjustmentStatus(platform, token)).toMatchObject({
      hasManualAdjustments: false,
      totalManualParameters: 0,
      manualAdjustmentYears: [],
    });
    // The stored run is the auto valuation again.
    const [stored] = queryAll<{ value_per_share: number }>(
      platform.db,
      `SELECT value_per_share FROM valuation_results WHERE company_code = '000333'`,
    );
    expect(stored?.value_per_share).toBe(state.pristine.valuation.value_per_share);

    // Tombstones for sync: each override row deleted with a new version.
    const overrideRows = parameterRows(platform);
    expect(overrideRows).toHaveLength(5);
    for (const row of overrideRows) expect(row).toMatchObject({ deleted: 1, version: 2 });

    const log = await auditLog(platform, token);
    const entries = log.slice(0, log.length - auditBefore);
    expect(entries).toHaveLength(8);
    for (const entry of entries) {
      expect(entry).toMatchObject({ action: 'reset', new_value: null, modified_by: 'admin' });
      expect(entry.old_value).not.toBeNull();
    }
    expect(entries.map((entry) => entry.parameter).sort()).toEqual(
      [
        'Capex_to_Revenue_Ratio',
        ...Array<string>(4).fill('operating_revenue_yoy'),
        'terminal_growth_rate_manual',
        'total_shares_manual',
        'wacc_manual',
      ].sort(),
    );
  });

  it('a reset with nothing set changes nothing and still verifies', async () => {
    const { platform, token } = state;
    const before = writes(platform);
    const answer = await reset(platform, token, {});
    expect(answer.verification).toMatchObject({ separation_complete: true, status_reset_success: true });
    expect(writes(platform).audit).toBe(before.audit);
    expect(writes(platform).parameters).toBe(before.parameters);
  });

  it('a partial reset_scope clears only the WACC', async () => {
    const { platform, token } = state;
    await adjustEverything(platform, token);
    const auditBefore = writes(platform).audit ?? 0;
    const answer = await reset(platform, token, {
      ...fullReset,
      reset_scope: { fcf_parameters: false, wacc_parameters: true, terminal_growth_rate: false, total_shares: false },
    });
    expect(answer.verification).toMatchObject({
      separation_complete: false,
      status_reset_success: false,
      auto_data_generated: true,
      wacc_status: { is_auto_mode: true, wacc: state.pristine.wacc },
      terminal_growth_status: { is_auto_mode: false, terminal_growth_rate: 0.03 },
      total_shares_status: { is_auto_mode: false, total_shares: 20 },
    });
    const params = await valuationParams(platform);
    expect(params.wacc_data.wacc_manual).toBeNull();
    expect(params.valuation_inputs).toMatchObject({ terminal_growth_rate_manual: 0.03, total_shares_manual: 20 });
    const rows = await manualView(platform);
    expect(rows.find((row) => row.year === 2026)?.sources?.operating_revenue_yoy).toBe('user_set');
    expect(rows.find((row) => row.year === 2027)?.sources?.Capex_to_Revenue_Ratio).toBe('user_set');
    expect(writes(platform).audit).toBe(auditBefore + 1);
    const [entry] = await auditLog(platform, token);
    expect(entry).toMatchObject({ parameter: 'wacc_manual', old_value: 0.09, new_value: null, action: 'reset' });
  });

  it('include_valuation_params false clears the forecast drivers only', async () => {
    const { platform, token } = state;
    const answer = await reset(platform, token, { include_valuation_params: false });
    expect(answer.verification).toMatchObject({
      separation_complete: true,
      status_reset_success: false,
      terminal_growth_status: { is_auto_mode: false },
      total_shares_status: { is_auto_mode: false },
    });
    expect((await adjustmentStatus(platform, token)).manualAdjustmentYears).toEqual([]);
    expect((await valuationParams(platform)).valuation_inputs.total_shares_manual).toBe(20);
    // And a full reset finishes the job.
    const full = await reset(platform, token, fullReset);
    expect(full.verification.status_reset_success).toBe(true);
    expect(await dcf(platform)).toEqual(state.pristine);
  });

  it('an unknown company 404, a bad body 400, no token 401, a user 403', async () => {
    const { platform, token, userToken } = state;
    await refused(platform, `/api/admin/reset-to-auto-complete/${encodeURIComponent('不存在')}`, 404, {
      token,
      body: fullReset,
    });
    await refused(platform, RESET, 400, { token, body: { reset_scope: { wacc_parameters: 'yes' } } });
    await refused(platform, RESET, 401, { body: fullReset });
    await refused(platform, RESET, 403, { token: userToken, body: fullReset });
  });
});
