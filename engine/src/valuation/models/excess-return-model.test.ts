import { describe, expect, it } from 'vitest';
import { isValuationError } from '../../errors.ts';
import type { CompanyStatements, StatementYear } from '../../statements/items.ts';
import { ICBC } from '../../testing/icbc.ts';
import { SAMPLE_COMPANY } from '../../testing/sample-company.ts';
import { WACC_ASSUMPTIONS } from '../wacc.ts';
import { EXCESS_RETURN_YEARS, ordinaryEquityYears } from './excess-return-inputs.ts';
import { EXCESS_RETURN_MODEL } from './excess-return-model.ts';

/** The server's CAPM inputs for a bank: 金融业's β 0.9 (fixtures/industry-betas.json). */
const FINANCE = { ...WACC_ASSUMPTIONS, beta: 0.9, betaIndustry: '金融业' };

const codes = (warnings: readonly { code: string }[]) => warnings.map((warning) => warning.code);

function refusalOf(run: () => unknown): { code: string; field: string | undefined } | null {
  try {
    run();
  } catch (error) {
    if (isValuationError(error)) return { code: error.code, field: error.field };
    throw error;
  }
  return null;
}

describe('工商银行 (601398) by excess returns, from figures of its 2017–2022 annual reports', () => {
  const result = EXCESS_RETURN_MODEL.value({ statements: ICBC, industry: 'J66', waccAssumptions: FINANCE });

  it('fits the bank, whose FCFF does not apply', () => {
    expect(EXCESS_RETURN_MODEL.fits({ statements: ICBC, industry: 'J66' })).toEqual({ fits: true });
  });

  it('reads the ordinary shareholders’ book equity and ROE, perpetual bonds and preferred shares left out', () => {
    const years = ordinaryEquityYears(ICBC);
    const last = years[years.length - 1];
    // 34,951.71 − 3,543.31 亿元; 每股净资产 8.81 元 on 3,564.07 亿股, as the bank reports.
    expect(last?.book_equity).toBeCloseTo(31_408.4, 6);
    expect((last?.book_equity ?? 0) / 3564.07).toBeCloseTo(8.81, 2);
    // 2022: EPS 0.97 × 3,564.07 亿股 over the average of 29,034.24 and 31,408.40: 11.44% (reported weighted 11.43%).
    expect(last?.earnings).toBeCloseTo(0.97 * 3564.07, 6);
    expect(last?.roe).toBeCloseTo((0.97 * 3564.07) / ((29_034.24 + 31_408.4) / 2), 12);
    expect(last?.roe).toBeCloseTo(0.1144, 4);
  });

  it('values it positive and finite, at a P/B a bank can have, beside its justified P/B', () => {
    const figure = (key: string) => result.figures.find((entry) => entry.key === key)?.value ?? Number.NaN;
    expect(result.model).toBe('excess_return');
    // Ke = 3% + 0.9 × 6% = 8.4%; normalised ROE = mean of 2018–2022 = 12.43%, fading to Ke by 2032.
    expect(figure('cost_of_equity')).toBeCloseTo(0.084, 12);
    expect(figure('normalised_roe')).toBeCloseTo(0.1243, 4);
    expect(result.equity_value).toBeGreaterThan(figure('book_equity'));
    expect(Number.isFinite(result.equity_value)).toBe(true);
    expect(result.value_per_share).toBeCloseTo(10.08, 2);
    expect(figure('implied_pb')).toBeGreaterThan(1);
    expect(figure('implied_pb')).toBeLessThan(figure('justified_pb'));
    expect(figure('justified_pb')).toBeCloseTo((0.12434 - 0.02) / (0.084 - 0.02), 3);
    expect(result.shares).toBe(3564.07);
    expect(result.shares_source).toBe('share_capital');
    expect(result.warnings).toEqual([]);
  });

  it('has a table of ten years and the terminal column, ROE reaching Ke in the last year', () => {
    expect(result.columns).toEqual([
      ...Array.from({ length: EXCESS_RETURN_YEARS }, (_, i) => String(2023 + i)),
      '永续期',
    ]);
    const roe = result.rows.find((row) => row.key === 'roe')?.values ?? [];
    expect(roe[EXCESS_RETURN_YEARS - 1]).toBeCloseTo(0.084, 12);
    for (const row of result.rows) expect(row.values).toHaveLength(EXCESS_RETURN_YEARS + 1);
    const pv = result.rows.find((row) => row.key === 'pv')?.values ?? [];
    const sum = pv.reduce<number>((total, value) => total + (value ?? 0), 0);
    expect(result.figures.find((entry) => entry.key === 'book_equity')?.value ?? 0).toBeCloseTo(
      result.equity_value - sum,
      6,
    );
  });

  it('takes a person’s levers, says so, and refuses one out of range or not its own', () => {
    const levers = { cost_of_equity: 0.1, sustainable_roe: 0.11 };
    const edited = EXCESS_RETURN_MODEL.value({ statements: ICBC, industry: 'J66', waccAssumptions: FINANCE, levers });
    expect(edited.detail.inputs.costOfEquity).toBe(0.1);
    expect(edited.detail.basis.cost_of_equity).toBe('手动设置');
    expect(edited.detail.valuation.terminal.excess_return).toBeGreaterThan(0);
    const run = (bad: Record<string, number>) => () =>
      EXCESS_RETURN_MODEL.value({ statements: ICBC, levers: bad as typeof levers });
    expect(refusalOf(run({ cost_of_equity: 0.9 }))).toEqual({ code: 'INVALID_MODEL_INPUT', field: 'cost_of_equity' });
    expect(refusalOf(run({ base_revenue: 1 }))).toEqual({ code: 'INVALID_MODEL_INPUT', field: 'base_revenue' });
    expect(refusalOf(run({ cost_of_equity: 0.015 }))).toEqual({
      code: 'COST_OF_EQUITY_NOT_ABOVE_GROWTH',
      field: 'cost_of_equity',
    });
  });
});

/** 工商银行 as the NetEase financial summary of `../shared/data/market/summary/601398.csv` has it (2017–2019). */
function summaryYear(figures: [number, number, number, number, number, number]): StatementYear {
  const [revenue, profit, eps, bookPerShare, parentEquity, roePercent] = figures;
  return {
    operating_revenue: revenue,
    net_profit_parent: profit,
    eps_basic: eps,
    book_value_per_share: bookPerShare,
    parent_equity: parentEquity,
    weighted_roe_percent: roePercent,
  };
}
const ICBC_SUMMARY: CompanyStatements = {
  code: '601398',
  name: '工商银行',
  years: {
    2017: summaryYear([7265.02, 2860.49, 0.79, 5.73, 21274.91, 14.35]),
    2018: summaryYear([7737.89, 2976.76, 0.82, 6.3, 23300.01, 13.79]),
    2019: summaryYear([8551.64, 3122.24, 0.86, 6.93, 26761.86, 13.05]),
  },
};

describe('a company with only financial summaries', () => {
  it('starts from 每股净资产 (which leaves out perpetual bonds) and the weighted ROE', () => {
    const listed = { count: 3564.07, date: '2019-12-31' };
    const result = EXCESS_RETURN_MODEL.value({ statements: ICBC_SUMMARY, industry: 'J66', listedShares: listed });
    expect(result.detail.inputs.bookEquity).toBeCloseTo(6.93 * 3564.07, 6);
    expect(result.detail.inputs.normalisedRoe).toBeCloseTo((0.1435 + 0.1379 + 0.1305) / 3, 12);
    expect(result.detail.history.map((year) => year.roe_source)).toEqual([
      'weighted_roe',
      'weighted_roe',
      'weighted_roe',
    ]);
    // The value per share does not hang on the share count: the EPS-implied one gives the same.
    const implied = EXCESS_RETURN_MODEL.value({ statements: ICBC_SUMMARY, industry: 'J66' });
    expect(implied.shares_source).toBe('eps_implied');
    expect(implied.value_per_share).toBeCloseTo(result.value_per_share ?? Number.NaN, 9);
  });

  it('warns a normalised ROE resting on fewer than three years', () => {
    const two: CompanyStatements = {
      ...ICBC_SUMMARY,
      years: { 2018: ICBC_SUMMARY.years[2018] ?? {}, 2019: ICBC_SUMMARY.years[2019] ?? {} },
    };
    expect(codes(EXCESS_RETURN_MODEL.value({ statements: two }).warnings)).toContain('few_roe_years');
  });
});

describe('fits and bounds', () => {
  it('keeps the normalised ROE within 0%–40%, and warns when it moves it', () => {
    const rich: CompanyStatements = {
      ...SAMPLE_COMPANY,
      years: Object.fromEntries(
        Object.entries(SAMPLE_COMPANY.years).map(([year, figures]) => [year, { ...figures, parent_equity: 20 }]),
      ),
    };
    const result = EXCESS_RETURN_MODEL.value({ statements: rich });
    expect(result.detail.inputs.normalisedRoe).toBe(0.4);
    expect(codes(result.warnings)).toContain('roe_bounded');
  });

  it('does not fit a company without positive book equity, and says why', () => {
    const broke: CompanyStatements = {
      ...SAMPLE_COMPANY,
      years: { ...SAMPLE_COMPANY.years, 2024: { ...SAMPLE_COMPANY.years[2024], parent_equity: -5 } },
    };
    const fit = EXCESS_RETURN_MODEL.fits({ statements: broke });
    expect(fit).toEqual({ fits: false, reason: expect.stringContaining('净资产为负或为零') });
    expect(refusalOf(() => EXCESS_RETURN_MODEL.value({ statements: broke }))).toEqual({
      code: 'MODEL_NOT_APPLICABLE',
      field: 'book_equity',
    });
  });

  it('gives no value per share without a share count, and says so', () => {
    const noShares: CompanyStatements = {
      ...ICBC_SUMMARY,
      years: Object.fromEntries(
        Object.entries(ICBC_SUMMARY.years).map(([year, figures]) => [year, { ...figures, eps_basic: undefined }]),
      ) as CompanyStatements['years'],
    };
    const result = EXCESS_RETURN_MODEL.value({ statements: noShares });
    expect(result.value_per_share).toBeNull();
    expect(result.shares).toBeNull();
    expect(result.equity_value).toBeGreaterThan(0);
    expect(codes(result.warnings)).toContain('shares_unknown');
  });
});
