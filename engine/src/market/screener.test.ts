import { describe, expect, it } from 'vitest';
import { ANGEL_YEAST } from '../testing/angel-yeast.ts';
import { SAMPLE_BANK } from '../testing/sample-bank.ts';
import { valueCompany } from '../valuation/company-valuation.ts';
import { type ScreenerModel, screen, screenerModelOf, screenerRows } from './screener.ts';

function model(code: string, valuePerShare: number | null, extra: Partial<ScreenerModel> = {}): ScreenerModel {
  return {
    code,
    name: `公司${code}`,
    industry: '制造业',
    valuePerShare,
    bridgeTotal: 0,
    shares: 10,
    netProfit: 10,
    parentEquity: 50,
    ebit: 12,
    fcf: 8,
    roic: 0.1,
    roe: 0.15,
    revenue_growth: 0.05,
    flags: [],
    ...extra,
  };
}

const quote = (price: number, marketCap: number | null = price * 10) => ({
  price,
  date: '2026-01-05',
  market_cap: marketCap,
  shares: 10,
});

describe('the screen', () => {
  const models = [
    model('000001', 20),
    model('000002', 30, { industry: '电力', flags: ['negative_enterprise_value'] }),
    model('000003', 10, { netProfit: -1 }),
    model('000004', null),
    model('000005', 15),
  ];
  const quotes = new Map([
    ['000001', quote(10)],
    ['000002', quote(10)],
    ['000003', quote(20)],
    ['000004', quote(10)],
  ]);
  const rows = screenerRows(models, quotes, '2026-01-06');

  it('every company with a value and a price, priced by the engine’s rules', () => {
    expect(rows.map((row) => row.code)).toEqual(['000001', '000002', '000003']);
    expect(rows[0]).toMatchObject({ margin_of_safety: 1, pe: 10, pb: 2, fcff_ev_yield: 0.08, stale: false });
  });

  it('sorts either way with not-meaningful figures last; filters by industry, market cap and flags; pages', () => {
    const base = { limit: 10, offset: 0, hideFlagged: false } as const;
    const bySafety = screen(rows, { ...base, sort: 'margin_of_safety', order: 'desc' });
    expect(bySafety.rows.map((row) => row.code)).toEqual(['000002', '000001', '000003']);
    expect(screen(rows, { ...base, sort: 'pe', order: 'asc' }).rows.map((row) => row.code)).toEqual([
      '000001',
      '000002',
      '000003',
    ]);
    expect(screen(rows, { ...base, sort: 'pe', order: 'desc' }).rows.at(-1)?.code).toBe('000003');
    expect(screen(rows, { ...base, sort: 'roe', order: 'desc', industry: '电力' }).total).toBe(1);
    expect(screen(rows, { ...base, sort: 'roe', order: 'desc', hideFlagged: true }).total).toBe(2);
    expect(screen(rows, { ...base, sort: 'roe', order: 'desc', minMarketCap: 150 }).rows.map((r) => r.code)).toEqual([
      '000003',
    ]);
    const page = screen(rows, { ...base, sort: 'margin_of_safety', order: 'desc', limit: 1, offset: 1 });
    expect(page).toMatchObject({ total: 3, rows: [{ code: '000001' }] });
  });

  it('a model from a valuation: value, returns and growth of the latest year', () => {
    const valuation = valueCompany({ statements: ANGEL_YEAST });
    const built = screenerModelOf(
      { code: '600298', name: '安琪酵母', industry: '制造业' },
      valuation,
      ANGEL_YEAST.years[2019],
    );
    expect(built.valuePerShare).toBe(valuation.dcf?.valuation.value_per_share);
    expect(built.roe).toBe(valuation.returns.at(-1)?.roe);
    expect(built.revenue_growth).toBe(valuation.profitability.at(-1)?.revenueGrowth);
    expect(built.warnings).toEqual(valuation.warnings.map(({ code, message }) => ({ code, message })));
    expect(built.flags).toEqual([...new Set(valuation.warnings.map((warning) => warning.code))]);
    expect(built.latest_year).toBe(valuation.latestYear);
  });

  it('a bank: no value, yet a row flagged financial_company with the reason, hidden when flagged ones are', () => {
    const valuation = valueCompany({ statements: SAMPLE_BANK, industry: '金融业' });
    const bank = screenerModelOf({ code: '601166', name: '兴业银行', industry: '金融业' }, valuation, undefined);
    expect(bank.valuePerShare).toBeNull();
    expect(bank.flags).toContain('financial_company');
    const listed = screenerRows(
      [bank, model('000001', 20)],
      new Map([
        ['601166', quote(18)],
        ['000001', quote(10)],
      ]),
      '2026-01-06',
    );
    const row = listed.find((entry) => entry.code === '601166');
    expect(row).toMatchObject({
      value_per_share: null,
      margin_of_safety: null,
      latest_report_year: valuation.latestYear,
    });
    expect(row?.warnings.find((warning) => warning.code === 'financial_company')?.message).toContain('超额收益');
    const query = { sort: 'margin_of_safety', order: 'desc', limit: 10, offset: 0 } as const;
    expect(screen(listed, { ...query, hideFlagged: false }).rows.map((entry) => entry.code)).toContain('601166');
    expect(screen(listed, { ...query, hideFlagged: true }).rows.map((entry) => entry.code)).toEqual(['000001']);
  });

  it('models stored before warnings were kept still screen, with none', () => {
    const [row] = screenerRows([model('000001', 20)], new Map([['000001', quote(10)]]), '2026-01-06');
    expect(row).toMatchObject({ warnings: [], latest_report_year: null });
  });
});
