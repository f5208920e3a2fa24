import { type CompanyStatements, type CompanyValuation, ITEM_LABELS } from '@fcf/engine';
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
});
afterAll(() => fixtures.close());

const valuationOf = (code: string): CompanyValuation => {
  const found = valuations.get(code);
  if (!found) throw new Error(`no valuation of ${code}`);
  return found;
};
const codesOf = (code: string) => valuationOf(code).warnings.map((warning) => warning.code);

describe('every fixture company', () => {
  it('is valued: 15 companies, each with a DCF', () => {
    expect(companies).toHaveLength(15);
    for (const company of companies) expect(valuationOf(company.code).dcf, company.name).not.toBeNull();
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
      const latest = statements.get(company.code)?.years[valuation.latestYear] ?? {};
      for (const line of valuation.dcf?.bridge.slice(1) ?? []) {
        if (line.item === 'enterprise_value' || !(line.item in ITEM_LABELS)) throw new Error(`unexpected ${line.item}`);
        const item = line.item as keyof typeof ITEM_LABELS;
        expect(Math.abs(line.amount)).toBe(latest[item as keyof typeof latest]);
        expect(line.label).toBe(ITEM_LABELS[item]);
      }
    }
  });

  it('is filed under an industry section that has a beta', () => {
    for (const company of companies) {
      expect(loadWaccAssumptions(db, company).industryBeta, company.name).toBe(true);
      expect(valuationOf(company.code).parameters.wacc_breakdown.components?.beta_industry).toBe(company.industry);
    }
  });
});

describe('分众传媒 (002027): a reverse merger’s 股本', () => {
  it('counts ≈144 亿 shares (within 5% of 归母净利润 / EPS and of the listed 146.78 亿)', () => {
    const { parameters } = valuationOf('002027');
    expect(parameters.total_shares_source).toBe('eps_implied');
    expect(parameters.total_shares).toBeCloseTo(18.7528 / 0.13, 9);
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
