import { readFileSync } from 'node:fs';
import { type AdminChoices, valuationDate } from '@fcf/engine';
import {
  adminChoiceAnswer,
  auditLogAnswer,
  companyBundleAnswer,
  companyBundlesAnswer,
  dcfValuationAnswer,
} from '@fcf/engine/contract';
import { valueBundle } from '@fcf/engine/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, readData, refusalOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/**
 * PUT /api/admin/admin-choices/{company}: 格力电器 (000651) holds 525.95 亿 of 其他流动资产 (理财 among it) in
 * 2024; marked cash-like by an admin, the API's value, the stored valuation and the bundle all take it.
 * 安琪酵母 (600298) with its 其他收益 marked non-operating: EBIT leaves it out, and the value falls by it.
 */
const GREE = '000651';
const ANGEL = '600298';

/**
 * No sample export carries a 其他收益 line: 163's older layout leaves it inside 营业利润. 安琪酵母's real
 * income statement, uploaded with the line added as what its 营业利润 holds beyond the lines listed
 * (营业总收入 − 营业总成本 + 投资收益: 4,896 万 in 2019, 4,092 and 5,246 万 before; 1 万 in 2016, before the
 * line existed): about 4.5% of its operating profit.
 */
const ANGEL_OTHER_INCOME = 0.4896;
function angelIncomeStatement(): Uint8Array {
  const text = readFileSync(new URL('../../../fixtures/163/lrb600298.csv', import.meta.url), 'utf8');
  const line = `其他收益(万元),4896,4092,5246,${'--,'.repeat(11)}\n`;
  return new TextEncoder().encode(text.replace('营业利润(万元)', `${line}营业利润(万元)`));
}

let platform: TestPlatform;
let token: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  token = await platform.adminToken();
  const form = new FormData();
  form.append('files', new File([angelIncomeStatement()], `lrb${ANGEL}.csv`));
  const uploaded = await platform.app.request('/api/upload_excel', {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
});
afterAll(() => platform.close());

const dcf = (code: string) => readData(platform, `/api/home/dcf_valuation/${code}`, dcfValuationAnswer);
const bundle = (code: string) => readData(platform, `/api/data/company-bundle/${code}`, companyBundleAnswer);
const mark = (code: string, body: unknown, as = token) =>
  platform.call('PUT', `/api/admin/admin-choices/${code}`, { token: as, body });
const marked = async (code: string, body: Partial<AdminChoices>) => answerOf(await mark(code, body), adminChoiceAnswer);
/** What a device computes from a bundle: the value per share to the cent. */
const onDevice = (of: Parameters<typeof valueBundle>[0]) =>
  valueBundle(of, valuationDate(new Date())).dcf?.valuation.value_per_share?.toFixed(2);

describe('PUT /api/admin/admin-choices/{company}', () => {
  it('refuses bad input with a Chinese message and changes nothing; admins only', async () => {
    const before = await bundle(GREE);
    const refused = async (body: unknown) => (await refusalOf(await mark(GREE, body), 400)).message;
    expect(await refused({ other_current_assets_cash_like: 'yes' })).toMatch(
      /参数错误.*other_current_assets_cash_like 必须为 true 或 false/,
    );
    expect(await refused({ other_income_operating: 0 })).toMatch(
      /参数错误.*other_income_operating 必须为 true 或 false/,
    );
    expect(await refused({ other_income_operating: false, other_current_assets_cash_like: null })).toContain(
      'other_current_assets_cash_like',
    );
    expect(await refused({})).toBe(
      '参数错误：请求 至少给出一个标记：other_income_operating 或 other_current_assets_cash_like',
    );
    expect(await refused({ other_current_assets_cash_like: true, extra: 1 })).toContain('未知的字段：extra');
    expect((await mark(GREE, { other_income_operating: false }, await platform.userToken())).status).toBe(403);
    expect((await refusalOf(await mark('999999', { other_income_operating: false }), 404)).message).toMatch(/999999/);
    const after = await bundle(GREE);
    expect(after.version).toBe(before.version);
    expect(after.admin_choices).toEqual({ other_income_operating: true, other_current_assets_cash_like: false });
  });

  it('marks 格力电器’s 其他流动资产 cash-like: the API value rises by it, the bundle carries it and values the same', async () => {
    const plain = await dcf(GREE);
    const plainBundle = await bundle(GREE);
    expect(plain.bridge.some((line) => line.item === 'other_current_assets')).toBe(false);

    const answer = await marked(GREE, { other_current_assets_cash_like: true });
    expect(answer.data.choices).toEqual({ other_income_operating: true, other_current_assets_cash_like: true });
    expect(answer.data.other_current_assets).toBeCloseTo(525.95, 9);
    expect(answer.message).toBe('格力电器：其他流动资产已计入类现金资产，估值已重算');

    const cashLike = await dcf(GREE);
    const line = cashLike.bridge.find((each) => each.item === 'other_current_assets');
    expect(line?.amount).toBeCloseTo(525.95, 9);
    expect(cashLike.valuation.equity_value).toBeCloseTo(plain.valuation.equity_value + 525.95, 6);
    expect(cashLike.valuation.value_per_share).toBe(answer.data.value_per_share);
    expect(answer.data.value_per_share).toBeGreaterThan(plain.valuation.value_per_share ?? Number.POSITIVE_INFINITY);

    // The bundle's version moved (devices refetch), it carries the mark, and it values to the cent as the API.
    const markedBundle = await bundle(GREE);
    expect(markedBundle.version).toBeGreaterThan(plainBundle.version);
    expect(markedBundle.version).toBe(answer.data.version);
    expect(markedBundle.admin_choices?.other_current_assets_cash_like).toBe(true);
    expect(onDevice(markedBundle)).toBe(cashLike.valuation.value_per_share?.toFixed(2));
    const page = await readData(platform, `/api/data/company-bundles?after=000650&limit=1`, companyBundlesAnswer);
    expect(page.bundles[0]?.admin_choices?.other_current_assets_cash_like).toBe(true);

    // Unmarked: back to the plain value.
    await marked(GREE, { other_current_assets_cash_like: false });
    expect((await dcf(GREE)).valuation.value_per_share).toBeCloseTo(plain.valuation.value_per_share ?? Number.NaN, 9);
  });

  it('marks 安琪酵母’s 其他收益 non-operating: the value falls to what the engine gives with the mark, on the device too', async () => {
    const plain = await dcf(ANGEL);
    const plainBundle = await bundle(ANGEL);
    const plainValue = plain.valuation.value_per_share ?? Number.NaN;
    expect(plainBundle.statements.years[2019]?.other_income).toBeCloseTo(ANGEL_OTHER_INCOME, 9);
    const nonOperating: AdminChoices = { other_income_operating: false, other_current_assets_cash_like: false };

    const answer = await marked(ANGEL, { other_income_operating: false });
    expect(answer.data.choices).toEqual(nonOperating);
    expect(answer.data.other_income).toBeCloseTo(ANGEL_OTHER_INCOME, 9);
    expect(answer.message).toBe('安琪酵母：其他收益不再计入经营利润（非经营），估值已重算');
    const value = answer.data.value_per_share ?? Number.NaN;
    // About 4.5% of operating profit out of EBIT, history and forecast alike: the value falls by more than 2%.
    expect(value).toBeLessThan(plainValue * 0.98);
    // The engine, given the statements as before and the mark, computes the API's value.
    expect(value.toFixed(2)).toBe(onDevice({ ...plainBundle, admin_choices: nonOperating }));
    expect((await dcf(ANGEL)).valuation.value_per_share).toBe(value);

    const markedBundle = await bundle(ANGEL);
    expect(markedBundle.version).toBe(answer.data.version);
    expect(markedBundle.version).toBeGreaterThan(plainBundle.version);
    expect(markedBundle.admin_choices).toEqual(nonOperating);
    expect(onDevice(markedBundle)).toBe(value.toFixed(2));
    const page = await readData(platform, `/api/data/company-bundles?after=600297&limit=1`, companyBundlesAnswer);
    expect(page.bundles[0]?.admin_choices).toEqual(nonOperating);

    // The other mark alone keeps this one as stored; both at once put the company back as it was.
    const cashLike = await marked(ANGEL, { other_current_assets_cash_like: true });
    expect(cashLike.data.choices).toEqual({ other_income_operating: false, other_current_assets_cash_like: true });
    const back = await marked(ANGEL, { other_income_operating: true, other_current_assets_cash_like: false });
    expect(back.data.choices).toEqual({ other_income_operating: true, other_current_assets_cash_like: false });
    expect(back.message).toBe(
      '安琪酵母：其他收益计入经营利润（EBIT），其他流动资产不再计入类现金资产（仅列示），估值已重算',
    );
    expect(back.data.value_per_share).toBeCloseTo(plainValue, 9);

    // Each change of a mark is in the audit log, newest first, as 0/1.
    const audit = await readData(platform, `/api/admin/audit-log?company=${ANGEL}`, auditLogAnswer, token);
    expect(audit.map(({ parameter, old_value, new_value }) => [parameter, old_value, new_value])).toEqual([
      ['other_current_assets_cash_like', 1, 0],
      ['other_income_operating', 0, 1],
      ['other_current_assets_cash_like', 0, 1],
      ['other_income_operating', 1, 0],
    ]);
  });
});
