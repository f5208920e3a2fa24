import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/password.ts';
import { currentChangeSeq } from '../db/change-seq.ts';
import { queryAll } from '../db/query.ts';
import { createUser } from '../store/users.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/**
 * Forecast adjustments (with cascade), valuation parameters, the audit log, saving and resetting to auto
 * (back-office §4, §5, §7; DESIGN §4). 美的集团's latest report is 2024, so its forecast years are 2025–2029.
 */

type Source = 'user_set' | 'inherited' | 'system_default';

interface ForecastRow {
  year: number;
  data_status: 'manual' | 'auto';
  FCFF: number | null;
  operating_revenue: number | null;
  operating_revenue_yoy: number | null;
  Capex_to_Revenue_Ratio: number | null;
  sources?: Record<string, Source>;
}

interface FinancialData {
  historical: ForecastRow[];
  forecast: ForecastRow[];
  auto_forecast: ForecastRow[];
}

interface DcfData {
  wacc: number;
  g: number;
  forecast: { year: number; fcf: number; discount_factor: number; discounted_fcf: number }[];
  forecast_fcf_sum: number;
  terminal_value: number;
  terminal_pv: number;
  valuation: { enterprise_value: number; equity_value: number; share_capital: number; value_per_share: number };
  meta: {
    latest_report_year: number;
    wacc_source: string;
    terminal_growth_source: string;
    total_shares_source: string;
  };
}

interface ValuationParams {
  effective_values: {
    wacc: number;
    terminal_growth_rate: number;
    total_shares_manual: number | null;
    total_shares: number;
  };
  wacc_data: { wacc_calculated: number | null; wacc_manual: number | null; wacc: number };
  valuation_inputs: {
    terminal_growth_rate: number;
    terminal_growth_rate_manual: number | null;
    total_shares: number;
    total_shares_manual: number | null;
  };
}

interface AdjustmentStatus {
  hasManualAdjustments: boolean;
  totalManualParameters: number;
  manualAdjustmentYears: number[];
  waccStatus: { is_manual: boolean; wacc_manual: number | null; wacc_calculated: number | null; wacc: number };
}

interface AuditEntry {
  id: number;
  company_code: string;
  year: number | null;
  parameter: string;
  old_value: number | null;
  new_value: number | null;
  action: string;
  reason: string | null;
  modified_by: string;
  at: string;
}

interface AdjustAnswer {
  applied: { year: number | null; parameter: string; value: number | null }[];
  valuation_results: DcfData['valuation'] | null;
}

interface ModeStatus {
  is_auto_mode: boolean;
}

interface ResetAnswer {
  verification: {
    separation_complete: boolean;
    status_reset_success: boolean;
    auto_data_generated: boolean;
    data_counts: { auto_parameters: number; auto_results: number };
    wacc_status: ModeStatus & { wacc: number };
    terminal_growth_status: ModeStatus & { terminal_growth_rate: number };
    total_shares_status: ModeStatus & { total_shares: number };
  };
  engines_responsibility: { admin_engine: string; auto_engine: string };
}

interface Envelope<T> {
  success: boolean;
  data: T;
  message: string;
}

interface ErrorBody {
  success: false;
  message: string;
  detail: string;
}

interface ParameterRow {
  year: number;
  parameter: string;
  value: number | null;
  source: string;
  updated_by: string | null;
  version: number;
  change_seq: number;
  deleted: number;
}

const MIDEA = encodeURIComponent('美的集团');
const ADJUST = `/api/admin/adjust-parameters/${MIDEA}`;
const FORECAST_YEARS = [2025, 2026, 2027, 2028, 2029];
const INCOMPLETE = '估值参数不完整，无法保存';

function expectClose(actual: number, expected: number, tolerance = 1e-9): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(tolerance * Math.max(1, Math.abs(expected)));
}

/** One seeded platform per describe: each starts from the fixtures with nothing set by hand. */
function usePlatform() {
  const state = {} as { platform: TestPlatform; token: string; userToken: string; pristine: DcfData };
  beforeAll(async () => {
    state.platform = await startTestPlatform();
    state.token = await state.platform.adminToken();
    state.userToken = await state.platform.userToken();
    state.pristine = await dcf(state.platform);
  });
  afterAll(() => state.platform.close());
  return state;
}

async function read<T>(platform: TestPlatform, path: string, token?: string): Promise<T> {
  const response = await platform.call('GET', path, token ? { token } : {});
  expect(response.status, path).toBe(200);
  const body = (await response.json()) as Envelope<T>;
  expect(body.success).toBe(true);
  return body.data;
}

const dcf = (platform: TestPlatform) => read<DcfData>(platform, `/api/home/dcf_valuation/${MIDEA}`);
const manualView = async (platform: TestPlatform) =>
  (await read<FinancialData>(platform, `/api/data/financial-data/${MIDEA}?view_mode=manual`)).forecast;
const valuationParams = (platform: TestPlatform) =>
  read<ValuationParams>(platform, `/api/admin/valuation-params/${MIDEA}`);
const adjustmentStatus = (platform: TestPlatform, token: string) =>
  read<AdjustmentStatus>(platform, `/api/admin/adjustment-status/${MIDEA}`, token);
const auditLog = (platform: TestPlatform, token: string, query = `company=${MIDEA}`) =>
  read<AuditEntry[]>(platform, `/api/admin/audit-log?${query}`, token);

async function adjust(platform: TestPlatform, token: string, body: Record<string, unknown>): Promise<AdjustAnswer> {
  const response = await platform.call('POST', ADJUST, { token, body: { company_name: '美的集团', ...body } });
  const answer = (await response.json()) as Envelope<AdjustAnswer>;
  expect(response.status, JSON.stringify(answer)).toBe(200);
  expect(answer.success).toBe(true);
  expect(answer.message).toMatch(/^参数已保存/);
  return answer.data;
}

async function refused(
  platform: TestPlatform,
  path: string,
  status: number,
  options: { token?: string; body?: unknown },
): Promise<ErrorBody> {
  const response = await platform.call('POST', path, options);
  const body = (await response.json()) as ErrorBody;
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe('string');
  expect(typeof body.detail).toBe('string');
  return body;
}

function parameterRows(platform: TestPlatform, parameter?: string): ParameterRow[] {
  return queryAll<ParameterRow>(
    platform.db,
    `SELECT year, parameter, value, source, updated_by, version, change_seq, deleted FROM forecast_parameters
     WHERE company_code = '000333' ${parameter ? 'AND parameter = ?' : ''} ORDER BY parameter, year`,
    ...(parameter ? [parameter] : []),
  );
}

/** What a refused request must leave as it was. */
function writes(platform: TestPlatform) {
  const count = (table: string) => queryAll<{ n: number }>(platform.db, `SELECT count(*) AS n FROM ${table}`)[0]?.n;
  return {
    seq: currentChangeSeq(platform.db),
    parameters: count('forecast_parameters'),
    inputs: count('valuation_inputs'),
    audit: count('audit_log'),
  };
}

/** The save body of the spec (back-office §7), built from the page's DCF. */
function saveBody(view: DcfData) {
  return {
    valuation_results: {
      forecast_fcf_sum: view.forecast_fcf_sum,
      terminal_value: view.terminal_value,
      terminal_pv: view.terminal_pv,
      enterprise_value: view.valuation.enterprise_value,
      equity_value: view.valuation.equity_value,
      value_per_share: view.valuation.value_per_share,
    },
    discounted_cashflows: view.forecast.map((row) => ({
      year: row.year,
      fcf: row.fcf,
      wacc: view.wacc,
      discount_factor: row.discount_factor,
      discounted_fcf: row.discounted_fcf,
    })),
    valuation_year: view.meta.latest_report_year + 1,
  };
}

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
    expect(after.valuation.value_per_share).not.toBeCloseTo(state.pristine.valuation.value_per_share, 2);
    expect(after.forecast[0]?.fcf).toBe(state.pristine.forecast[0]?.fcf);
    expect(answer.valuation_results).toEqual({
      forecast_fcf_sum: after.forecast_fcf_sum,
      terminal_value: after.terminal_value,
      terminal_pv: after.terminal_pv,
      enterprise_value: after.valuation.enterprise_value,
      equity_value: after.valuation.equity_value,
      value_per_share: after.valuation.value_per_share,
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
      ['a string value', { year: 2026, parameters: { operating_revenue_yoy: 'abc' } }, '营业收入增长率：无效的数值'],
      [
        'growth out of the −20%..25% range',
        { year: 2026, parameters: { operating_revenue_yoy: 0.3 } },
        '营业收入增长率超出合理范围（-20% 至 25%）',
      ],
      ['a negative cost ratio', { year: 2026, parameters: { operating_cost_pct: -0.1 } }, '营业成本率超出合理范围'],
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
        '只能调整预测年份（2025–2029）',
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
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as Envelope<AdjustAnswer>).data.applied.map((entry) => entry.year)).toEqual([
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
    });
    const view = await dcf(platform);
    expect(view.valuation.share_capital).toBe(20);
    expect(view.valuation.equity_value).toBe(state.pristine.valuation.equity_value);
    expectClose(view.valuation.value_per_share, state.pristine.valuation.equity_value / 20);
    await adjust(platform, token, { year: null, parameters: { total_shares_manual: null } });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a string WACC', { wacc_manual: '0.09' }, 'WACC：无效的数值'],
    ['a WACC of 50%', { wacc_manual: 0.5 }, 'WACC超出合理范围（1% 至 30%）'],
    ['a growth of 30%', { terminal_growth_rate_manual: 0.3 }, '永续增长率超出合理范围（-5% 至 6%）'],
    ['no shares', { total_shares_manual: 0 }, '总股本（亿股）超出合理范围'],
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
      expect(response.status).toBe(200);
      const answer = (await response.json()) as Envelope<{
        verified: boolean;
        valuation_results: DcfData['valuation'];
      }>;
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
      body.valuation_results.value_per_share = view.valuation.value_per_share * 2;
      const response = await platform.call('POST', SAVE, { token, body });
      expect(response.status).toBe(200);
      const answer = (await response.json()) as Envelope<{ verified: boolean }>;
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
        expect(error.message).toBe(INCOMPLETE);
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
      expect([400, 404]).toContain(unknown.status);
      expect(((await unknown.json()) as ErrorBody).success).toBe(false);
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

  async function reset(platform: TestPlatform, token: string, body: Record<string, unknown>): Promise<ResetAnswer> {
    const response = await platform.call('POST', RESET, { token, body });
    const answer = (await response.json()) as Envelope<ResetAnswer>;
    expect(response.status, JSON.stringify(answer)).toBe(200);
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
      total_shares_status: { is_auto_mode: true, total_shares: state.pristine.valuation.share_capital },
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
