import { type CompanyStatements, type CompanyValuation, ITEM_LABELS } from '@fcf/engine';
import { financialAnalysisView, riskSpec, riskView } from '@fcf/engine/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_BANK } from '../../../engine/src/testing/sample-bank.ts';
import { currentChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { execute, queryOne } from '../db/query.ts';
import { type CompanyRecord, DEFAULT_INDUSTRY } from '../store/companies.ts';
import { type FixtureCompanies, seedFixtureCompanies, FIXTURE_TODAY as TODAY } from '../testing/fixture-companies.ts';
import { loadCompanyContext, loadWaccAssumptions } from '../valuation/stored-inputs.ts';
import { refreshIndustries } from './seed-fixtures.ts';

/**
 * The model on every company of fixtures/, imported as `npm start` seeds them: the equity bridge, the share
 * count, the warnings and the leases, on real (163) and sample (workbook) statements.
 */
let fixtures: FixtureCompanies;
let db: Database;
let companies: CompanyRecord[];
let industries: Map<string, string>;
const statements = new Map<string, CompanyStatements>();
const valuations = new Map<string, CompanyValuation>();

function value(company: CompanyRecord, companyStatements: CompanyStatements): CompanyValuation {
  return fixtures.value(company, companyStatements);
}

beforeAll(() => {
  fixtures = seedFixtureCompanies();
  ({ db, companies, industries } = fixtures);
  for (const company of companies) {
    const loaded = fixtures.statementsOf(company.code);
    statements.set(company.code, loaded);
    valuations.set(company.code, value(company, loaded));
  }
  // Seeding parses 133 statement files, the 99 Sina ones with 60 columns each: slow on a busy machine.
}, 120_000);
afterAll(() => fixtures.close());

const valuationOf = (code: string): CompanyValuation => {
  const found = valuations.get(code);
  if (!found) throw new Error(`no valuation of ${code}`);
  return found;
};
const codesOf = (code: string) => valuationOf(code).warnings.map((warning) => warning.code);

describe('every fixture company', () => {
  it('is valued: 44 companies (15 of fixtures/163 and the workbooks, 29 more of fixtures/sina), each with a DCF but the bank', () => {
    expect(companies).toHaveLength(44);
    for (const company of companies) {
      if (company.code === '601398') expect(valuationOf(company.code).error?.code).toBe('FINANCIAL_COMPANY');
      else expect(valuationOf(company.code).dcf, company.name).not.toBeNull();
    }
  });

  it('has a bridge that starts at EV and sums exactly to the equity value', () => {
    for (const company of companies) {
      const dcf = valuationOf(company.code).dcf;
      if (!dcf) continue;
      expect(dcf.bridge[0]?.amount).toBe(dcf.valuation.enterprise_value);
      expect(
        dcf.bridge.reduce((sum, line) => sum + line.amount, 0),
        company.name,
      ).toBe(dcf.valuation.equity_value);
    }
  });

  it('bridges with the latest balance sheet’s own lines and labels', () => {
    for (const company of companies) {
      const valuation = valuationOf(company.code);
      // The model's latest year: an annual report, or the trailing twelve months with that date's balance sheet.
      const latest = valuation.statements.years[valuation.latestYear] ?? {};
      for (const line of valuation.dcf?.bridge.slice(1) ?? []) {
        if (line.item === 'enterprise_value' || !(line.item in ITEM_LABELS)) throw new Error(`unexpected ${line.item}`);
        const item = line.item as keyof typeof ITEM_LABELS;
        // A line reported below zero (a few Sina balances) is taken with its sign. Minority interest is valued
        // pro rata to profit where the statements give the share (docs/model.md §7): its book value stands beside.
        const reported = Math.abs(latest[item as keyof typeof latest] ?? Number.NaN);
        if (line.profit_share === undefined) expect(Math.abs(line.amount)).toBe(reported);
        else expect(Math.abs(line.book_value ?? Number.NaN)).toBe(reported);
        expect(line.label).toBe(ITEM_LABELS[item]);
      }
    }
  });

  it('is filed under an industry section that has a beta (甘李药业, listed after the market list, is not filed)', () => {
    for (const company of companies) {
      if (company.industry === DEFAULT_INDUSTRY) {
        expect(company.code).toBe('603087');
        continue;
      }
      expect(loadWaccAssumptions(db, company).industryBeta, company.name).toBe(true);
      // A company without a calculated WACC has no components to show.
      const { components } = valuationOf(company.code).parameters.wacc_breakdown;
      if (components) expect(components.beta_industry).toBe(company.industry);
    }
  });
});

describe('分众传媒 (002027): a reverse merger’s 股本', () => {
  it('counts ≈144 亿 shares (within 5% of 归母净利润 / EPS and of the listed 146.78 亿)', () => {
    const valuation = valuationOf('002027');
    const { parameters } = valuation;
    // Its Sina periods reach 2023-03-31: the count is the trailing twelve months' 归母净利润 / EPS.
    expect(valuation.base.label).toBe('2023 一季报');
    const latest = valuation.statements.years[valuation.latestYear] ?? {};
    expect(parameters.total_shares_source).toBe('eps_implied');
    expect(parameters.total_shares).toBeCloseTo((latest.net_profit_parent ?? 0) / (latest.eps_basic ?? 1), 9);
    expect(Math.abs(parameters.total_shares / 146.7788028 - 1)).toBeLessThan(0.05);
    expect(codesOf('002027')).toContain('shares_disagree');
  });

  it('is worth a value per share in single or low double digits, not 176 元', () => {
    const perShare = valuationOf('002027').dcf?.valuation.value_per_share as number;
    expect(perShare).toBeGreaterThan(1);
    expect(perShare).toBeLessThan(30);
  });
});

describe('warnings on real statements', () => {
  it('国电电力 (600795): a negative value keeps its number and says it is not meaningful', () => {
    const valuation = valuationOf('600795');
    expect(valuation.dcf?.valuation.equity_value).toBeLessThan(0);
    expect(codesOf('600795')).toContain('negative_equity_value');
  });

  it('华夏幸福 (600340, K70): a property developer', () => {
    expect(valuationOf('600340').classification.kind).toBe('property_developer');
    expect(codesOf('600340')).toContain('property_developer');
  });

  it('安琪酵母 (600298): the 应收票据 the 2019 export lacks is a missing line, not cash released', () => {
    const valuation = valuationOf('600298');
    expect(valuation.warnings.find((warning) => warning.code === 'missing_lines')).toMatchObject({
      year: 2019,
      item: '应收票据',
    });
    const row2019 = valuation.history.find((row) => row.year === 2019);
    expect(row2019?.Change_In_Operating_WC).toBeCloseTo(0.1072, 9);
  });

  it('中国广核 (003816): its β relevered at its leverage keeps its calculated WACC above the floor', () => {
    const { wacc_breakdown: wacc } = valuationOf('003816').parameters;
    expect(wacc.calculated_wacc).toBeGreaterThan(0.06);
    expect(wacc.bound_applied).toBeNull();
    expect(wacc.components?.beta).toBeGreaterThan(0.7);
    expect(codesOf('003816')).not.toContain('wacc_bounded');
  });
});

describe('lease-heavy companies (美的集团, 海尔智家)', () => {
  it.each(['000333', '600690'])('%s reinvests the right-of-use depreciation it adds back', (code) => {
    const valuation = valuationOf(code);
    const years = statements.get(code)?.years ?? {};
    const leased = valuation.history.filter((row) => (years[row.year]?.depreciation_right_of_use_assets ?? 0) > 0);
    expect(leased.length).toBeGreaterThan(3);
    for (const row of leased) {
      const rou = years[row.year]?.depreciation_right_of_use_assets as number;
      expect((row.Capital_Expenditure as number) - (row.Cash_Paid_For_Acquisition_Assets as number)).toBeCloseTo(
        rou,
        9,
      );
    }
  });

  it.each(['000333', '600690'])(
    '%s is worth the same without its right-of-use depreciation: no phantom inflow',
    (code) => {
      const company = companies.find((entry) => entry.code === code) as CompanyRecord;
      const source = statements.get(code) as CompanyStatements;
      const withoutLeases: CompanyStatements = {
        ...source,
        years: Object.fromEntries(
          Object.entries(source.years).map(([year, { depreciation_right_of_use_assets: _rou, ...rest }]) => [
            year,
            rest,
          ]),
        ),
      };
      const plain = value(company, withoutLeases).dcf?.valuation.value_per_share as number;
      expect(valuationOf(code).dcf?.valuation.value_per_share).toBeCloseTo(plain, 6);
    },
  );
});

describe('the company context the engine is given', () => {
  it('warns a latest report more than 18 months before the valuation date, and only that', () => {
    expect(valuationOf('002352').latestYear).toBe(2018);
    expect(codesOf('002352')).toContain('stale_report');
    expect(valuationOf('600298').latestYear).toBe(2019);
    expect(codesOf('600298')).not.toContain('stale_report');
  });

  it('files a bank by the market list, so it gets no FCFF value even without its statements’ markers', () => {
    const bank: CompanyRecord = { code: '601398', name: '工商银行', industry: industries.get('601398') ?? '' };
    expect(loadCompanyContext(db, bank, TODAY)).toEqual({ industry: '金融业', listedShares: null, asOf: '2021-06-30' });
    const withoutMarkers: CompanyStatements = {
      ...SAMPLE_BANK,
      years: Object.fromEntries(
        Object.entries(SAMPLE_BANK.years).map(([year, { customer_deposits: _deposits, ...rest }]) => [year, rest]),
      ),
    };
    const valuation = value(bank, withoutMarkers);
    expect(valuation.dcf).toBeNull();
    expect(valuation.error?.code).toBe('FINANCIAL_COMPANY');
    expect(valuation.classification).toMatchObject({ kind: 'financial', evidence: 'industry' });
  });

  it('gives the engine no industry for a company the list does not file', () => {
    expect(
      loadCompanyContext(db, { code: '999999', name: '未知', industry: DEFAULT_INDUSTRY }, TODAY).industry,
    ).toBeNull();
  });
});

describe('refreshIndustries', () => {
  it('re-files a company the old list misfiled, once, as one synced change', () => {
    execute(db, "UPDATE companies SET industry = '电力、热力、燃气及水的生产和供应业' WHERE code = '600298'");
    const before = currentChangeSeq(db);
    expect(refreshIndustries(db, industries)).toBe(1);
    expect(
      queryOne<{ industry: string; change_seq: number }>(
        db,
        "SELECT industry, change_seq FROM companies WHERE code = '600298'",
      ),
    ).toEqual({
      industry: '制造业',
      change_seq: before + 1,
    });
    expect(refreshIndustries(db, industries)).toBe(0);
    expect(currentChangeSeq(db)).toBe(before + 1);
  });
});

describe('the Sina sample companies (fixtures/sina)', () => {
  it('贵州茅台 (600519), whose latest column is its 2022 annual report, is valued on that report', () => {
    const valuation = valuationOf('600519');
    expect(valuation.base).toEqual({ year: 2022, period: 'FY', date: '2022-12-31', label: '2022 年报' });
    expect(valuation.forecastYears).toEqual([2023, 2024, 2025, 2026, 2027]);
    expect(valuation.dcf?.stub).toBeNull();
    expect(valuation.history.at(-1)?.operating_revenue).toBeCloseTo(1240.998438, 6);
  });

  it('海螺水泥 (600585) is valued on the trailing twelve months to 2023-03-31, worked by hand', () => {
    const valuation = valuationOf('600585');
    expect(valuation.base).toEqual({ year: 2023, period: 'Q1', date: '2023-03-31', label: '2023 一季报' });
    const ttm = valuation.history.at(-1);
    // (3,136,845.44 + 13,202,155.37 − 2,546,177.50) 万元.
    expect(ttm?.operating_revenue).toBeCloseTo(1379.282331, 6);
    // (255,060.59 + 1,566,074.99 − 492,520.56) 万元 of 归母净利润.
    expect(valuation.profitability.at(-1)?.netProfit).toBeCloseTo(132.861502, 6);
    expect(valuation.forecastYears).toEqual([2024, 2025, 2026, 2027, 2028]);
    expect(valuation.dcf?.stub).toMatchObject({ year: 2023, months: 9 });
    const quarters = financialAnalysisView(valuation).data.quarters;
    expect(quarters).toHaveLength(8);
    expect(quarters.at(-1)?.date).toBe('2023-03-31');
    // 2022 Q3 = 三季报 − 中报 = 8,532,809.78 − 5,627,574.89 万元.
    expect(quarters.find((row) => row.date === '2022-09-30')?.revenue).toBeCloseTo(290.523489, 6);
  });

  it('伊利股份 (600887) is valued on the trailing twelve months to its 2022 中报', () => {
    const valuation = valuationOf('600887');
    expect(valuation.base.label).toBe('2022 中报');
    expect(valuation.history.at(-1)?.operating_revenue).toBeCloseTo(1170.634008, 6);
    expect(valuation.dcf?.stub).toMatchObject({ year: 2022, months: 6 });
  });

  it('工商银行 (601398) imports as a bank: its lines are read, its value is refused as a financial company', () => {
    const bank = statements.get('601398')?.years[2022] ?? {};
    expect(bank.net_interest_income).toBeGreaterThan(6000);
    expect(bank.customer_deposits).toBeGreaterThan(250000);
    expect(codesOf('601398')).toContain('financial_company');
  });

  it('工商银行’s 抗风险能力 is the bank’s: equity/assets and loans/deposits of its Sina balance sheets', () => {
    const risk = riskView(valuationOf('601398'), statements.get('601398') ?? { code: '', name: '', years: {} });
    expect(risk.basis).toBe('financial');
    expect(risk.ratios.map((ratio) => ratio.key)).toEqual(['equity_to_assets', 'loans_to_deposits']);
    const latest = risk.years.find((year) => year.year === 2022);
    // 2022-12-31, 万元: 股东权益合计 351,382,600 / 资产总计 3,960,965,700; 发放贷款及垫款 2,321,231,200 /
    // 客户存款(吸收存款) 2,987,049,100.
    expect(latest?.equity_to_assets.value).toBeCloseTo(351382600 / 3960965700, 9);
    expect(latest?.loans_to_deposits.value).toBeCloseTo(2321231200 / 2987049100, 9);
    const spec = riskSpec(risk);
    expect(spec.tables[0]?.rows.map((row) => row.texts.at(-1))).toEqual(['8.87%', '77.71%']);
    expect(spec.notice?.code).toBe('financial_company');
  });

  it('分众传媒 and 中国广核 keep their NetEase years; the Sina files add the newer years and the quarters', () => {
    // 中国广核's 2015 revenue as NetEase shows it (233.04 亿元), not Sina's restated 268.40 亿元.
    expect(statements.get('003816')?.years[2015]?.operating_revenue).toBeCloseTo(233.0377, 9);
    expect(statements.get('003816')?.years[2022]?.operating_revenue).toBeGreaterThan(800);
    expect(valuationOf('003816').base.label).toBe('2023 一季报');
    expect(statements.get('002027')?.interims?.['2023-03-31']).toBeDefined();
  });
});
