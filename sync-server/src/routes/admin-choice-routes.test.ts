import { valuationDate } from '@fcf/engine';
import { adminChoiceAnswer, companyBundleAnswer, companyBundlesAnswer, dcfValuationAnswer } from '@fcf/engine/contract';
import { valueBundle } from '@fcf/engine/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, readData, refusalOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/**
 * PUT /api/admin/admin-choices/{company}: 格力电器 (000651) holds 525.95 亿 of 其他流动资产 (理财 among it) in
 * 2024; marked cash-like by an admin, the API's value, the stored valuation and the bundle all take it.
 */
const GREE = '000651';
const PATH = `/api/admin/admin-choices/${GREE}`;

let platform: TestPlatform;
let token: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  token = await platform.adminToken();
});
afterAll(() => platform.close());

const dcf = () => readData(platform, `/api/home/dcf_valuation/${GREE}`, dcfValuationAnswer);
const bundle = () => readData(platform, `/api/data/company-bundle/${GREE}`, companyBundleAnswer);
const mark = (body: unknown, as = token) => platform.call('PUT', PATH, { token: as, body });

describe('PUT /api/admin/admin-choices/{company}', () => {
  it('refuses bad input with a Chinese message and changes nothing; admins only', async () => {
    const before = await bundle();
    const bad = await refusalOf(await mark({ other_current_assets_cash_like: 'yes' }), 400);
    expect(bad.message).toContain('other_current_assets_cash_like');
    expect(bad.message).toMatch(/参数错误/);
    const unknown = await refusalOf(await mark({ other_current_assets_cash_like: true, extra: 1 }), 400);
    expect(unknown.message).toContain('未知的字段：extra');
    expect((await mark({ other_current_assets_cash_like: true }, await platform.userToken())).status).toBe(403);
    const after = await bundle();
    expect(after.version).toBe(before.version);
    expect(after.admin_choices?.other_current_assets_cash_like).toBe(false);
  });

  it('marks 格力电器’s 其他流动资产 cash-like: the API value rises by it, the bundle carries it and values the same', async () => {
    const plain = await dcf();
    const plainBundle = await bundle();
    expect(plain.bridge.some((line) => line.item === 'other_current_assets')).toBe(false);

    const answer = await answerOf(await mark({ other_current_assets_cash_like: true }), adminChoiceAnswer);
    expect(answer.data.choices.other_current_assets_cash_like).toBe(true);
    expect(answer.data.other_current_assets).toBeCloseTo(525.95, 9);
    expect(answer.message).toContain('格力电器');

    const marked = await dcf();
    const line = marked.bridge.find((each) => each.item === 'other_current_assets');
    expect(line?.amount).toBeCloseTo(525.95, 9);
    expect(marked.valuation.equity_value).toBeCloseTo(plain.valuation.equity_value + 525.95, 6);
    expect(marked.valuation.value_per_share).toBe(answer.data.value_per_share);
    expect(answer.data.value_per_share).toBeGreaterThan(plain.valuation.value_per_share ?? Number.POSITIVE_INFINITY);

    // The bundle's version moved (devices refetch), it carries the mark, and it values to the cent as the API.
    const markedBundle = await bundle();
    expect(markedBundle.version).toBeGreaterThan(plainBundle.version);
    expect(markedBundle.version).toBe(answer.data.version);
    expect(markedBundle.admin_choices?.other_current_assets_cash_like).toBe(true);
    const device = valueBundle(markedBundle, valuationDate(new Date()));
    expect(device.dcf?.valuation.value_per_share?.toFixed(2)).toBe(marked.valuation.value_per_share?.toFixed(2));
    const page = await readData(platform, `/api/data/company-bundles?after=000650&limit=1`, companyBundlesAnswer);
    expect(page.bundles[0]?.admin_choices?.other_current_assets_cash_like).toBe(true);

    // Unmarked: back to the plain value.
    await answerOf(await mark({ other_current_assets_cash_like: false }), adminChoiceAnswer);
    expect((await dcf()).valuation.value_per_share).toBeCloseTo(plain.valuation.value_per_share ?? Number.NaN, 9);
  });
});
