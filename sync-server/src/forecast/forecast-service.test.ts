import { FULL_RESET, valueCompany } from '@fcf/engine';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { currentChangeSeq } from '../db/change-seq.ts';
import { transaction } from '../db/database.ts';
import { execute, queryAll, queryOne } from '../db/query.ts';
import { type CompanyRecord, findCompany } from '../store/companies.ts';
import { loadCompanyStatements } from '../store/statements.ts';
import { type ForkedPlatform, type PlatformTemplate, startPlatformTemplate } from '../testing/platform-fork.ts';
import { ValuationService } from '../valuation/valuation-service.ts';
import { ForecastError, type ForecastErrorCode } from './forecast-error.ts';
import { type ForecastEdit, ForecastService } from './forecast-service.ts';

/** 美的集团's latest report is 2024: its forecast years are 2025–2029. */
const MIDEA = '000333';
const CHANGE = { modifiedBy: 'admin', reason: '测试' };

let template: PlatformTemplate;
let platform: ForkedPlatform;
let valuations: ValuationService;
let forecasts: ForecastService;
let midea: CompanyRecord;

beforeAll(async () => {
  template = await startPlatformTemplate();
});
afterAll(() => template.close());
beforeEach(() => {
  platform = template.fork();
  valuations = new ValuationService(platform.db);
  forecasts = new ForecastService(platform.db, valuations);
  midea = forecasts.company(MIDEA);
});
afterEach(() => platform.close());

/** Everything an edit may write, to show a refused or stale one wrote nothing. */
function snapshot() {
  const all = (sql: string) => queryAll(platform.db, sql);
  return {
    seq: currentChangeSeq(platform.db),
    forecast: all('SELECT * FROM forecast_parameters ORDER BY company_code, year, parameter'),
    inputs: all('SELECT * FROM valuation_inputs ORDER BY company_code'),
    results: all('SELECT * FROM valuation_results ORDER BY company_code'),
    audit: all('SELECT * FROM audit_log ORDER BY id'),
  };
}

function storedResult(code = MIDEA) {
  return queryOne<{ value_per_share: number; change_seq: number; source: string }>(
    platform.db,
    'SELECT value_per_share, change_seq, source FROM valuation_results WHERE company_code = ? AND deleted = 0',
    code,
  );
}

/** The engine's value per share of what is stored now, computed from scratch. */
function freshValuePerShare(): number | undefined {
  return valuations.valuation(midea, { parameters: {} }).dcf?.valuation.value_per_share ?? undefined;
}

function refusal(work: () => unknown): { code: ForecastErrorCode; message: string } {
  try {
    work();
  } catch (error) {
    if (error instanceof ForecastError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

describe('the horizon', () => {
  it('is read from the stored revenue lines and equals the valuation’s forecast years for every company', () => {
    const companies = queryAll<{ code: string }>(
      platform.db,
      'SELECT DISTINCT company_code AS code FROM statement_values WHERE deleted = 0 ORDER BY code LIMIT 40',
    );
    expect(companies.length).toBeGreaterThan(10);
    for (const { code } of companies) {
      const company = forecasts.company(code);
      let years: readonly number[] | null;
      try {
        years = valueCompany({ statements: loadCompanyStatements(platform.db, company) }).forecastYears;
      } catch {
        years = null;
      }
      if (years === null) expect(refusal(() => forecasts.horizon(company)).code, code).toBe('no_history');
      else expect(forecasts.horizon(company).forecastYears, code).toEqual(years);
    }
    expect(forecasts.horizon(midea)).toEqual({ latestYear: 2024, forecastYears: [2025, 2026, 2027, 2028, 2029] });
  });

  it('without the statements there is no forecast to edit: no_history, nothing written', () => {
    transaction(platform.db, () =>
      execute(platform.db, 'UPDATE statement_values SET deleted = 1 WHERE company_code = ?', MIDEA),
    );
    const before = snapshot();
    const edit: ForecastEdit = { year: 2026, parameters: { da_ratio: 0.04 } };
    expect(refusal(() => forecasts.adjust(midea, edit, CHANGE))).toEqual({
      code: 'no_history',
      message: '美的集团：该公司暂无历史财务数据，无法生成预测',
    });
    expect(refusal(() => forecasts.reset(midea, FULL_RESET, CHANGE)).code).toBe('no_history');
    expect(snapshot()).toEqual(before);
  });

  it('an unknown company is unknown_company', () => {
    expect(refusal(() => forecasts.company('999999'))).toEqual({
      code: 'unknown_company',
      message: '未找到公司"999999"（可能已被删除）',
    });
  });
});

describe('adjusting', () => {
  it('writes the drivers, their audit and the revaluation the lists show, in one commit', () => {
    const seq = currentChangeSeq(platform.db);
    const outcome = forecasts.adjust(
      midea,
      { year: 2027, parameters: { operating_revenue_yoy: 0.1 }, cascade: true },
      CHANGE,
    );
    expect(outcome).toMatchObject({
      status: 'applied',
      applied: [2027, 2028, 2029].map((year) => ({ year, parameter: 'operating_revenue_yoy', value: 0.1 })),
    });
    const rows = queryAll<{ year: number; change_seq: number }>(
      platform.db,
      "SELECT year, change_seq FROM forecast_parameters WHERE company_code = ? AND parameter = 'operating_revenue_yoy'",
      MIDEA,
    );
    expect(rows.map((row) => row.year)).toEqual([2027, 2028, 2029]);
    const stored = storedResult();
    expect(stored?.value_per_share).toBe(freshValuePerShare());
    expect(stored?.value_per_share).toBe(
      outcome.status === 'applied' ? outcome.valuation?.dcf?.valuation.value_per_share : undefined,
    );
    expect(stored?.source).toBe('auto');
    // The edit's rows, its revaluation and the company's screener row: the five sequence numbers after the
    // edit began, nothing else.
    const screener = queryAll<{ change_seq: number }>(
      platform.db,
      'SELECT change_seq FROM screener_models WHERE company_code = ?',
      MIDEA,
    )[0];
    expect([...rows.map((row) => row.change_seq), stored?.change_seq, screener?.change_seq]).toEqual([
      seq + 1,
      seq + 2,
      seq + 3,
      seq + 4,
      seq + 5,
    ]);
    expect(currentChangeSeq(platform.db)).toBe(seq + 5);
    expect(
      queryAll(platform.db, 'SELECT year, parameter, old_value, new_value, action, reason FROM audit_log ORDER BY id'),
    ).toEqual(
      [2027, 2028, 2029].map((year) => ({
        year,
        parameter: 'operating_revenue_yoy',
        old_value: null,
        new_value: 0.1,
        action: 'set',
        reason: '测试',
      })),
    );
  });

  it('rolls the edit back when its revaluation cannot be stored, and caches no valuation of it', () => {
    const before = snapshot();
    const valueBefore = valuations.valuation(midea).dcf?.valuation.value_per_share;
    platform.db.exec(
      `CREATE TRIGGER refuse_results BEFORE UPDATE ON valuation_results
       BEGIN SELECT RAISE(ABORT, 'results refused'); END`,
    );
    platform.db.exec(
      `CREATE TRIGGER refuse_new_results BEFORE INSERT ON valuation_results
       BEGIN SELECT RAISE(ABORT, 'results refused'); END`,
    );
    expect(() => forecasts.adjust(midea, { year: 2026, parameters: { da_ratio: 0.3 } }, CHANGE)).toThrow(
      'results refused',
    );
    expect(snapshot()).toEqual(before);
    platform.db.exec('DROP TRIGGER refuse_results');
    platform.db.exec('DROP TRIGGER refuse_new_results');
    // The rolled-back edit's sequence numbers are taken again by another edit: the cached valuation must be
    // of what is stored, not of the edit that never happened.
    expect(valuations.valuation(midea).dcf?.valuation.value_per_share).toBe(valueBefore);
    forecasts.adjust(midea, { year: 2026, parameters: { da_ratio: 0.01 } }, CHANGE);
    expect(valuations.valuation(midea).dcf?.valuation.value_per_share).toBe(freshValuePerShare());
    expect(storedResult()?.value_per_share).toBe(freshValuePerShare());
  });

  it('an edit that changes nothing writes nothing, not even a revaluation', () => {
    forecasts.adjust(midea, { year: 2026, parameters: { da_ratio: 0.04 } }, CHANGE);
    const before = snapshot();
    const again = forecasts.adjust(midea, { year: 2026, parameters: { da_ratio: 0.04 } }, CHANGE);
    expect(again).toEqual({ status: 'applied', applied: [], valuation: null });
    expect(snapshot()).toEqual(before);
  });

  it('null clears a driver or a valuation parameter', () => {
    forecasts.adjust(midea, { year: 2026, parameters: { da_ratio: 0.04 } }, CHANGE);
    forecasts.adjust(midea, { year: null, parameters: { wacc_manual: 0.09 } }, CHANGE);
    forecasts.adjust(midea, { year: 2026, parameters: { da_ratio: null } }, CHANGE);
    forecasts.adjust(midea, { year: null, parameters: { wacc_manual: null } }, CHANGE);
    expect(queryAll(platform.db, 'SELECT deleted, version FROM forecast_parameters')).toEqual([
      { deleted: 1, version: 2 },
    ]);
    expect(queryOne(platform.db, 'SELECT wacc_manual, version FROM valuation_inputs')).toEqual({
      wacc_manual: null,
      version: 2,
    });
    expect(
      queryAll<{ action: string }>(platform.db, 'SELECT action FROM audit_log ORDER BY id').map((row) => row.action),
    ).toEqual(['set', 'set', 'clear', 'clear']);
    expect(storedResult()?.value_per_share).toBe(freshValuePerShare());
  });

  it('a stale edit writes nothing', () => {
    const before = snapshot();
    const outcome = forecasts.adjust(midea, { year: 2026, parameters: { da_ratio: 0.04 } }, CHANGE, {
      stale: true,
    });
    expect(outcome).toEqual({ status: 'stale' });
    expect(snapshot()).toEqual(before);
  });

  const refused: [string, ForecastEdit, ForecastErrorCode, string][] = [
    ['no parameter', { year: 2026, parameters: {} }, 'invalid_edit', '请提供要调整的参数'],
    ['an unknown parameter', { year: 2026, parameters: { boost: 1 } }, 'invalid_edit', '未知的参数：boost'],
    [
      'a string',
      { year: 2026, parameters: { da_ratio: '4%' } },
      'invalid_edit',
      '折旧摊销/营业收入（da_ratio@2026）：无效的数值',
    ],
    [
      'growth over 25%',
      { year: 2026, parameters: { operating_revenue_yoy: 0.3 } },
      'out_of_range',
      '营业收入增长率（operating_revenue_yoy@2026）为 30%，超出合理范围（-20% 至 25%）',
    ],
    [
      'WACC under 1%',
      { year: null, parameters: { wacc_manual: 0.005 } },
      'out_of_range',
      'WACC（wacc_manual）为 0.5%，超出合理范围（1% 至 30%）',
    ],
    [
      'a driver without a year',
      { year: null, parameters: { da_ratio: 0.04 } },
      'invalid_edit',
      '预测参数 da_ratio 需要指定年份（year）',
    ],
    [
      'a valuation parameter with a year',
      { year: 2026, parameters: { da_ratio: 0.04, wacc_manual: 0.09 } },
      'invalid_edit',
      '估值参数 wacc_manual 请以 year: null 提交',
    ],
    [
      'a historical year',
      { year: 2024, parameters: { da_ratio: 0.04 } },
      'year_outside_horizon',
      '预测期为 2025–2029 年，以下年份不在预测期内，不能设置预测参数：2024',
    ],
    [
      'g at the WACC',
      { year: null, parameters: { wacc_manual: 0.05, terminal_growth_rate_manual: 0.05 } },
      'growth_not_below_wacc',
      'WACC（5%）必须大于永续增长率（5%）',
    ],
  ];

  it.each(refused)('refuses %s with its code and message, writing nothing', (_label, edit, code, message) => {
    const before = snapshot();
    expect(refusal(() => forecasts.adjust(midea, edit, CHANGE))).toEqual({ code, message });
    expect(snapshot()).toEqual(before);
  });

  it('checks WACC against g on the values as stored: a lower g makes a lower WACC valid', () => {
    forecasts.adjust(midea, { year: null, parameters: { terminal_growth_rate_manual: 0.01 } }, CHANGE);
    expect(forecasts.adjust(midea, { year: null, parameters: { wacc_manual: 0.015 } }, CHANGE).status).toBe('applied');
    const before = snapshot();
    expect(
      refusal(() => forecasts.adjust(midea, { year: null, parameters: { terminal_growth_rate_manual: null } }, CHANGE)),
    ).toEqual({ code: 'growth_not_below_wacc', message: 'WACC（1.5%）必须大于永续增长率（2%）' });
    expect(snapshot()).toEqual(before);
  });
});

describe('resetting to auto', () => {
  function adjustEverything() {
    forecasts.adjust(midea, { year: 2026, parameters: { operating_revenue_yoy: 0.1 }, cascade: true }, CHANGE);
    forecasts.adjust(
      midea,
      { year: null, parameters: { wacc_manual: 0.09, terminal_growth_rate_manual: 0.03, total_shares_manual: 20 } },
      CHANGE,
    );
  }

  it('clears the scope’s values, audits each as reset and stores the auto valuation with them', () => {
    const autoValue = storedResult()?.value_per_share ?? freshValuePerShare();
    adjustEverything();
    expect(storedResult()?.value_per_share).not.toBe(autoValue);
    const outcome = forecasts.reset(midea, FULL_RESET, { modifiedBy: 'admin', reason: '重置为自动预测' });
    expect(outcome).toMatchObject({ status: 'applied', cleared: 7 });
    expect(queryAll(platform.db, 'SELECT * FROM forecast_parameters WHERE deleted = 0')).toEqual([]);
    expect(
      queryOne(
        platform.db,
        'SELECT wacc_manual, terminal_growth_rate_manual, total_shares_manual FROM valuation_inputs',
      ),
    ).toEqual({ wacc_manual: null, terminal_growth_rate_manual: null, total_shares_manual: null });
    expect(storedResult()?.value_per_share).toBe(autoValue);
    expect(
      queryAll<{ n: number }>(platform.db, "SELECT count(*) AS n FROM audit_log WHERE action = 'reset'")[0]?.n,
    ).toBe(7);
  });

  it('clears only its scope', () => {
    adjustEverything();
    forecasts.reset(
      midea,
      { fcf_parameters: false, wacc_parameters: true, terminal_growth_rate: false, total_shares: true },
      CHANGE,
    );
    expect(queryAll(platform.db, 'SELECT year FROM forecast_parameters WHERE deleted = 0 ORDER BY year')).toHaveLength(
      4,
    );
    expect(
      queryOne(
        platform.db,
        'SELECT wacc_manual, terminal_growth_rate_manual, total_shares_manual FROM valuation_inputs',
      ),
    ).toEqual({ wacc_manual: null, terminal_growth_rate_manual: 0.03, total_shares_manual: null });
    expect(storedResult()?.value_per_share).toBe(freshValuePerShare());
  });

  it('with nothing set writes nothing', () => {
    const before = snapshot();
    expect(forecasts.reset(midea, FULL_RESET, CHANGE)).toEqual({ status: 'applied', cleared: 0, valuation: null });
    expect(snapshot()).toEqual(before);
  });
});

describe('saving a complete valuation', () => {
  it('stores the engine’s valuation as a manual save and audits whether the page agreed', () => {
    const expected = freshValuePerShare() ?? Number.NaN;
    const agreed = forecasts.saveValuation(midea, { valuePerShare: expected, year: 2025 }, CHANGE, 'manual_save');
    expect(agreed.agrees).toBe(true);
    expect(storedResult()).toMatchObject({ value_per_share: expected, source: 'manual_save' });
    const disagreed = forecasts.saveValuation(midea, { valuePerShare: 1, year: null }, CHANGE, 'manual_save');
    expect(disagreed.agrees).toBe(false);
    expect(
      queryAll(platform.db, 'SELECT year, parameter, new_value, action FROM audit_log ORDER BY id').map((row) => row),
    ).toEqual([
      { year: 2025, parameter: 'valuation', new_value: expected, action: 'save_valuation' },
      { year: 2025, parameter: 'valuation', new_value: expected, action: 'save_valuation' },
    ]);
    expect(findCompany(platform.db, MIDEA)).toBeDefined();
  });
});
