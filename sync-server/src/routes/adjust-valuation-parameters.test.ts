import { saveValuationAnswer } from '@fcf/engine/contract';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/password.ts';
import { currentChangeSeq } from '../db/change-seq.ts';
import { queryAll } from '../db/query.ts';
import { createUser } from '../store/users.ts';
import { answerOf, refusalOf } from '../testing/answers.ts';
import { expectClose } from '../testing/expect-close.ts';
import type { TestPlatform } from '../testing/test-platform.ts';
import {
  ADJUST,
  adjust,
  adjustmentStatus,
  auditLog,
  dcf,
  MIDEA,
  parameterRows,
  refused,
  saveBody,
  usePlatform,
  valuationParams,
  writes,
} from './testing/adjustments.ts';

/**
 * The valuation parameters (WACC, g, shares: `year: null`) and saving the page's valuation.
 * 美的集团's latest report is 2024, so its forecast years are 2025–2029.
 */

describe('valuation parameters (year: null) and saving the valuation', () => {
  const state = usePlatform();

  function inputsRow(platform: TestPlatform) {
    return queryAll<{
      wacc_manual: number | null;
      terminal_growth_rate_manual: number | null;
      total_shares_manual: number | null;
      version: number;
      change_seq: number;
      updated_by: string;
    }>(
      platform.db,
      `SELECT wacc_manual, terminal_growth_rate_manual, total_shares_manual, version, change_seq, updated_by
       FROM valuation_inputs WHERE company_code = '000333'`,
    )[0];
  }

  it('wacc_manual 0.09: shown by valuation-params, used by the DCF, audited', async () => {
    const { platform, token } = state;
    const seq = currentChangeSeq(platform.db);
    const answer = await adjust(platform, token, {
      year: null,
      parameters: { wacc_manual: 0.09 },
      adjustment_reason: 'WACC 测试',
      modified_by: 'mallory',
    });
    expect(answer.applied).toEqual([{ year: null, parameter: 'wacc_manual', value: 0.09 }]);
    const params = await valuationParams(platform);
    expect(params.wacc_data).toEqual({ wacc_calculated: state.pristine.wacc, wacc_manual: 0.09, wacc: 0.09 });
    expect(params.effective_values.wacc).toBe(0.09);
    const view = await dcf(platform);
    expect(view.wacc).toBe(0.09);
    expect(view.meta.wacc_source).toBe('manual');
    for (const [index, row] of view.forecast.entries()) expectClose(row.discount_factor, 1.09 ** -(index + 1));

    const row = inputsRow(platform);
    expect(row).toMatchObject({
      wacc_manual: 0.09,
      terminal_growth_rate_manual: null,
      version: 1,
      updated_by: 'admin',
    });
    expect(row?.change_seq).toBeGreaterThan(seq);
    const [entry] = await auditLog(platform, token);
    expect(entry).toMatchObject({
      year: null,
      parameter: 'wacc_manual',
      old_value: null,
      new_value: 0.09,
      action: 'set',
      reason: 'WACC 测试',
      modified_by: 'admin',
    });

    const status = await adjustmentStatus(platform, token);
    expect(status).toMatchObject({ hasManualAdjustments: true, totalManualParameters: 1, manualAdjustmentYears: [] });
    expect(status.waccStatus).toEqual({
      is_manual: true,
      wacc_manual: 0.09,
      wacc_calculated: state.pristine.wacc,
      wacc: 0.09,
    });
  });

  it('wacc_manual null clears it back to the calculated WACC', async () => {
    const { platform, token } = state;
    const before = inputsRow(platform);
    await adjust(platform, token, { year: null, parameters: { wacc_manual: null } });
    const params = await valuationParams(platform);
    expect(params.wacc_data).toEqual({
      wacc_calculated: state.pristine.wacc,
      wacc_manual: null,
      wacc: state.pristine.wacc,
    });
    expect((await dcf(platform)).valuation).toEqual(state.pristine.valuation);
    const row = inputsRow(platform);
    expect(row).toMatchObject({ wacc_manual: null, version: 2 });
    expect(row?.change_seq).toBeGreaterThan(before?.change_seq ?? Infinity);
    const [entry] = await auditLog(platform, token);
    expect(entry).toMatchObject({ parameter: 'wacc_manual', old_value: 0.09, new_value: null, action: 'clear' });
    expect((await adjustmentStatus(platform, token)).hasManualAdjustments).toBe(false);
  });

  it('WACC ≤ g is a 400 whichever of the two is set, and writes nothing', async () => {
    const { platform, token } = state;
    await adjust(platform, token, { year: null, parameters: { wacc_manual: 0.04 } });
    const before = writes(platform);
    const growth = await refused(platform, ADJUST, 400, {
      token,
      body: { year: null, parameters: { terminal_growth_rate_manual: 0.05 } },
    });
    expect(growth.message).toContain('WACC');
    expect(growth.message).toContain('必须大于永续增长率');
    // Equal to the default g of 2%.
    const wacc = await refused(platform, ADJUST, 400, {
      token,
      body: { year: null, parameters: { wacc_manual: 0.02 } },
    });
    expect(wacc.message).toContain('WACC');
    expect(wacc.message).toContain('必须大于永续增长率');
    const both = await refused(platform, ADJUST, 400, {
      token,
      body: { year: null, parameters: { wacc_manual: 0.05, terminal_growth_rate_manual: 0.05 } },
    });
    expect(both.message).toContain('必须大于永续增长率');
    expect(writes(platform)).toEqual(before);
    expect((await valuationParams(platform)).effective_values).toMatchObject({
      wacc: 0.04,
      terminal_growth_rate: 0.02,
    });

    // A lower g in the same call makes a lower WACC valid.
    await adjust(platform, token, { year: null, parameters: { wacc_manual: 0.03, terminal_growth_rate_manual: 0.01 } });
    const view = await dcf(platform);
    expect([view.wacc, view.g]).toEqual([0.03, 0.01]);
  });

  it('total_shares_manual sets the share count of the per-share value', async () => {
    const { platform, token } = state;
    await adjust(platform, token, {
      year: null,
      parameters: { wacc_manual: null, terminal_growth_rate_manual: null, total_shares_manual: 20 },
    });
    const params = await valuationParams(platform);
    expect(params.effective_values).toEqual({
      wacc: state.pristine.wacc,
      terminal_growth_rate: 0.02,
      total_shares_manual: 20,
      total_shares: 20,
      total_shares_source: 'manual',
      terminal_value_method: 'gordon',
      ronic: state.pristine.wacc,
    });
    const view = await dcf(platform);
    expect(view.valuation.total_shares).toBe(20);
    expect(view.valuation.equity_value).toBe(state.pristine.valuation.equity_value);
    expectClose(view.valuation.value_per_share ?? Number.NaN, state.pristine.valuation.equity_value / 20);
    await adjust(platform, token, { year: null, parameters: { total_shares_manual: null } });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a string WACC', { wacc_manual: '0.09' }, 'WACC（wacc_manual）：无效的数值'],
    ['a WACC of 50%', { wacc_manual: 0.5 }, 'WACC（wacc_manual）为 50%，超出合理范围（1% 至 30%）'],
    [
      'a growth of 30%',
      { terminal_growth_rate_manual: 0.3 },
      '永续增长率（terminal_growth_rate_manual）为 30%，超出合理范围（-5% 至 6%）',
    ],
    ['no shares', { total_shares_manual: 0 }, '总股本（亿股）（total_shares_manual）为 0，超出合理范围'],
    ['an unknown valuation parameter', { wacc: 0.09 }, '未知的参数：wacc'],
  ];
  it.each(invalid)('%s → 400', async (_label, parameters, message) => {
    const { platform, token } = state;
    const before = writes(platform);
    const error = await refused(platform, ADJUST, 400, { token, body: { year: null, parameters } });
    expect(error.message).toContain(message);
    expect(writes(platform)).toEqual(before);
  });

  describe('POST /api/admin/save-complete-valuation/{company}', () => {
    const SAVE = `/api/admin/save-complete-valuation/${MIDEA}`;

    it('saves the page valuation: verified when it agrees with the server', async () => {
      const { platform, token } = state;
      await adjust(platform, token, { year: null, parameters: { wacc_manual: 0.085 } });
      const view = await dcf(platform);
      const response = await platform.call('POST', SAVE, { token, body: saveBody(view) });
      const answer = await answerOf(response, saveValuationAnswer);
      expect(answer.success).toBe(true);
      expect(answer.message).toBe('估值结果已保存');
      expect(answer.data.verified).toBe(true);
      expect(answer.data.valuation_results.value_per_share).toBe(view.valuation.value_per_share);

      const [stored] = queryAll<{
        value_per_share: number;
        enterprise_value: number;
        source: string;
        result_json: string;
      }>(
        platform.db,
        `SELECT value_per_share, enterprise_value, source, result_json FROM valuation_results
         WHERE company_code = '000333' AND deleted = 0`,
      );
      expect(stored?.value_per_share).toBe(view.valuation.value_per_share);
      expect(stored?.enterprise_value).toBe(view.valuation.enterprise_value);
      expect(JSON.parse(stored?.result_json ?? '{}')).toMatchObject({ wacc: 0.085 });
      expect(['auto', 'manual_save']).toContain(stored?.source);

      const [entry] = await auditLog(platform, token);
      expect(entry).toMatchObject({
        parameter: 'valuation',
        action: 'save_valuation',
        year: 2025,
        new_value: view.valuation.value_per_share,
        reason: null,
        modified_by: 'admin',
      });
    });

    it('a page figure that disagrees is saved as the server computes it, verified false', async () => {
      const { platform, token } = state;
      const view = await dcf(platform);
      const body = saveBody(view);
      body.valuation_results.value_per_share = (view.valuation.value_per_share ?? Number.NaN) * 2;
      const response = await platform.call('POST', SAVE, { token, body });
      const answer = await answerOf(response, saveValuationAnswer);
      expect(answer.data.verified).toBe(false);
      expect(answer.message).toContain('校正');
      const [stored] = queryAll<{ value_per_share: number }>(
        platform.db,
        `SELECT value_per_share FROM valuation_results WHERE company_code = '000333'`,
      );
      expect(stored?.value_per_share).toBe(view.valuation.value_per_share);
      const [entry] = await auditLog(platform, token);
      expect(entry?.reason).toContain('不一致');
    });

    it('a WACC given beside the cash flows is enough', async () => {
      const { platform, token } = state;
      const view = await dcf(platform);
      const body = saveBody(view);
      const flows = body.discounted_cashflows.map(({ wacc: _wacc, ...flow }) => flow);
      const response = await platform.call('POST', SAVE, {
        token,
        body: { ...body, discounted_cashflows: flows, wacc: view.wacc },
      });
      expect(response.status).toBe(200);
    });

    it('an incomplete body is a 400 "估值参数不完整，无法保存" and saves nothing', async () => {
      const { platform, token } = state;
      const view = await dcf(platform);
      const full = saveBody(view);
      const { discounted_cashflows: _flows, ...withoutFlows } = full;
      const { valuation_results: _results, ...withoutResults } = full;
      const withoutWacc = {
        ...full,
        discounted_cashflows: full.discounted_cashflows.map(({ wacc: _wacc, ...flow }) => flow),
      };
      const before = writes(platform);
      for (const body of [withoutFlows, { ...full, discounted_cashflows: [] }, withoutWacc, withoutResults]) {
        const error = await refused(platform, SAVE, 400, { token, body });
        expect(error.message).toBe('估值参数不完整，无法保存');
      }
      expect(writes(platform)).toEqual(before);
    });

    it('an unknown company is refused; no token 401; a user 403', async () => {
      const { platform, token, userToken } = state;
      const body = saveBody(await dcf(platform));
      const unknown = await platform.call(
        'POST',
        `/api/admin/save-complete-valuation/${encodeURIComponent('不存在')}`,
        {
          token,
          body,
        },
      );
      await refusalOf(unknown, 404);
      await refused(platform, SAVE, 401, { body });
      await refused(platform, SAVE, 403, { token: userToken, body });
    });
  });

  it('GET /api/admin/valuation-params is public; an unknown company is a 404', async () => {
    const { platform } = state;
    expect((await platform.call('GET', `/api/admin/valuation-params/${MIDEA}`)).status).toBe(200);
    expect((await platform.call('GET', `/api/admin/valuation-params/${encodeURIComponent('不存在')}`)).status).toBe(
      404,
    );
  });

  it('a second admin: every change is logged under the token user, whatever modified_by says', async () => {
    const { platform } = state;
    const password = 'Second-Admin-2026';
    createUser(platform.db, {
      username: 'chief_analyst',
      email: null,
      passwordHash: await hashPassword(password),
      isAdmin: true,
    });
    const token = await platform.login('chief_analyst', password);
    await adjust(platform, token, {
      year: null,
      parameters: { total_shares_manual: 30 },
      adjustment_reason: '股本',
      modified_by: 'admin',
    });
    await adjust(platform, token, { year: 2028, parameters: { da_ratio: 0.03 }, modified_by: 'mallory' });
    const [driver, shares] = await auditLog(platform, token);
    expect(driver).toMatchObject({ year: 2028, parameter: 'da_ratio', new_value: 0.03, modified_by: 'chief_analyst' });
    expect(shares).toMatchObject({ parameter: 'total_shares_manual', new_value: 30, modified_by: 'chief_analyst' });
    expect(parameterRows(platform, 'da_ratio')[0]?.updated_by).toBe('chief_analyst');
  });
});
