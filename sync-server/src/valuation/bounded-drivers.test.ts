import { readFileSync } from 'node:fs';
import { AUTO_DRIVER_RANGES, DRIVER_KEYS, fcffResult, valueCompany } from '@fcf/engine';
import { companyValuationAnswer } from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCompany } from '../store/companies.ts';
import { loadCompanyStatements } from '../store/statements.ts';
import { readData } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/**
 * Automatic drivers stay within their plausible range (docs/model.md §4, bounds). 688177 百奥泰
 * (../shared/data/market/summary) sold 70 万元 in 2019 against 5.5 亿 of operating loss and 1.85 亿 in 2020:
 * a cost ratio averaged over the near-zero year once gave −4,319.88 元 per share. Now it has a value from the
 * model that fits it, and its FCFF a null value per share with the codes that say why.
 */
const SUMMARY = new URL('../../../../shared/data/market/summary/688177.csv', import.meta.url);
const CODE = '688177';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
  const form = new FormData();
  form.append('files', new File([readFileSync(SUMMARY)], `${CODE}.csv`));
  const response = await platform.app.request('/api/upload_excel', {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${await platform.adminToken()}` },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}, 180_000);
afterAll(() => platform.close());

describe('688177 百奥泰: a near-zero revenue year is no driver', () => {
  it('is valued by the model that fits it, never a negative value per share', async () => {
    const view = await readData(platform, `/api/home/dcf_valuation/${CODE}`, companyValuationAnswer);
    const perShare = view.model === 'fcff' ? view.valuation.value_per_share : view.value_per_share;
    if (perShare === null) expect(view.warnings.length).toBeGreaterThan(0);
    else expect(perShare).toBeGreaterThan(0);
  });

  it('its FCFF keeps every automatic driver in range and reads null per share with its warning codes', () => {
    const company = findCompany(platform.db, CODE);
    if (!company) throw new Error(`${CODE} not stored`);
    const valuation = valueCompany({ statements: loadCompanyStatements(platform.db, company), industry: '制造业' });
    for (const row of valuation.forecast) {
      for (const key of DRIVER_KEYS) {
        if (key === 'Capex_to_Revenue_Ratio' || (key === 'sales_to_capital' && row[key] === 0)) continue;
        const [low, high] = AUTO_DRIVER_RANGES[key];
        const value = row[key] ?? 0;
        expect(value, `${row.year} ${key}`).toBeGreaterThanOrEqual(low);
        expect(value, `${row.year} ${key}`).toBeLessThanOrEqual(high);
      }
    }
    // 2019's cost of 1,464 × revenue is left out, not averaged; 2020's 384% is held at 150%.
    expect(valuation.driverBasis.operating_cost_pct.note).toContain('超出合理范围');
    const result = fcffResult(valuation);
    expect(result.value_per_share).toBeNull();
    const codes = result.warnings.map((warning) => warning.code);
    expect(codes).toContain('auto_driver_bounded');
    expect(codes).toContain('negative_equity_value');
  });
});
