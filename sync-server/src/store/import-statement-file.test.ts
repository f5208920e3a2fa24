import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPORT_TYPES, type ReportType } from '@fcf/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentChangeSeq } from '../db/change-seq.ts';
import { type Database, databaseLocation, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { loadCompanyDirectory, loadIndustries } from '../ingest/index.ts';
import { findCompany } from './companies.ts';
import { type ImportContext, type ImportResult, importStatementFile } from './import-statement-file.ts';
import { loadCompanyStatements, reportTypesOf } from './statements.ts';

const FIXTURES = new URL('../../../fixtures/', import.meta.url);
const NETEASE_DIR = new URL('163/', FIXTURES);
const WORKBOOK_DIR = new URL('workbooks/', FIXTURES);

const REPORT_TYPE_BY_PREFIX: Record<string, ReportType> = {
  lrb: 'income_statement',
  zcfzb: 'balance_sheet',
  xjllb: 'cash_flow',
};

/** Companies of fixtures/163 without a cash-flow statement file. */
const WITHOUT_CASH_FLOW = ['002352', '600233'];

interface ValueRow {
  company_code: string;
  report_type: string;
  year: number;
  item: string;
  file_id: number | null;
  version: number;
  change_seq: number;
}

let dir: string;
let db: Database;
let context: ImportContext;
const results = new Map<string, ImportResult>();

function count(table: string): number {
  const rows = db.prepare(`SELECT count(*) AS n FROM ${table}`).all([]) as { n: number }[];
  return rows[0]?.n ?? 0;
}

function snapshot() {
  return {
    statement_values: count('statement_values'),
    uploaded_files: count('uploaded_files'),
    companies: count('companies'),
    change_seq: currentChangeSeq(db),
  };
}

function valueRows(companyCode: string, reportType?: ReportType): ValueRow[] {
  const sql = `SELECT company_code, report_type, year, item, file_id, version, change_seq FROM statement_values
     WHERE company_code = ?${reportType ? ' AND report_type = ?' : ''} ORDER BY report_type, year, item`;
  return db.prepare(sql).all(reportType ? [companyCode, reportType] : [companyCode]) as ValueRow[];
}

function importFixture(url: URL, filename: string): ImportResult {
  return importStatementFile(db, filename, readFileSync(new URL(filename, url)), context);
}

const neteaseFiles = readdirSync(NETEASE_DIR)
  .filter((name) => name.endsWith('.csv'))
  .sort();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fcf-import-'));
  db = openDatabase(databaseLocation(`file:${join(dir, 'import.db')}`));
  migrate(db);
  context = {
    directory: loadCompanyDirectory(readFileSync(new URL('market/fullStockList.csv', FIXTURES))),
    industries: loadIndustries(readFileSync(new URL('market/industryCoding.csv', FIXTURES))),
    uploadedBy: 'test',
  };
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('importing fixtures/163 into an empty database', () => {
  it('imports every one of the 34 files', () => {
    expect(neteaseFiles).toHaveLength(34);
    for (const name of neteaseFiles) {
      const result = importFixture(NETEASE_DIR, name);
      results.set(name, result);
      expect(result.success ? '' : result.error, name).toBe('');
    }
    expect(count('uploaded_files')).toBe(34);
    expect(count('companies')).toBe(12);
  });

  it('reports the company, the report type and the years of each file', () => {
    for (const [name, result] of results) {
      if (!result.success) throw new Error(name);
      const [, prefix, code] = /^([a-z]+)(\d{6})\.csv$/.exec(name) ?? [];
      expect(result.company.code, name).toBe(code);
      expect(result.reportTypes, name).toEqual([REPORT_TYPE_BY_PREFIX[prefix ?? '']]);
      expect(result.years.length, name).toBeGreaterThan(5);
      expect(result.recognised, name).toBeGreaterThan(3);
      expect(result.fileId, name).toBeGreaterThan(0);
    }
  });

  it('creates the companies with the directory names and the 国标 industries', () => {
    expect(findCompany(db, '600298')).toEqual({ code: '600298', name: '安琪酵母', industry: '制造业' });
    expect(findCompany(db, '2027')).toEqual({ code: '002027', name: '分众传媒', industry: '租赁和商务服务业' });
    expect(findCompany(db, '顺丰控股')).toEqual({
      code: '002352',
      name: '顺丰控股',
      industry: '交通运输、仓储和邮政业',
    });
    const rows = db.prepare('SELECT code, name, industry, version, change_seq FROM companies').all([]) as {
      code: string;
      name: string;
      industry: string;
      version: number;
      change_seq: number;
    }[];
    for (const row of rows) {
      expect(row.name.length, row.code).toBeGreaterThan(1);
      expect(row.industry, row.code).not.toBe('其他');
      // One company, written once, however many of its files were imported.
      expect(row.version, row.code).toBe(1);
      expect(row.change_seq, row.code).toBeGreaterThan(0);
    }
  });

  it('gives 3 report types to most companies and 2 to those without a cash-flow statement', () => {
    const codes = [...new Set(neteaseFiles.map((name) => /(\d{6})/.exec(name)?.[1] ?? ''))];
    for (const code of codes) {
      const expected: ReportType[] = WITHOUT_CASH_FLOW.includes(code)
        ? ['income_statement', 'balance_sheet']
        : ['income_statement', 'balance_sheet', 'cash_flow'];
      expect(reportTypesOf(db, code), code).toEqual(expected);
    }
  });

  it('merges the report types of a company for the engine', () => {
    const company = findCompany(db, '600298');
    if (!company) throw new Error('no 600298');
    const statements = loadCompanyStatements(db, company);
    expect(statements).toMatchObject({ code: '600298', name: '安琪酵母' });
    const year = statements.years[2019];
    // One item from each statement, in 亿元.
    expect(year?.operating_revenue).toBeCloseTo(76.5, 0);
    expect(year?.Inventories).toBeGreaterThan(0);
    expect(year?.Cash_Paid_For_Acquisition_Assets).toBeGreaterThan(0);
    expect(year?.share_capital).toBeCloseTo(8.2408, 4);

    const sf = findCompany(db, '002352');
    if (!sf) throw new Error('no 002352');
    const sfYear = loadCompanyStatements(db, sf).years[2018];
    expect(sfYear?.operating_revenue).toBeGreaterThan(0);
    expect(sfYear?.Cash_Paid_For_Acquisition_Assets).toBeUndefined();
  });

  it('stores file_id, version and change_seq on every value row', () => {
    const rows = db.prepare('SELECT file_id, version, change_seq FROM statement_values').all([]) as {
      file_id: number | null;
      version: number | null;
      change_seq: number | null;
    }[];
    expect(rows.length).toBeGreaterThan(5000);
    const fileIds = new Set(
      (db.prepare('SELECT id FROM uploaded_files').all([]) as { id: number }[]).map((row) => row.id),
    );
    for (const row of rows) {
      expect(fileIds.has(row.file_id ?? -1)).toBe(true);
      expect(row.version).toBe(1);
      expect(row.change_seq).toBeGreaterThan(0);
    }
    const max = db.prepare('SELECT max(change_seq) AS m FROM statement_values').all([]) as { m: number }[];
    expect(max[0]?.m).toBeLessThanOrEqual(currentChangeSeq(db));
  });

  it('re-importing the same file changes no version (idempotent)', () => {
    const before = valueRows('600298', 'income_statement');
    const result = importFixture(NETEASE_DIR, 'lrb600298.csv');
    expect(result.success).toBe(true);
    const after = valueRows('600298', 'income_statement');
    expect(after.length).toBe(before.length);
    expect(after.map((row) => [row.year, row.item, row.version, row.change_seq])).toEqual(
      before.map((row) => [row.year, row.item, row.version, row.change_seq]),
    );
    expect(findCompany(db, '600298')?.name).toBe('安琪酵母');
  });
});

describe('a file that cannot be imported', () => {
  it.each([
    ['garbage bytes', 'x.csv', Uint8Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256)],
    ['an empty file', 'empty.csv', new Uint8Array(0)],
    ['a blank CSV', 'blank.csv', new TextEncoder().encode('\n\n,,,\n')],
    ['text named .xlsx', 'x.xlsx', new TextEncoder().encode('this is not a workbook')],
    ['an unsupported extension', 'lrb600298.txt', readFileSync(new URL('lrb600298.csv', NETEASE_DIR))],
    [
      'only half-year columns of a company without annual reports',
      'lrb688999.csv',
      new TextEncoder().encode('报告日期,2019-06-30,2018-06-30\n营业收入(万元),100,90\n'),
    ],
    [
      'no known item',
      'lrb600298.csv',
      new TextEncoder().encode('报告日期,2019-12-31,2018-12-31\n天气(万元),1,2\n心情(万元),3,4\n'),
    ],
  ])('%s (%s): success false with a Chinese error, and nothing changes', (_label, filename, bytes) => {
    const before = snapshot();
    const result = importStatementFile(db, filename, bytes, context);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.filename).toBe(filename);
    expect(result.error).toMatch(/[\u4e00-\u9fff]/);
    expect(snapshot()).toEqual(before);
  });
});

describe('a failure while storing', () => {
  it('rolls the whole file back: no company, no file record, no value, no change_seq', () => {
    const failing = openDatabase(databaseLocation(`file:${join(dir, 'failing.db')}`));
    try {
      migrate(failing);
      // The database refuses one item half-way through the file's rows.
      failing.exec(`CREATE TRIGGER refuse_net_profit BEFORE INSERT ON statement_values
        WHEN NEW.item = 'net_profit' BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
      const bytes = readFileSync(new URL('lrb600298.csv', NETEASE_DIR));
      expect(() => importStatementFile(failing, 'lrb600298.csv', bytes, context)).toThrow(/disk full/);
      const counts = failing
        .prepare(
          `SELECT (SELECT count(*) FROM companies) AS companies, (SELECT count(*) FROM uploaded_files) AS files,
             (SELECT count(*) FROM statement_values) AS "values", (SELECT seq FROM change_counter) AS seq`,
        )
        .all([]);
      expect(counts).toEqual([{ companies: 0, files: 0, values: 0, seq: 0 }]);
    } finally {
      failing.close();
    }
  });
});

describe('importing fixtures/workbooks', () => {
  const workbooks = readdirSync(WORKBOOK_DIR)
    .filter((name) => /\.xlsx?$/.test(name))
    .sort();

  it('imports every workbook, with all four report types for 000333 美的集团', () => {
    expect(workbooks.length).toBeGreaterThan(0);
    for (const name of workbooks) {
      const result = importFixture(WORKBOOK_DIR, name);
      expect(result.success ? '' : result.error, name).toBe('');
    }
    expect(findCompany(db, '000333')).toEqual({ code: '000333', name: '美的集团', industry: '制造业' });
    expect(reportTypesOf(db, '000333')).toEqual([...REPORT_TYPES]);
    const midea = valueRows('000333');
    expect(new Set(midea.map((row) => row.report_type))).toEqual(new Set(REPORT_TYPES));
    expect(Math.max(...midea.map((row) => row.year))).toBe(2024);
  });
});
