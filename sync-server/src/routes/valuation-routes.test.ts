import { CHINA_10Y_YIELDS, DRIVER_KEYS, riskFreeRateAt, valuationDate } from '@fcf/engine';
import {
  dcfValuationAnswer,
  financialDataAnswer,
  financialParamsAnswer,
  valuationParamsAnswer,
  valuationResultsAnswer,
  waccDataAnswer,
  whatIfAnswer,
} from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
import { currentChangeSeq } from '../db/change-seq.ts';
import { answerOf, readData, refusalOf } from '../testing/answers.ts';
import { expectClose } from '../testing/expect-close.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/** The financial-year-row fields (docs/requirements.md#financial-year-row) every row carries. */
const ROW_FIELDS = [
  'year',
  'FCFF',
  'nopat',
  'noncash_cost',
  'Change_In_Operating_WC',
  'Capital_Expenditure',
  'data_status',
  'operating_revenue',
  'operating_revenue_yoy',
  'operating_cost',
  'operating_cost_pct',
  'tax_expenses',
  'tax_expenses_pct',
  'selling_expenses',
  'selling_expenses_pct',
  'management_expenses',
  'management_expenses_pct',
  'r_and_d_expenses',
  'r_and_d_expenses_pct',
  'ebit',
  'income_tax_to_total_profit',
  'depreciation_and_amortization',
  'da_ratio',
  'Operating_Working_Capital',
  'Operating_Current_Assets_Total',
  'Operating_Current_Liabilities_Total',
  'Cash_Paid_For_Acquisition_Assets',
  'Capex_to_Revenue_Ratio',
  ...[
    'Notes_Receivable',
    'Accounts_Receivable',
    'Prepayments',
    'Inventories',
    'Other_Receivables',
    'Contract_Assets',
    'Notes_Payable',
    'Accounts_Payable',
    'Advances_From_Customers',
    'Contract_Liabilities',
    'Employee_Benefits_Payable',
    'Taxes_Payable',
  ].flatMap((item) => [item, `${item}_Ratio`]),
];

const COMPANY = encodeURIComponent('安琪酵母');
const WHAT_IF = `/api/user/calculate-with-valuation/${COMPANY}`;

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const read = <Schema extends $ZodType<{ data: unknown }>>(path: string, schema: Schema) =>
  readData(platform, path, schema);

async function failure(method: string, path: string, status: number, body?: unknown) {
  return refusalOf(await platform.call(method, path, body === undefined ? {} : { body }), status);
}

async function whatIf(body: unknown) {
  return (await answerOf(await platform.call('POST', WHAT_IF, { body }), whatIfAnswer)).data;
}

const storedDcf = () => read(`/api/home/dcf_valuation/${COMPANY}`, dcfValuationAnswer);

describe('GET /api/data/financial-data/{company}', () => {
  it('view_mode=auto: 5 historical rows, 5 forecast rows and the auto forecast', async () => {
    const data = await read(`/api/data/financial-data/${COMPANY}?view_mode=auto`, financialDataAnswer);
    expect(data.historical.map((row) => row.year)).toEqual([2015, 2016, 2017, 2018, 2019]);
    expect(data.forecast.map((row) => row.year)).toEqual([2020, 2021, 2022, 2023, 2024]);
    expect(data.auto_forecast.map((row) => row.year)).toEqual([2020, 2021, 2022, 2023, 2024]);
    for (const row of data.historical) expect(row.data_status).toBe('historical');
    for (const row of [...data.forecast, ...data.auto_forecast]) {
      expect(row.data_status).toBe('auto');
      expect(row.sources).toBeUndefined();
    }
    for (const row of [...data.historical, ...data.forecast, ...data.auto_forecast]) {
      expect(Object.keys(row)).toEqual(expect.arrayContaining(ROW_FIELDS));
    }
    // Nothing is set by hand in the fixtures: the effective forecast is the auto forecast.
    expect(data.forecast.map((row) => row.FCFF)).toEqual(data.auto_forecast.map((row) => row.FCFF));
  });

  it('defaults to auto and agrees with the DCF', async () => {
    const data = await read(`/api/data/financial-data/${COMPANY}`, financialDataAnswer);
    const dcf = await storedDcf();
    expect(data.forecast.map((row) => row.FCFF)).toEqual(dcf.forecast.map((row) => row.fcf));
    for (const row of [...data.historical, ...data.forecast]) {
      const { FCFF, nopat, noncash_cost, Change_In_Operating_WC, Capital_Expenditure } = row;
      if (FCFF === null || nopat === null || noncash_cost === null) throw new Error(`gap in ${row.year}`);
      expectClose(FCFF, nopat + noncash_cost - (Change_In_Operating_WC ?? 0) - (Capital_Expenditure ?? 0));
    }
  });

  it('view_mode=manual: forecast rows carry the source of every driver', async () => {
    const data = await read(`/api/data/financial-data/600298?view_mode=manual`, financialDataAnswer);
    expect(data.forecast).toHaveLength(5);
    for (const row of data.forecast) {
      expect(Object.keys(row.sources ?? {}).sort()).toEqual([...DRIVER_KEYS].sort());
      expect(new Set(Object.values(row.sources ?? {}))).toEqual(new Set(['system_default']));
    }
    expect(data.historical).toHaveLength(5);
  });

  it('a bad view_mode is a 400 JSON error', async () => {
    const error = await failure('GET', `/api/data/financial-data/${COMPANY}?view_mode=everything`, 400);
    expect(error.message).toContain('view_mode');
  });

  it('an unknown company is a 404', async () => {
    const error = await failure('GET', `/api/data/financial-data/${encodeURIComponent('无此公司')}`, 404);
    expect(error.message).toContain('无此公司');
  });
});

describe('the parameter reads', () => {
  it('GET /api/data/wacc-data: calculated, manual and effective WACC', async () => {
    const data = await read(`/api/data/wacc-data/${COMPANY}`, waccDataAnswer);
    const dcf = await storedDcf();
    expect(data.wacc_manual).toBeNull();
    expect(data.wacc_calculated).toBe(dcf.wacc);
    expect(data.wacc).toBe(dcf.wacc);
    expect(data.wacc).toBeGreaterThan(0.05);
    expect(data.wacc).toBeLessThan(0.15);
    // Before any bound, the applied one, the bound and every input.
    expect(data.applied_wacc).toBe(dcf.wacc);
    expect(data.bound_applied === null ? data.calculated_wacc : data.applied_wacc).toBe(dcf.wacc);
    // The 10-year yield at the last year-end before today (the server's valuation date).
    const dated = riskFreeRateAt(valuationDate(new Date()), CHINA_10Y_YIELDS);
    expect(data.components).toMatchObject({
      risk_free_rate: dated?.rate,
      risk_free_date: dated?.date,
      equity_risk_premium: 0.06,
    });
    expect(Object.keys(data.components ?? {}).sort()).toEqual(
      [
        'beta',
        'beta_industry',
        'beta_unlevered',
        'cost_of_debt',
        'debt_to_equity',
        'debt_weight',
        'default_spread',
        'equity_risk_premium',
        'equity_weight',
        'interest_coverage',
        'market_cap',
        'market_cap_date',
        'risk_free_date',
        'risk_free_rate',
        'synthetic_rating',
        'tax_rate',
        'weights_basis',
      ].sort(),
    );
  });

  it('GET /api/data/valuation-results: the 6 fields, equal to the DCF', async () => {
    const results = await read(`/api/data/valuation-results/${COMPANY}`, valuationResultsAnswer);
    const dcf = await storedDcf();
    expect(results).toEqual({
      forecast_fcf_sum: dcf.forecast_fcf_sum,
      terminal_value: dcf.terminal_value,
      terminal_pv: dcf.terminal_pv,
      enterprise_value: dcf.valuation.enterprise_value,
      equity_value: dcf.valuation.equity_value,
      value_per_share: dcf.valuation.value_per_share,
      value_per_share_reason: null,
      warnings: dcf.warnings,
    });
  });

  it('GET /api/data/financial-params: the equity bridge of the DCF', async () => {
    const params = await read(`/api/data/financial-params/${COMPANY}`, financialParamsAnswer);
    const { valuation } = await storedDcf();
    expect(params).toEqual({
      non_core_assets: valuation.non_core_assets,
      cash: valuation.cash,
      interest_bearing_liabilities: valuation.interest_bearing_liabilities,
      minority_interest: valuation.minority_interest,
    });
  });

  it('GET /api/admin/valuation-params is public and answers both readings', async () => {
    const data = await read(`/api/admin/valuation-params/${COMPANY}`, valuationParamsAnswer);
    const dcf = await storedDcf();
    expect(data.effective_values).toEqual({
      wacc: dcf.wacc,
      terminal_growth_rate: 0.02,
      total_shares_manual: null,
      total_shares: dcf.valuation.total_shares,
      total_shares_source: dcf.meta.total_shares_source,
      terminal_value_method: 'gordon',
      ronic: dcf.wacc,
    });
    expect(data.wacc_data).toMatchObject({ wacc_calculated: dcf.wacc, wacc_manual: null });
    expect(data.valuation_inputs).toMatchObject({
      terminal_growth_rate: 0.02,
      terminal_growth_rate_manual: null,
      total_shares: dcf.valuation.total_shares,
      total_shares_manual: null,
      non_core_assets: dcf.valuation.non_core_assets,
      cash: dcf.valuation.cash,
      interest_bearing_liabilities: dcf.valuation.interest_bearing_liabilities,
      minority_interest: dcf.valuation.minority_interest,
    });
  });

  it.each(['wacc-data', 'valuation-results', 'financial-params'])(
    'GET /api/data/%s of an unknown company is a 404',
    async (what) => {
      await failure('GET', `/api/data/${what}/${encodeURIComponent('无此公司')}`, 404);
    },
  );
});

describe('POST /api/user/calculate-with-valuation/{company} (a what-if, no token)', () => {
  it('recalculates with the caller WACC and g and stores nothing', async () => {
    const before = await storedDcf();
    const seq = currentChangeSeq(platform.db);
    const data = await whatIf({ wacc_manual: 0.09, terminal_growth_rate_manual: 0.025 });
    const { dcf } = data.calculation_results;
    expect(dcf.wacc).toBe(0.09);
    expect(dcf.g).toBe(0.025);
    expect(data.calculation_results.effective_parameters).toMatchObject({ wacc: 0.09, terminal_growth_rate: 0.025 });
    expect(dcf.valuation.value_per_share).not.toBeCloseTo(before.valuation.value_per_share ?? Number.NaN, 3);
    for (const [index, row] of dcf.forecast.entries()) expectClose(row.discount_factor, 1.09 ** -(index + 1));
    const last = dcf.forecast[4];
    if (!last) throw new Error('no fifth year');
    expectClose(dcf.terminal_value, (last.fcf * 1.025) / (0.09 - 0.025));
    expectClose(dcf.valuation.enterprise_value, dcf.forecast_fcf_sum + dcf.terminal_pv);

    expect(data.valuation_results).toMatchObject({
      forecast_fcf_sum: dcf.forecast_fcf_sum,
      terminal_value: dcf.terminal_value,
      terminal_pv: dcf.terminal_pv,
      enterprise_value: dcf.valuation.enterprise_value,
      equity_value: dcf.valuation.equity_value,
      value_per_share: dcf.valuation.value_per_share,
    });
    expect(Object.keys(data.multi_year_fcf).map(Number)).toEqual([2020, 2021, 2022, 2023, 2024]);
    expect(data.field_mapping_applied).toBe(false);

    // Nothing was written: the next read is the stored valuation, the change sequence has not moved.
    expect(await storedDcf()).toEqual(before);
    expect(currentChangeSeq(platform.db)).toBe(seq);
    const stored = platform.db
      .prepare('SELECT (SELECT count(*) FROM valuation_inputs) + (SELECT count(*) FROM forecast_parameters) AS n')
      .all([]) as { n: number }[];
    expect(stored[0]?.n).toBe(0);
  });

  it('an empty body answers the stored valuation', async () => {
    const data = await whatIf({});
    expect(data.calculation_results.dcf).toMatchObject(await storedDcf());
  });

  it('total_shares_manual changes the per-share value only', async () => {
    const before = await storedDcf();
    const { dcf } = (await whatIf({ total_shares_manual: 10 })).calculation_results;
    expect(dcf.valuation.enterprise_value).toBe(before.valuation.enterprise_value);
    expect(dcf.valuation.total_shares).toBe(10);
    expectClose(dcf.valuation.value_per_share ?? Number.NaN, before.valuation.equity_value / 10);
  });

  it('no shares is refused as the admin route refuses it, naming the field, value and range', async () => {
    const error = await failure('POST', WHAT_IF, 400, { total_shares_manual: 0 });
    expect(error.message).toBe('总股本（亿股）（total_shares_manual）为 0，超出合理范围（0.0001 至 100000）');
  });

  it('null clears a manual value back to the calculated one', async () => {
    const { dcf } = (await whatIf({ wacc_manual: null, terminal_growth_rate_manual: null })).calculation_results;
    const stored = await storedDcf();
    expect(dcf.wacc).toBe(stored.wacc);
    expect(dcf.g).toBe(0.02);
  });

  it('year_specific_params set a driver for 2021, inherited by the later years', async () => {
    const base = await whatIf({});
    const data = await whatIf({ year_specific_params: { '2021': { operating_revenue_yoy: 0.1 } } });
    const rows = data.calculation_results.forecast;
    expect(rows.map((row) => row.year)).toEqual([2020, 2021, 2022, 2023, 2024]);
    const [y2020, y2021, ...later] = rows;
    expect(y2020?.sources?.operating_revenue_yoy).toBe('system_default');
    expect(y2020?.operating_revenue_yoy).toBe(base.calculation_results.forecast[0]?.operating_revenue_yoy);
    expect(y2021?.sources?.operating_revenue_yoy).toBe('user_set');
    expect(y2021?.data_status).toBe('manual');
    expect(y2021?.operating_revenue_yoy).toBe(0.1);
    for (const row of later) {
      expect(row.sources?.operating_revenue_yoy).toBe('inherited');
      expect(row.operating_revenue_yoy).toBe(0.1);
    }
    // Only the 2021 revenue onward moves; the value follows.
    expect(y2020?.FCFF).toBe(base.calculation_results.forecast[0]?.FCFF);
    expect(y2021?.operating_revenue).not.toBe(base.calculation_results.forecast[1]?.operating_revenue);
    expect(data.calculation_results.dcf.valuation.value_per_share).not.toBe(
      base.calculation_results.dcf.valuation.value_per_share,
    );
    expect(data.multi_year_fcf['2021']?.fcf).toBe(y2021?.FCFF);
  });

  it('user_parameters apply to the named year', async () => {
    const data = await whatIf({ year: 2022, user_parameters: { Capex_to_Revenue_Ratio: 0.05 } });
    const rows = data.calculation_results.forecast;
    expect(rows.find((row) => row.year === 2021)?.sources?.Capex_to_Revenue_Ratio).toBe('system_default');
    expect(rows.find((row) => row.year === 2022)?.sources?.Capex_to_Revenue_Ratio).toBe('user_set');
    expect(rows.find((row) => row.year === 2024)?.sources?.Capex_to_Revenue_Ratio).toBe('inherited');
  });

  it('WACC ≤ g is a 400 with the engine message', async () => {
    const above = await failure('POST', WHAT_IF, 400, { wacc_manual: 0.02, terminal_growth_rate_manual: 0.03 });
    expect(above.message).toBe('WACC（2%）必须大于永续增长率（3%）');
    const equal = await failure('POST', WHAT_IF, 400, { wacc_manual: 0.03, terminal_growth_rate_manual: 0.03 });
    expect(equal.message).toBe('WACC（3%）必须大于永续增长率（3%）');
  });

  it('a string where a number belongs is a 400 naming the invalid number', async () => {
    const error = await failure('POST', WHAT_IF, 400, { wacc_manual: '0.09' });
    expect(error.message).toContain('无效的数值');
    const inYear = await failure('POST', WHAT_IF, 400, { year_specific_params: { '2021': { da_ratio: 'x' } } });
    expect(inYear.message).toContain('无效的数值');
  });

  it('an unknown parameter name is a 400 that names it', async () => {
    const error = await failure('POST', WHAT_IF, 400, { year_specific_params: { '2021': { revenue_boost: 0.1 } } });
    expect(error.message).toContain('未知的字段：revenue_boost');
  });

  it('an unknown top-level field is a 400, not silently ignored', async () => {
    await failure('POST', WHAT_IF, 400, { wacc: 0.09 });
  });

  it('a negative share count is a 400', async () => {
    const error = await failure('POST', WHAT_IF, 400, { total_shares_manual: -1 });
    expect(error.message).toContain('总股本（亿股）（total_shares_manual）为 -1，超出合理范围');
  });

  it('a year that is not four digits is a 400', async () => {
    await failure('POST', WHAT_IF, 400, { year_specific_params: { next: { da_ratio: 0.01 } } });
  });

  it('malformed JSON is a 400', async () => {
    const error = await failure('POST', WHAT_IF, 400, '{"wacc_manual": 0.09');
    expect(error.message).toContain('JSON');
  });

  it('an unknown company is a 404', async () => {
    const error = await failure(
      'POST',
      `/api/user/calculate-with-valuation/${encodeURIComponent('无此公司')}`,
      404,
      {},
    );
    expect(error.message).toContain('无此公司');
  });
});
