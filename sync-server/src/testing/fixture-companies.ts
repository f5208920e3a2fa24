import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CompanyStatements, type CompanyValuation, type CompanyValuationInput, valueCompany } from '@fcf/engine';
import { type Database, databaseLocation, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { queryAll } from '../db/query.ts';
import { loadCompanyDirectory, loadIndustries } from '../ingest/index.ts';
import { seedFixtures } from '../seed/seed-fixtures.ts';
import type { CompanyRecord } from '../store/companies.ts';
import { loadCompanyStatements } from '../store/statements.ts';
import { loadCompanyContext, loadWaccAssumptions } from '../valuation/stored-inputs.ts';

export const FIXTURES_DIR = new URL('../../../fixtures/', import.meta.url).pathname;
/** The valuation date: 30 June 2021 is exactly 18 months after the 2019 reports, and more after 2018's. */
export const FIXTURE_TODAY = new Date('2021-06-30T12:00:00Z');

/** Every company of fixtures/, seeded into a fresh database as `npm start` seeds them. */
export interface FixtureCompanies {
  readonly db: Database;
  readonly companies: CompanyRecord[];
  readonly industries: Map<string, string>;
  statementsOf(code: string): CompanyStatements;
  /** The company valued as the server values it (context and WACC inputs from the database), with `extra`. */
  value(
    company: CompanyRecord,
    statements: CompanyStatements,
    extra?: Partial<CompanyValuationInput>,
  ): CompanyValuation;
  close(): void;
}

export function seedFixtureCompanies(): FixtureCompanies {
  const dir = mkdtempSync(join(tmpdir(), 'fcf-fixture-valuations-'));
  const db = openDatabase(databaseLocation(`file:${join(dir, 'fixtures.db')}`));
  migrate(db);
  const industries = loadIndustries(readFileSync(join(FIXTURES_DIR, 'market/industryCoding.csv')));
  seedFixtures(db, FIXTURES_DIR, {
    directory: loadCompanyDirectory(readFileSync(join(FIXTURES_DIR, 'market/fullStockList.csv'))),
    industries,
    uploadedBy: 'test',
  });
  const companies = queryAll<CompanyRecord>(db, 'SELECT code, name, industry FROM companies ORDER BY code');
  const statements = new Map<string, CompanyStatements>();
  for (const company of companies) statements.set(company.code, loadCompanyStatements(db, company));
  return {
    db,
    companies,
    industries,
    statementsOf(code) {
      const found = statements.get(code);
      if (!found) throw new Error(`no statements of ${code}`);
      return found;
    },
    value(company, companyStatements, extra = {}) {
      return valueCompany({
        statements: companyStatements,
        ...loadCompanyContext(db, company, FIXTURE_TODAY),
        waccAssumptions: loadWaccAssumptions(db, company),
        ...extra,
      });
    },
    close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
