import type { CompanyValuation } from '@fcf/engine';
import { dcfTableSpec, dcfValuationView } from '@fcf/engine/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../store/companies.ts';
import { type FixtureCompanies, seedFixtureCompanies } from '../testing/fixture-companies.ts';

/**
 * The model's choices (docs/model.md) on real companies of fixtures/ (the 163 exports of ../shared/data/):
 * impairments in EBIT, a missing cash-flow statement, the dated discount rate, the whole equity bridge.
 */
let fixtures: FixtureCompanies;
const valuations = new Map<string, CompanyValuation>();

beforeAll(() => {
  fixtures = seedFixtureCompanies();
  for (const company of fixtures.companies) {
    valuations.set(company.code, fixtures.value(company, fixtures.statementsOf(company.code)));
  }
  // Seeding parses 133 statement files, the 99 Sina ones with 60 columns each: slow on a busy machine.
}, 120_000);
afterAll(() => fixtures.close());

const valuationOf = (code: string): CompanyValuation => {
  const found = valuations.get(code);
  if (!found) throw new Error(`no valuation of ${code}`);
  return found;
};
const companyOf = (code: string): CompanyRecord => {
  const found = fixtures.companies.find((company) => company.code === code);
  if (!found) throw new Error(`no company ${code}`);
  return found;
};
const codesOf = (code: string) => valuationOf(code).warnings.map((warning) => warning.code);

describe('impairments are operating costs (国电电力 600795)', () => {
  it('takes 2018’s 资产减值损失 of 35.14 亿 out of EBIT, and its ratio into the forecast’s drivers', () => {
    const valuation = valuationOf('600795');
    const row = valuation.history.find((entry) => entry.year === 2018);
    const year = fixtures.statementsOf('600795').years[2018] ?? {};
    expect(row?.impairment_losses).toBeCloseTo(35.137, 9);
    const before =
      (year.operating_revenue as number) -
      (year.operating_cost as number) -
      (year.tax_expenses ?? 0) -
      (year.selling_expenses ?? 0) -
      (year.management_expenses ?? 0) -
      (year.r_and_d_expenses ?? 0);
    expect(row?.ebit).toBeCloseTo(before - 35.137, 9);
    expect(valuation.driverBasis.impairment_losses_pct.years).toContain(2018);
  });
});

describe('the tax rate of a year of large one-offs (国电电力 600795, 2018)', () => {
  it('shows the effective 40.9% and taxes NOPAT at the company’s normal rate', () => {
    const row = valuationOf('600795').history.find((entry) => entry.year === 2018);
    expect(row?.income_tax_to_total_profit).toBeCloseTo(0.4095, 4);
    const rate = row?.nopat_tax_rate as number;
    expect(rate).toBeGreaterThan(0.15);
    expect(rate).toBeLessThan(0.25);
    expect(row?.nopat).toBeCloseTo((row?.ebit as number) * (1 - rate), 9);
  });
});

describe('a company without a cash-flow statement (顺丰控股 002352)', () => {
  it('is flagged no_cash_flow_statement, its D&A and capex estimated from its balance sheet, never 0', () => {
    const valuation = valuationOf('002352');
    expect(codesOf('002352')).toContain('no_cash_flow_statement');
    const latest = valuation.history.at(-1);
    expect(latest?.depreciation_and_amortization).toBeGreaterThan(0);
    expect(latest?.Capital_Expenditure).toBeGreaterThan(0);
    expect(valuation.forecast[0]?.Capital_Expenditure).toBeGreaterThan(0);
  });
});

describe('the terminal value’s reinvestment (格力电器 000651)', () => {
  it('warns terminal_reinvestment_inconsistent and gives the value with reinvestment consistent with g', () => {
    const valuation = valuationOf('000651');
    expect(codesOf('000651')).toContain('terminal_reinvestment_inconsistent');
    expect(valuation.dcf?.terminal_value_method).toBe('gordon');
    expect(valuation.dcf?.terminal.consistent_value_per_share).not.toBeNull();
    expect(companyOf('000651').name).toBe('格力电器');
  });
});

describe('the dated, market-based discount rate', () => {
  it('美的集团 (000333): market weights at its quote’s market cap, the yield of the year-end before the valuation', () => {
    // Its 2024-12-31 year-end quote (../shared/data/quotes): 75.22 元, 76.56 亿股; valued on 2021-06-30.
    const listed = { count: 76.55955883, date: '2024-12-31' };
    const company = companyOf('000333');
    const statements = fixtures.statementsOf('000333');
    const market = fixtures.value(company, statements, { listedShares: { ...listed, price: 75.22 } });
    const wacc = market.parameters.wacc_breakdown.components;
    expect(wacc).toMatchObject({ risk_free_rate: 0.0314, risk_free_date: '2020-12-31', weights_basis: 'market' });
    expect(wacc?.market_cap).toBeCloseTo(75.22 * 76.55955883, 6);
    expect(wacc?.market_cap_date).toBe('2024-12-31');
    expect(wacc?.cost_of_debt).toBeCloseTo(0.0314 + (wacc?.default_spread ?? Number.NaN), 12);
    // Without a close, book weights: debt weighs more (25.3% against 11.1% at market).
    const book = fixtures.value(company, statements, { listedShares: listed }).parameters.wacc_breakdown.components;
    expect(book?.weights_basis).toBe('book');
    expect(book?.debt_weight).toBeGreaterThan(0.2);
    expect(wacc?.debt_weight).toBeLessThan(0.15);
  });

  it('华夏幸福 (600340): its debt priced by its interest coverage, its β relevered at its D/E', () => {
    const wacc = valuationOf('600340').parameters.wacc_breakdown.components;
    expect(wacc?.synthetic_rating).not.toBeNull();
    expect(wacc?.interest_coverage).toBeGreaterThan(0);
    expect(wacc?.beta).toBeCloseTo(
      (wacc?.beta_unlevered ?? 0) * (1 + (1 - (wacc?.tax_rate ?? 0)) * (wacc?.debt_to_equity ?? 0)),
      12,
    );
    expect(wacc?.beta).toBeGreaterThan(1.1);
  });
});

describe('the whole equity bridge', () => {
  it('中国广核 (003816): minority interest pro rata to its share of profit, its book value beside', () => {
    // Valued on the trailing twelve months of its latest interim report: the model's statements carry them.
    const valuation = valuationOf('003816');
    const { statements } = valuation;
    const years = [valuation.latestYear - 2, valuation.latestYear - 1, valuation.latestYear];
    const shares = years.map((year) => {
      const figures = statements.years[year] ?? {};
      return (figures.minority_profit as number) / (figures.net_profit as number);
    });
    const share = shares.reduce((sum, each) => sum + each, 0) / shares.length;
    expect(share).toBeGreaterThan(0.3);
    const dcf = valuation.dcf;
    const index = dcf?.bridge.findIndex((line) => line.item === 'minority_interest') ?? -1;
    const line = dcf?.bridge[index];
    const before = dcf?.bridge.slice(0, index).reduce((sum, each) => sum + each.amount, 0) ?? 0;
    expect(line?.profit_share).toBeCloseTo(share, 12);
    const book = statements.years[valuation.latestYear]?.minority_interest as number;
    expect(book).toBeGreaterThan(500);
    expect(line?.book_value).toBe(book);
    expect(line?.amount).toBeCloseTo(-share * before, 9);
    expect(dcf?.valuation.minority_interest).toBeCloseTo(share * before, 9);
    expect(line?.note).toContain(`账面值 ${book.toFixed(2)}`);
    expect(dcf?.valuation.minority_interest).toBeGreaterThan(book);
    expect(dcf?.valuation.equity_value).toBeCloseTo((1 - share) * before, 9);
    // The DCF table (report, PDF, image) shows how the line was valued, the book value beside.
    const view = dcfValuationView(valuation);
    const row = view ? dcfTableSpec(view).bridge.find((each) => each.key === 'minority_interest') : undefined;
    expect(row?.value).toBeCloseTo(line?.amount ?? Number.NaN, 9);
    expect(row?.how).toContain(`减项 = 少数股东损益占净利润 ${(share * 100).toFixed(1)}%`);
    expect(row?.how).toContain(`账面值 ${book.toFixed(2)}`);
  });

  it('华电国际 (600027): parent equity its lines do not explain (perpetual bonds) is warned with the amount', () => {
    const warning = valuationOf('600027').warnings.find((each) => each.code === 'unexplained_equity');
    expect(warning?.year).toBe(2019);
    expect(warning?.message).toContain('多 161.10 亿元');
    // A layout whose lines add up says nothing (贵州茅台).
    expect(codesOf('600519')).not.toContain('unexplained_equity');
  });

  it('顺丰控股 (002352): 长期应付款 reported the year before and gone from the latest balance sheet is warned', () => {
    const valuation = valuationOf('002352');
    expect(valuation.latestYear).toBe(2018);
    const previous = fixtures.statementsOf('002352').years[2017]?.long_term_payables as number;
    const warning = valuation.warnings.find((each) => each.code === 'debt_line_vanished');
    expect(warning).toMatchObject({ year: valuation.latestYear, item: '长期应付款' });
    expect(warning?.message).toContain(`为 ${previous.toFixed(2)} 亿元`);
  });

  it('格力电器 (000651): 其他流动资产 (525.95 亿) counts as cash only where an admin marks it', () => {
    const company = companyOf('000651');
    const statements = fixtures.statementsOf('000651');
    const plain = valuationOf('000651');
    const marked = fixtures.value(company, statements, {
      choices: { other_income_operating: true, other_current_assets_cash_like: true },
    });
    const other = statements.years[plain.latestYear]?.other_current_assets as number;
    expect(other).toBeCloseTo(525.95, 9);
    expect(plain.dcf?.bridge.some((line) => line.item === 'other_current_assets')).toBe(false);
    expect(marked.dcf?.bridge.find((line) => line.item === 'other_current_assets')?.amount).toBe(other);
    expect(marked.dcf?.valuation.cash).toBeCloseTo((plain.dcf?.valuation.cash ?? 0) + other, 9);
    expect(marked.dcf?.valuation.equity_value).toBeCloseTo((plain.dcf?.valuation.equity_value ?? 0) + other, 6);
  });
});
