import { PEER_YEARS, peerFiguresOf } from '@fcf/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureCompanies, seedFixtureCompanies } from '../testing/fixture-companies.ts';
import { loadCompanyStatements, loadLatestAnnualStatements } from './statements.ts';

let fixtures: FixtureCompanies;
beforeAll(() => {
  fixtures = seedFixtureCompanies();
});
afterAll(() => fixtures.close());

describe('the latest annual reports alone', () => {
  it('are the last years of every annual report, and give 行业对比 the same figures (every fixture company)', () => {
    const { db, companies } = fixtures;
    expect(companies.length).toBeGreaterThan(30);
    for (const company of companies) {
      const annual = loadCompanyStatements(db, company, undefined, true);
      const latest = loadLatestAnnualStatements(db, company, PEER_YEARS);
      const lastYears = Object.keys(annual.years)
        .map(Number)
        .sort((a, b) => a - b)
        .slice(-PEER_YEARS);
      expect(latest, company.name).toEqual({
        ...annual,
        years: Object.fromEntries(lastYears.map((year) => [year, annual.years[year]])),
      });
      expect(peerFiguresOf(latest, company.industry), company.name).toEqual(peerFiguresOf(annual, company.industry));
    }
  });
});
