import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextChangeSeq } from '../db/change-seq.ts';
import { transaction } from '../db/database.ts';
import { execute, queryOne } from '../db/query.ts';
import { type FixtureCompanies, seedFixtureCompanies } from '../testing/fixture-companies.ts';
import type { CompanyRecord } from './companies.ts';
import { statementsOfCompanies } from './kept-statements.ts';
import { removeUploadedFile } from './removal.ts';
import { loadCompanyStatements } from './statements.ts';

let fixtures: FixtureCompanies;
beforeAll(() => {
  fixtures = seedFixtureCompanies();
});
afterAll(() => fixtures.close());

/** The first `count` fixture companies in code order, as a page of the offline download has them. */
function page(count: number): CompanyRecord[] {
  return [...fixtures.companies].sort((a, b) => a.code.localeCompare(b.code)).slice(0, count);
}

/** Each company's statements as read now, straight from the figures. */
function readNow(companies: readonly CompanyRecord[]) {
  return new Map(companies.map((company) => [company.code, loadCompanyStatements(fixtures.db, company)]));
}

/** One figure of the company one higher, written as an upload writes it (a new change sequence number). */
function changeOneFigure(code: string): void {
  const row = queryOne<{ report_type: string; year: number; period: string; item: string }>(
    fixtures.db,
    'SELECT report_type, year, period, item FROM statement_values WHERE company_code = ? AND deleted = 0 AND value IS NOT NULL',
    code,
  );
  transaction(fixtures.db, () =>
    execute(
      fixtures.db,
      `UPDATE statement_values SET value = value + 1, change_seq = ?
       WHERE company_code = ? AND report_type = ? AND year = ? AND period = ? AND item = ?`,
      nextChangeSeq(fixtures.db),
      code,
      row?.report_type,
      row?.year,
      row?.period,
      row?.item,
    ),
  );
}

describe("the download pages' statements, kept per company", () => {
  it('are what a read gives, and the same objects again while no figure changed', () => {
    const companies = page(6);
    const first = statementsOfCompanies(fixtures.db, companies);
    expect(first).toEqual(readNow(companies));
    const again = statementsOfCompanies(fixtures.db, companies);
    for (const company of companies) expect(again.get(company.code)).toBe(first.get(company.code));
  });

  it('are read again for a company whose figure changed, and for no other', () => {
    const companies = page(6);
    const before = statementsOfCompanies(fixtures.db, companies);
    const [changed, ...others] = companies;
    if (!changed) throw new Error('no fixture company');
    changeOneFigure(changed.code);
    const after = statementsOfCompanies(fixtures.db, companies);
    expect(after.get(changed.code)).not.toEqual(before.get(changed.code));
    expect(after).toEqual(readNow(companies));
    for (const company of others) expect(after.get(company.code)).toBe(before.get(company.code));
  });

  it("follow a removed file's figures and a company's new name", () => {
    const companies = page(6);
    statementsOfCompanies(fixtures.db, companies);
    const file = queryOne<{ file_id: number }>(
      fixtures.db,
      'SELECT file_id FROM statement_values WHERE company_code = ? AND deleted = 0 AND file_id IS NOT NULL',
      companies[1]?.code,
    );
    if (file) transaction(fixtures.db, () => removeUploadedFile(fixtures.db, file.file_id));
    const renamed = companies.map((company, index) =>
      index === 2 ? { ...company, name: `${company.name}（新）` } : company,
    );
    expect(statementsOfCompanies(fixtures.db, renamed)).toEqual(readNow(renamed));
    expect(statementsOfCompanies(fixtures.db, renamed).get(renamed[2]?.code ?? '')?.name).toMatch(/（新）$/);
  });
});

describe('the whole table unchanged', () => {
  it("keeps a page's statements when a figure of a company outside it changes, and reads a changed one again", () => {
    const companies = page(4);
    const outside = [...fixtures.companies].sort((a, b) => a.code.localeCompare(b.code))[5];
    if (!outside) throw new Error('too few fixture companies');
    const before = statementsOfCompanies(fixtures.db, companies);
    changeOneFigure(outside.code);
    const after = statementsOfCompanies(fixtures.db, companies);
    for (const company of companies) expect(after.get(company.code)).toBe(before.get(company.code));
    changeOneFigure(companies[0]?.code ?? '');
    const changed = statementsOfCompanies(fixtures.db, companies);
    expect(changed).toEqual(readNow(companies));
    expect(changed.get(companies[0]?.code ?? '')).not.toBe(before.get(companies[0]?.code ?? ''));
    expect(changed.get(companies[1]?.code ?? '')).toBe(before.get(companies[1]?.code ?? ''));
  });

  it("compares no company's fingerprint while the table's highest change sequence number stands", () => {
    const companies = page(3);
    const [first] = companies;
    if (!first) throw new Error('no fixture company');
    const before = statementsOfCompanies(fixtures.db, companies);
    // A row written past the counter (no write path does this: each takes a new, higher number) adds to the
    // company's fingerprint but leaves the table's highest number where it was: the kept statements stand.
    const row = queryOne<{ report_type: string; year: number; period: string }>(
      fixtures.db,
      'SELECT report_type, year, period FROM statement_values WHERE company_code = ? AND deleted = 0',
      first.code,
    );
    transaction(fixtures.db, () =>
      execute(
        fixtures.db,
        `INSERT INTO statement_values (company_code, report_type, year, period, item, value, file_id, change_seq)
         VALUES (?, ?, ?, ?, 'past_the_counter', 1, NULL, 0)`,
        first.code,
        row?.report_type,
        row?.year,
        row?.period,
      ),
    );
    expect(statementsOfCompanies(fixtures.db, companies).get(first.code)).toBe(before.get(first.code));
    // Once any figure is written as a write path writes it, the fingerprints are compared again.
    changeOneFigure([...fixtures.companies].sort((a, b) => a.code.localeCompare(b.code))[5]?.code ?? '');
    expect(statementsOfCompanies(fixtures.db, companies).get(first.code)).not.toBe(before.get(first.code));
  });
});
