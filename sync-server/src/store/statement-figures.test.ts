import { STATEMENT_ITEMS } from '@fcf/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextChangeSeq } from '../db/change-seq.ts';
import { transaction } from '../db/database.ts';
import { execute, queryAll } from '../db/query.ts';
import { type FixtureCompanies, seedFixtureCompanies } from '../testing/fixture-companies.ts';
import { loadCompanyStatements, type StatementValueRow, statementsFromRows } from './statements.ts';

let fixtures: FixtureCompanies;
beforeAll(() => {
  fixtures = seedFixtureCompanies();
});
afterAll(() => fixtures.close());

/** The figures read row by row, as the driver gives each double: what the JSON read must equal. */
function rowByRow(code: string): StatementValueRow[] {
  return queryAll<StatementValueRow>(
    fixtures.db,
    'SELECT report_type, year, period, item, value FROM statement_values WHERE company_code = ? AND deleted = 0',
    code,
  );
}

describe("a company's figures read as one JSON array", () => {
  it("are every fixture company's figures exactly as read row by row", () => {
    const { db, companies } = fixtures;
    expect(companies.length).toBeGreaterThan(30);
    for (const company of companies) {
      expect(loadCompanyStatements(db, company), company.name).toEqual(
        statementsFromRows(company, rowByRow(company.code)),
      );
    }
  });

  it('give back the very double stored, of any number of digits, and leave out a figure without a value', () => {
    const { db, companies } = fixtures;
    const company = companies[0];
    if (!company) throw new Error('no fixture company');
    const awkward = [0.1 + 0.2, 1 / 3, -2 / 7, 123456789.12345679, 5e-324, 1.7976931348623157e308, 1e-7 / 3];
    const items = STATEMENT_ITEMS.slice(0, awkward.length);
    transaction(db, () => {
      const seq = nextChangeSeq(db);
      for (const [index, value] of awkward.entries()) {
        execute(
          db,
          `INSERT INTO statement_values (company_code, report_type, year, period, item, value, change_seq)
           VALUES (?, 'income_statement', 2098, 'FY', ?, ?, ?)`,
          company.code,
          items[index],
          value,
          seq,
        );
      }
      execute(
        db,
        `INSERT INTO statement_values (company_code, report_type, year, period, item, value, change_seq)
         VALUES (?, 'income_statement', 2097, 'FY', ?, NULL, ?)`,
        company.code,
        items[0],
        seq,
      );
    });
    const read = loadCompanyStatements(db, company);
    expect(read).toEqual(statementsFromRows(company, rowByRow(company.code)));
    const year = read.years[2098] as Record<string, number>;
    expect(items.map((item) => year[item])).toEqual(awkward);
    expect(read.years[2097]).toBeUndefined();
  });
});
