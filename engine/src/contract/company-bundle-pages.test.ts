import { describe, expect, it } from 'vitest';
import type { CompanyBundle } from '../report/company-bundle.ts';
import {
  type IndustryPeer,
  industryComparisonView,
  industryStatisticsOf,
  NO_MARKET_FIGURES,
} from '../report/industry-comparison-view.ts';
import type { StatementYear } from '../statements/items.ts';
import { ICBC_BUNDLE, SAMPLE_COMPANY_BUNDLE } from '../testing/model-bundles.ts';
import { WACC_ASSUMPTIONS } from '../valuation/wacc.ts';
import {
  BundlePageWriter,
  bundleOfPage,
  type PagedCompanyBundle,
  type PagedReportsMemo,
} from './company-bundle-pages.ts';

/** The industries' answer read no earlier than any of `bundles`: the bundles come back with their own versions. */
const newestOf = (bundles: readonly CompanyBundle[]) => Math.max(0, ...bundles.map((bundle) => bundle.version));

/** A page of `bundles` as the server writes it: the paged bundles and what the page gives once. */
function pageOf(bundles: readonly CompanyBundle[]) {
  const writer = new BundlePageWriter();
  const paged = bundles.map((bundle) => writer.paged(bundle));
  return { paged, shared: writer.shared(), industries: writer.industries(newestOf(bundles)) };
}

const peer = (code: string, roe: number | null, revenue: number): IndustryPeer => ({
  code,
  name: `公司${code}`,
  year: 2024,
  revenue,
  financial: false,
  roe,
  roic: null,
  gross_margin: 0.3,
  net_margin: null,
  revenue_growth: null,
  debt_to_assets: null,
  ...NO_MARKET_FIGURES,
});
const PEERS = [peer('600000', 0.2, 50), peer('600001', 0.1, 80), peer('600002', null, 10)];
const MANUFACTURING = '制造业';
const STATISTICS = industryStatisticsOf(MANUFACTURING, PEERS);

/** A bundle of 制造业 with its 行业对比 and the risk-free rates of the engine's table. */
function inIndustry(code: string): CompanyBundle {
  const own = PEERS.find((candidate) => candidate.code === code) ?? null;
  return {
    ...SAMPLE_COMPANY_BUNDLE,
    company: { ...SAMPLE_COMPANY_BUNDLE.company, code, industry: '制造业' },
    waccAssumptions: WACC_ASSUMPTIONS,
    industry_comparison: industryComparisonView({ code, industry: '制造业' }, own, STATISTICS),
  };
}

const WITH_INTERIM: CompanyBundle = {
  ...SAMPLE_COMPANY_BUNDLE,
  statements: { ...SAMPLE_COMPANY_BUNDLE.statements, interims: { '2024-09-30': { Inventories: 0.1 + 0.2 } } },
};

describe('the statements of a page of bundles', () => {
  it('name each item once a page, and come back as the one-company bundle, interim reports too', () => {
    const { paged, shared, industries } = pageOf([WITH_INTERIM, ICBC_BUNDLE]);
    expect(new Set(shared.statement_items).size).toBe(shared.statement_items.length);
    expect(paged.map((bundle) => bundleOfPage(bundle, shared, industries))).toEqual([WITH_INTERIM, ICBC_BUNDLE]);
  });

  it('a figure that names no item of the page, or lacks its value, makes the bundle unreadable', () => {
    const { paged, shared, industries } = pageOf([SAMPLE_COMPANY_BUNDLE]);
    const bundle = paged[0] as PagedCompanyBundle;
    const [year = ''] = Object.keys(bundle.statements.years);
    const withFigures = (figures: number[]): PagedCompanyBundle => ({
      ...bundle,
      statements: { ...bundle.statements, years: { ...bundle.statements.years, [year]: figures } },
    });
    for (const figures of [[shared.statement_items.length, 1], [-1, 1], [0.5, 1], [0]]) {
      expect(bundleOfPage(withFigures(figures), shared, industries), JSON.stringify(figures)).toBeNull();
    }
  });
});

/** A page of `bundles` written as JSON, as the server writes it, and read back as a client parses it. */
function jsonPageOf(bundles: readonly CompanyBundle[], writer: BundlePageWriter) {
  const paged = bundles.map((bundle) => JSON.parse(writer.json(bundle)) as PagedCompanyBundle);
  return { paged, shared: writer.shared(), industries: writer.industries(newestOf(bundles)) };
}

/** A bundle whose report names an item outside the canonical ones (as an unknown layout's row would). */
function withOtherItem(name: string): CompanyBundle {
  const year = { ...SAMPLE_COMPANY_BUNDLE.statements.years[2023], [name]: 1.5 } as StatementYear;
  return { ...SAMPLE_COMPANY_BUNDLE, statements: { ...SAMPLE_COMPANY_BUNDLE.statements, years: { 2023: year } } };
}

describe('a page written as JSON with the reports of earlier pages', () => {
  it('is the page `paged` gives, and its bundles come back whole', () => {
    const bundles = [WITH_INTERIM, ICBC_BUNDLE, inIndustry('600000')];
    const { paged, shared, industries } = jsonPageOf(bundles, new BundlePageWriter());
    expect(paged).toEqual(JSON.parse(JSON.stringify(pageOf(bundles).paged)));
    expect(paged.map((bundle) => bundleOfPage(bundle, shared, industries))).toEqual(bundles);
  });

  it("writes a company's reports once for every page after, wherever it stands in them", () => {
    const memo: PagedReportsMemo = new WeakMap();
    const first = new BundlePageWriter(memo);
    first.json(WITH_INTERIM);
    expect(memo.has(WITH_INTERIM.statements)).toBe(true);
    const written = memo.get(WITH_INTERIM.statements);
    const { paged, shared, industries } = jsonPageOf([ICBC_BUNDLE, WITH_INTERIM], new BundlePageWriter(memo));
    expect(memo.get(WITH_INTERIM.statements)).toBe(written);
    expect(paged.map((bundle) => bundleOfPage(bundle, shared, industries))).toEqual([ICBC_BUNDLE, WITH_INTERIM]);
  });

  it('keeps no reports that name other items: their numbers depend on the page', () => {
    const memo: PagedReportsMemo = new WeakMap();
    const one = withOtherItem('other_one');
    const two = withOtherItem('other_two');
    jsonPageOf([one, two], new BundlePageWriter(memo));
    expect(memo.has(one.statements)).toBe(false);
    const { paged, shared, industries } = jsonPageOf([two, one], new BundlePageWriter(memo));
    expect(paged.map((bundle) => bundleOfPage(bundle, shared, industries))).toEqual([two, one]);
  });
});

describe('what a page gives once, and the industries given apart', () => {
  it('the risk-free rates once a page, each industry once, each bundle whole again with its own figures and percentiles', () => {
    const bundles = [inIndustry('600000'), inIndustry('600001'), inIndustry('600002')];
    const { paged, shared, industries } = pageOf(bundles);
    expect(Object.keys(industries.industries)).toEqual(['制造业']);
    expect(Object.keys(industries.comparisons)).toEqual(['制造业']);
    expect(Object.keys(industries.comparisons[MANUFACTURING] ?? {})).toEqual(['600000', '600001', '600002']);
    expect(JSON.stringify(industries.comparisons)).not.toContain('label');
    // Each percentile as whole half ranks: 600000's ROE of 0.2 is above the one other ROE (600001's 0.1).
    expect(industries.comparisons[MANUFACTURING]?.['600000']?.slice(0, 2)).toEqual([0.2, 3]);
    expect(shared.risk_free_rates).toEqual(WACC_ASSUMPTIONS.riskFreeRates);
    for (const bundle of paged) {
      expect(bundle.waccAssumptions).not.toHaveProperty('riskFreeRates');
      expect(bundle).not.toHaveProperty('industry_comparison');
    }
    expect(paged.map((bundle) => bundleOfPage(bundle, shared, industries))).toEqual(bundles);
  });

  it('a company whose industry the answer lacks, or whose figures do not fit it, is unreadable', () => {
    const { paged, shared, industries } = pageOf([inIndustry('600000')]);
    const bundle = paged[0] as PagedCompanyBundle;
    const comparison = industries.comparisons[MANUFACTURING]?.['600000'];
    if (!comparison) throw new Error('行业对比缺失');
    expect(bundleOfPage(bundle, shared, { ...industries, industries: {} })).toBeNull();
    const short = comparison.slice(1);
    expect(bundleOfPage(bundle, shared, { ...industries, comparisons: { 制造业: { '600000': short } } })).toBeNull();
    // A place that is no whole count of half ranks within its metric's count.
    for (const halves of [0.5, -1, 99]) {
      const misplaced = comparison.map((figure, at) => (at === 1 ? halves : figure));
      expect(
        bundleOfPage(bundle, shared, { ...industries, comparisons: { 制造业: { '600000': misplaced } } }),
        `${halves}`,
      ).toBeNull();
    }
  });

  it('refuses to write a percentile that is no place among its metric’s figures', () => {
    const bundle = inIndustry('600000');
    const comparison = bundle.industry_comparison;
    if (!comparison) throw new Error('行业对比缺失');
    const metrics = comparison.metrics.map((metric, at) => (at === 0 ? { ...metric, percentile: 0.3 } : metric));
    const writer = new BundlePageWriter();
    expect(() => writer.paged({ ...bundle, industry_comparison: { ...comparison, metrics } })).toThrow(/分位/);
  });

  it('a bundle without 行业对比 comes back without it, and one whose 行业对比 is null with null', () => {
    const { industry_comparison: _absent, ...without } = SAMPLE_COMPANY_BUNDLE;
    const withNull: CompanyBundle = { ...ICBC_BUNDLE, industry_comparison: null };
    const { paged, shared, industries } = pageOf([without, withNull]);
    const [absent, none] = paged.map((bundle) => bundleOfPage(bundle, shared, industries));
    expect(absent && Object.hasOwn(absent, 'industry_comparison')).toBe(false);
    expect(none?.industry_comparison).toBeNull();
  });

  it('the bundle’s version is the earlier of its page’s and the industries’ answer’s: never newer than a part', () => {
    const bundle = { ...inIndustry('600000'), version: 40 };
    const writer = new BundlePageWriter();
    const paged = writer.paged(bundle);
    expect(bundleOfPage(paged, writer.shared(), writer.industries(52))?.version).toBe(40);
    expect(bundleOfPage(paged, writer.shared(), writer.industries(12))?.version).toBe(12);
  });

  it('a company filed under another industry than the answer places it in comes back without 行业对比', () => {
    const bundle = inIndustry('600000');
    const writer = new BundlePageWriter();
    const paged = writer.paged(bundle);
    const moved = { ...paged, company: { ...paged.company, industry: '批发和零售业' } };
    const again = bundleOfPage(moved, writer.shared(), writer.industries(bundle.version));
    expect(again && Object.hasOwn(again, 'industry_comparison')).toBe(false);
  });

  it('refuses places of a hostile answer: a count of none or of part of a company', () => {
    const { paged, shared, industries } = pageOf([inIndustry('600000')]);
    const bundle = paged[0] as PagedCompanyBundle;
    const industry = industries.industries[MANUFACTURING];
    if (!industry) throw new Error('行业缺失');
    for (const count of [0, 0.5]) {
      const metrics = industry.metrics.map((metric) => ({ ...metric, count }));
      const hostile = { ...industries, industries: { 制造业: { ...industry, metrics } } };
      expect(bundleOfPage(bundle, shared, hostile), `${count}`).toBeNull();
    }
  });

  it('a page without risk-free rates leaves its bundles without them', () => {
    const { riskFreeRates: _table, ...withoutTable } = SAMPLE_COMPANY_BUNDLE.waccAssumptions;
    const bundle: CompanyBundle = { ...SAMPLE_COMPANY_BUNDLE, waccAssumptions: withoutTable };
    const { paged, shared, industries } = pageOf([bundle]);
    expect(shared.risk_free_rates).toBeNull();
    expect(paged.map((each) => bundleOfPage(each, shared, industries))).toEqual([bundle]);
  });
});
