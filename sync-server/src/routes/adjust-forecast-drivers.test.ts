import { adjustParametersAnswer } from '@fcf/engine/contract';
import { describe, expect, it } from 'vitest';
import { currentChangeSeq } from '../db/change-seq.ts';
import { queryAll } from '../db/query.ts';
import { answerOf } from '../testing/answers.ts';
import { expectClose } from '../testing/expect-close.ts';
import {
  ADJUST,
  adjust,
  adjustmentStatus,
  auditLog,
  dcf,
  FORECAST_YEARS,
  MIDEA,
  manualView,
  parameterRows,
  refused,
  usePlatform,
  writes,
} from './testing/adjustments.ts';

/**
 * Adjusting forecast drivers year by year (with and without cascade), the adjustment status and the audit
 * log, and the adjustments refused without a write.
 * 美的集团's latest report is 2024, so its forecast years are 2025–2029.
 */

describe('adjusting forecast drivers (POST /api/admin/adjust-parameters/{company} with a year)', () => {
  const state = usePlatform();

  it('before any adjustment: no manual values, every driver system_default', async () => {
    const { platform, token } = state;
    const status = await adjustmentStatus(platform, token);
    expect(status).toMatchObject({ hasManualAdjustments: false, totalManualParameters: 0, manualAdjustmentYears: [] });
    expect(status.waccStatus).toMatchObject({ is_manual: false, wacc_manual: null });
    expect(status.waccStatus.wacc).toBe(state.pristine.wacc);
    expect(status.waccStatus.wacc_calculated).toBe(state.pristine.wacc);
    const rows = await manualView(platform);
    expect(rows.map((row) => row.year)).toEqual(FORECAST_YEARS);
    for (const row of rows) expect(new Set(Object.values(row.sources ?? {}))).toEqual(new Set(['system_default']));
    expect(parameterRows(platform)).toEqual([]);
  });

  it('2026 growth with cascade: stored for 2026–2029, 2025 untouched, the DCF recalculated', async () => {
    const { platform, token } = state;
    const autoBefore = await manualView(platform);
    const seq = currentChangeSeq(platform.db);
    const answer = await adjust(platform, token, {
      year: 2026,
      parameters: { operating_revenue_yoy: 0.1 },
      cascade_update: true,
      auto_recalculate: true,
      adjustment_reason: '测试',
      modified_by: 'mallory',
    });
    expect(answer.applied).toEqual(
      [2026, 2027, 2028, 2029].map((year) => ({ year, parameter: 'operating_revenue_yoy', value: 0.1 })),
    );

    const rows = await manualView(platform);
    const [y2025, ...later] = rows;
    expect(y2025?.sources?.operating_revenue_yoy).toBe('system_default');
    expect(y2025?.operating_revenue_yoy).toBe(autoBefore[0]?.operating_revenue_yoy);
    expect(y2025?.data_status).toBe('auto');
    for (const row of later) {
      expect(row.sources?.operating_revenue_yoy, String(row.year)).toBe('user_set');
      expect(row.operating_revenue_yoy).toBe(0.1);
      expect(row.data_status).toBe('manual');
    }
    // Revenue grows by 10% a year from 2025's.
    for (const [index, row] of later.entries()) {
      expectClose(row.operating_revenue ?? 0, (rows[index]?.operating_revenue ?? 0) * 1.1);
    }

    const after = await dcf(platform);
    expect(after.valuation.value_per_share).not.toBeCloseTo(state.pristine.valuation.value_per_share ?? Number.NaN, 2);
    expect(after.forecast[0]?.fcf).toBe(state.pristine.forecast[0]?.fcf);
    expect(answer.valuation_results).toEqual({
      forecast_fcf_sum: after.forecast_fcf_sum,
      terminal_value: after.terminal_value,
      terminal_pv: after.terminal_pv,
      enterprise_value: after.valuation.enterprise_value,
      equity_value: after.valuation.equity_value,
      value_per_share: after.valuation.value_per_share,
      // 美的 has a share count and a positive equity value: the value per share means something.
      value_per_share_reason: null,
      warnings: after.warnings,
    });
    // auto_recalculate stored the new run.
    const [stored] = queryAll<{ value_per_share: number; change_seq: number }>(
      platform.db,
      `SELECT value_per_share, change_seq FROM valuation_results WHERE company_code = '000333'`,
    );
    expect(stored?.value_per_share).toBe(after.valuation.value_per_share);

    const stored2026on = parameterRows(platform, 'operating_revenue_yoy');
    expect(stored2026on.map((row) => row.year)).toEqual([2026, 2027, 2028, 2029]);
    for (const row of stored2026on) {
      expect(row).toMatchObject({ value: 0.1, source: 'user_set', version: 1, deleted: 0, updated_by: 'admin' });
      expect(row.change_seq).toBeGreaterThan(seq);
    }
    expect(new Set(stored2026on.map((row) => row.change_seq)).size).toBe(4);
  });

  it('the audit log names the token user, not the modified_by of the body', async () => {
    const { platform, token } = state;
    const entries = await auditLog(platform, token);
    expect(entries).toHaveLength(4);
    expect(entries.map((entry) => entry.year)).toEqual([2029, 2028, 2027, 2026]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        company_code: '000333',
        parameter: 'operating_revenue_yoy',
        old_value: null,
        new_value: 0.1,
        action: 'set',
        reason: '测试',
        modified_by: 'admin',
      });
      expect(Math.abs(Date.now() - Date.parse(entry.at))).toBeLessThan(60_000);
    }
  });

  it('changing one year again bumps its version and change_seq and logs old → new', async () => {
    const { platform, token } = state;
    const before = parameterRows(platform, 'operating_revenue_yoy');
    await adjust(platform, token, {
      year: 2027,
      parameters: { operating_revenue_yoy: 0.12 },
      adjustment_reason: '上调',
    });
    const after = parameterRows(platform, 'operating_revenue_yoy');
    const row2027 = after.find((row) => row.year === 2027);
    expect(row2027).toMatchObject({ value: 0.12, version: 2 });
    expect(row2027?.change_seq).toBeGreaterThan(Math.max(...before.map((row) => row.change_seq)));
    // Without cascade the other years keep their rows.
    for (const year of [2026, 2028, 2029]) {
      expect(after.find((row) => row.year === year)).toEqual(before.find((row) => row.year === year));
    }
    const rows = await manualView(platform);
    expect(rows.find((row) => row.year === 2027)?.operating_revenue_yoy).toBe(0.12);
    expect(rows.find((row) => row.year === 2028)?.operating_revenue_yoy).toBe(0.1);
    const [latest] = await auditLog(platform, token);
    expect(latest).toMatchObject({
      year: 2027,
      parameter: 'operating_revenue_yoy',
      old_value: 0.1,
      new_value: 0.12,
      action: 'set',
      reason: '上调',
      modified_by: 'admin',
    });
  });

  it('setting the same value again writes nothing', async () => {
    const { platform, token } = state;
    const before = writes(platform);
    const rows = parameterRows(platform);
    await adjust(platform, token, { year: 2027, parameters: { operating_revenue_yoy: 0.12 } });
    expect(writes(platform)).toEqual(before);
    expect(parameterRows(platform)).toEqual(rows);
  });

  it('without cascade: 2026 is user_set and 2027–2029 inherit it', async () => {
    const { platform, token } = state;
    const storedBefore = queryAll<{ change_seq: number }>(
      platform.db,
      `SELECT change_seq FROM valuation_results WHERE company_code = '000333'`,
    );
    const valueBefore = (await dcf(platform)).valuation.value_per_share;
    const answer = await adjust(platform, token, {
      year: 2026,
      parameters: { Capex_to_Revenue_Ratio: 0.05 },
      cascade_update: false,
      auto_recalculate: false,
      adjustment_reason: '资本开支',
    });
    expect(answer.applied).toEqual([{ year: 2026, parameter: 'Capex_to_Revenue_Ratio', value: 0.05 }]);
    expect(answer.valuation_results).toBeNull();
    const rows = await manualView(platform);
    expect(rows.map((row) => row.sources?.Capex_to_Revenue_Ratio)).toEqual([
      'system_default',
      'user_set',
      'inherited',
      'inherited',
      'inherited',
    ]);
    for (const row of rows.slice(1)) expect(row.Capex_to_Revenue_Ratio).toBe(0.05);
    expect(parameterRows(platform, 'Capex_to_Revenue_Ratio').map((row) => row.year)).toEqual([2026]);
    // The DCF read follows at once, and so does the stored run: every applied edit revalues.
    const valueAfter = (await dcf(platform)).valuation.value_per_share;
    expect(valueAfter).not.toBe(valueBefore);
    const [stored] = queryAll<{ change_seq: number; value_per_share: number }>(
      platform.db,
      `SELECT change_seq, value_per_share FROM valuation_results WHERE company_code = '000333'`,
    );
    expect(stored?.value_per_share).toBe(valueAfter);
    expect(stored?.change_seq).toBeGreaterThan(storedBefore[0]?.change_seq ?? Infinity);
  });

  it('GET /api/admin/adjustment-status after the adjustments', async () => {
    const { platform, token } = state;
    const status = await adjustmentStatus(platform, token);
    expect(status).toMatchObject({
      hasManualAdjustments: true,
      totalManualParameters: 5,
      manualAdjustmentYears: [2026, 2027, 2028, 2029],
    });
    expect(status.waccStatus.is_manual).toBe(false);
  });

  it('GET /api/admin/audit-log lists every change, newest first, by company name or code', async () => {
    const { platform, token } = state;
    const entries = await auditLog(platform, token);
    expect(entries.map((entry) => [entry.year, entry.parameter, entry.old_value, entry.new_value])).toEqual([
      [2026, 'Capex_to_Revenue_Ratio', null, 0.05],
      [2027, 'operating_revenue_yoy', 0.1, 0.12],
      [2029, 'operating_revenue_yoy', null, 0.1],
      [2028, 'operating_revenue_yoy', null, 0.1],
      [2027, 'operating_revenue_yoy', null, 0.1],
      [2026, 'operating_revenue_yoy', null, 0.1],
    ]);
    expect(entries.map((entry) => entry.reason)).toEqual(['资本开支', '上调', '测试', '测试', '测试', '测试']);
    expect(entries.map((entry) => entry.id)).toEqual([...entries.map((entry) => entry.id)].sort((a, b) => b - a));
    expect(await auditLog(platform, token, 'company=000333')).toEqual(entries);
    expect(await auditLog(platform, token, `company=${MIDEA}&limit=2`)).toEqual(entries.slice(0, 2));
    expect(await auditLog(platform, token, '')).toEqual(entries);
    expect(await auditLog(platform, token, `company=${encodeURIComponent('格力电器')}`)).toEqual([]);
  });

  it('the audit log: unknown company 404, no token 401, user 403', async () => {
    const { platform, token, userToken } = state;
    const unknown = await platform.call('GET', `/api/admin/audit-log?company=${encodeURIComponent('不存在')}`, {
      token,
    });
    expect(unknown.status).toBe(404);
    expect((await platform.call('GET', '/api/admin/audit-log')).status).toBe(401);
    expect((await platform.call('GET', '/api/admin/audit-log', { token: userToken })).status).toBe(403);
  });

  describe('refused adjustments write nothing', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [
        'a string value',
        { year: 2026, parameters: { operating_revenue_yoy: 'abc' } },
        '营业收入增长率（operating_revenue_yoy@2026）：无效的数值',
      ],
      [
        'growth out of the −20%..25% range',
        { year: 2026, parameters: { operating_revenue_yoy: 0.3 } },
        '营业收入增长率（operating_revenue_yoy@2026）为 30%，超出合理范围（-20% 至 25%）',
      ],
      [
        'a negative cost ratio',
        { year: 2026, parameters: { operating_cost_pct: -0.1 } },
        '营业成本率（operating_cost_pct@2026）为 -10%，超出合理范围',
      ],
      ['an unknown parameter', { year: 2026, parameters: { revenue_boost: 0.1 } }, '未知的参数：revenue_boost'],
      ['no parameter', { year: 2026, parameters: {} }, '请提供要调整的参数'],
      [
        'a driver with year null',
        { year: null, parameters: { operating_revenue_yoy: 0.1 } },
        '预测参数 operating_revenue_yoy 需要指定年份（year）',
      ],
      [
        'a valuation parameter with a year, after a valid driver',
        { year: 2026, parameters: { operating_revenue_yoy: 0.05, wacc_manual: 0.09 }, cascade_update: true },
        '估值参数 wacc_manual 请以 year: null 提交',
      ],
      [
        'a historical year',
        { year: 2024, parameters: { operating_revenue_yoy: 0.1 } },
        '预测期为 2025–2029 年，以下年份不在预测期内，不能设置预测参数：2024',
      ],
      ['a year past the horizon', { year: 2030, parameters: { operating_revenue_yoy: 0.1 } }, '2025–2029'],
      ['no year field', { parameters: { operating_revenue_yoy: 0.1 } }, 'year'],
      ['a fractional year', { year: 2026.5, parameters: { operating_revenue_yoy: 0.1 } }, 'year'],
    ];

    it.each(cases)('%s → 400', async (_label, body, message) => {
      const { platform, token } = state;
      const before = writes(platform);
      const error = await refused(platform, ADJUST, 400, { token, body });
      expect(error.message).toContain(message);
      expect(writes(platform)).toEqual(before);
    });

    it('a year of another company’s horizon: 安琪酵母 (latest 2019) forecasts 2020–2024', async () => {
      const { platform, token } = state;
      const path = `/api/admin/adjust-parameters/${encodeURIComponent('安琪酵母')}`;
      const error = await refused(platform, path, 400, {
        token,
        body: { year: 2026, parameters: { operating_revenue_yoy: 0.1 } },
      });
      expect(error.message).toContain('2020–2024');
      const ok = await platform.call('POST', path, {
        token,
        body: { year: 2021, parameters: { operating_revenue_yoy: 0.1 }, cascade_update: true },
      });
      expect((await answerOf(ok, adjustParametersAnswer)).data.applied.map((entry) => entry.year)).toEqual([
        2021, 2022, 2023, 2024,
      ]);
    });

    it('malformed JSON → 400', async () => {
      const { platform, token } = state;
      const error = await refused(platform, ADJUST, 400, { token, body: '{"year": 2026' });
      expect(error.message).toContain('JSON');
    });

    it('an unknown company → 404, no token → 401, a user → 403', async () => {
      const { platform, token, userToken } = state;
      const before = writes(platform);
      const body = { year: 2026, parameters: { operating_revenue_yoy: 0.1 } };
      const unknown = await refused(platform, `/api/admin/adjust-parameters/${encodeURIComponent('不存在')}`, 404, {
        token,
        body,
      });
      expect(unknown.message).toContain('不存在');
      const anonymous = await refused(platform, ADJUST, 401, { body });
      expect(anonymous.message).toBe('未登录或登录已过期，请重新登录');
      const user = await refused(platform, ADJUST, 403, { token: userToken, body });
      expect(user.message).toBe('无权限访问，请以管理员身份登录');
      expect(writes(platform)).toEqual(before);
      for (const path of [`/api/admin/adjustment-status/${MIDEA}`]) {
        expect((await platform.call('GET', path)).status).toBe(401);
        expect((await platform.call('GET', path, { token: userToken })).status).toBe(403);
      }
      const status = await platform.call('GET', `/api/admin/adjustment-status/${encodeURIComponent('不存在')}`, {
        token,
      });
      expect(status.status).toBe(404);
    });
  });
});
