import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentChangeSeq } from '../db/change-seq.ts';
import { type Database, databaseLocation, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { queryAll } from '../db/query.ts';
import { loadCompanyDirectory, loadIndustries, parseStatementFile, type UnitNeeded } from '../ingest/index.ts';
import { findCompany } from './companies.ts';
import { type ImportContext, importStatementFiles } from './import-statement-file.ts';
import { loadCompanyStatements } from './statements.ts';
import { proposeUnit } from './unit-proposals.ts';

const FIXTURES = new URL('../../../fixtures/', import.meta.url);
const IN_WAN = { unit: '万元', forThisFile: false } as const;

let dir: string;
let db: Database;
let context: ImportContext;

function sina(code: string, statement: 'balancesheet' | 'profitstatement' | 'cashflow') {
  const filename = `${code}${statement}.csv`;
  return { filename, bytes: readFileSync(new URL(`sina/${filename}`, FIXTURES)), unit: IN_WAN };
}

function netease(name: string) {
  return { filename: name, bytes: readFileSync(new URL(`163/${name}`, FIXTURES)) };
}

function rowCount(): number {
  return queryAll<{ n: number }>(db, 'SELECT count(*) AS n FROM statement_values')[0]?.n ?? 0;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fcf-interim-'));
  db = openDatabase(databaseLocation(`file:${join(dir, 'interim.db')}`));
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

describe('interim reports across the files of a batch', () => {
  it("refuses a quarter's balance sheet without its income statement, writing nothing", () => {
    const before = { rows: rowCount(), seq: currentChangeSeq(db) };
    const [result] = importStatementFiles(db, [sina('600585', 'balancesheet')], context);
    expect(result?.success).toBe(false);
    if (result?.success !== false) return;
    expect(result.error).toMatch(
      /^2007 一季报（2007-03-31）、2007 中报（2007-06-30）、2007 三季报（2007-09-30） 等 \d+ 期只有资产负债表，没有同期利润表/,
    );
    expect({ rows: rowCount(), seq: currentChangeSeq(db) }).toEqual(before);
  });

  it('takes the three statements in one batch in any order; interim rows carry their period', () => {
    const results = importStatementFiles(
      db,
      [sina('600585', 'balancesheet'), sina('600585', 'cashflow'), sina('600585', 'profitstatement')],
      context,
    );
    expect(results.map((result) => (result.success ? '' : result.error))).toEqual(['', '', '']);
    const periods = queryAll<{ period: string; n: number }>(
      db,
      `SELECT period, count(*) AS n FROM statement_values WHERE company_code = '600585' GROUP BY period ORDER BY period`,
    );
    expect(periods.map((row) => row.period)).toEqual(['FY', 'H1', 'Q1', 'Q3']);
    const company = findCompany(db, '600585');
    if (!company) throw new Error('600585 not stored');
    const statements = loadCompanyStatements(db, company);
    expect(statements.years[2022]?.operating_revenue).toBeCloseTo(1320.215537, 9);
    expect(statements.interims?.['2023-03-31']?.operating_revenue).toBeCloseTo(313.684544, 9);
    expect(statements.interims?.['2023-03-31']?.cash).toBeCloseTo(600.807883, 9);
  });

  it('keeps the NetEase years when the sample data adds the Sina periods; an upload names what it rewrites', () => {
    for (const name of ['lrb003816.csv', 'zcfzb003816.csv', 'xjllb003816.csv']) {
      expect(importStatementFiles(db, [netease(name)], context)[0]?.success).toBe(true);
    }
    const company = findCompany(db, '003816');
    if (!company) throw new Error('003816 not stored');
    const revenue2015 = loadCompanyStatements(db, company).years[2015]?.operating_revenue;
    const kept = importStatementFiles(
      db,
      [sina('003816', 'profitstatement'), sina('003816', 'balancesheet'), sina('003816', 'cashflow')],
      { ...context, keepStoredReports: true },
    );
    expect(kept.every((result) => result.success && result.warnings.length === 0)).toBe(true);
    const statements = loadCompanyStatements(db, company);
    // 163 shows 2015 as first published (233.04 亿元); Sina the restated 268.40 亿元: the first stays.
    expect(statements.years[2015]?.operating_revenue).toBe(revenue2015);
    expect(statements.years[2022]?.operating_revenue).toBeGreaterThan(800);
    expect(statements.interims?.['2023-03-31']).toBeDefined();

    const replaced = importStatementFiles(db, [sina('003816', 'profitstatement')], context)[0];
    if (!replaced?.success) throw new Error('not imported');
    // Sina's 2011 营业总成本 is a partial restated figure: the upload says so rather than replace it silently.
    expect(replaced.warnings).toEqual([
      expect.stringMatching(/^改写了已有数据：2011 年报营业总成本 109\.2737 → 25\.57；.* 等 \d+ 项（以本文件为准/),
    ]);
  });
});

describe('the unit proposed for a file that states none', () => {
  function needed(): UnitNeeded {
    const outcome = parseStatementFile(
      '600519profitstatement.csv',
      readFileSync(new URL('sina/600519profitstatement.csv', FIXTURES)),
      context.directory,
    );
    if (outcome.ok || !outcome.unitNeeded) throw new Error('a unit was not asked for');
    return outcome.unitNeeded;
  }

  it('infers it from the magnitude when the server has nothing to check it against', () => {
    expect(proposeUnit(db, needed())).toEqual({
      unit: '万元',
      reason: '按数值推断为万元：营业收入 12,409,984.38 → 1,241 亿元（暂无可核对的已有数据）',
    });
  });

  it("checks it against the company's financial summary", () => {
    const summary = {
      filename: '600519 主要财务指标.csv',
      bytes: Buffer.from('报告日期,2022-12-31\n营业收入(亿元),1240.998\n'),
    };
    expect(importStatementFiles(db, [summary], context)[0]?.success).toBe(true);
    expect(proposeUnit(db, needed())).toEqual({
      unit: '万元',
      reason: '按数值推断为万元：营业收入 12,409,984.38 → 1,241 亿元，与财务摘要一致',
    });
  });
});
