import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INGEST_ERRORS, mixedUnitsMessage, unitConflictMessage } from './errors.ts';
import { type IngestOutcome, type ParsedStatementFile, parseStatementFile } from './parse-statement-file.ts';
import { FIXTURES_URL, fixtureDirectory, readFixture, utf8Bytes } from './testing/ingest-fixtures.ts';

/** The Sina Finance exports of fixtures/sina (../shared/data/README.md): 万元, stated nowhere. */
const SINA_FILES = readdirSync(new URL('sina/', FIXTURES_URL))
  .filter((name) => /^\d{6}\w+\.csv$/.test(name))
  .sort();
const IN_WAN = { unit: '万元', forThisFile: false } as const;

function parseSina(name: string): IngestOutcome {
  return parseStatementFile(name, readFixture(`sina/${name}`), fixtureDirectory(), IN_WAN);
}

function parsed(outcome: IngestOutcome): ParsedStatementFile {
  if (!outcome.ok) throw new Error(`${outcome.filename}: ${outcome.error}`);
  return outcome.file;
}

function reportOf(file: ParsedStatementFile) {
  const [report] = file.reports;
  if (!report) throw new Error(`${file.filename}: no report`);
  return report;
}

describe('the Sina layout', () => {
  it('reads all 99 files of the 33 companies, quarters as interim reports, with the unit chosen once', () => {
    expect(SINA_FILES).toHaveLength(99);
    const files = SINA_FILES.map((name) => parsed(parseSina(name)));
    expect(new Set(files.map((file) => file.company.code)).size).toBe(33);
    for (const file of files) {
      expect(file.reports).toHaveLength(1);
      expect(Object.keys(reportOf(file).interims ?? {}).length).toBeGreaterThan(0);
      expect(file.warnings).toEqual([]);
    }
  });

  it('asks for the unit of a file that states none, with the figures to propose one from', () => {
    const outcome = parseStatementFile(
      '600519profitstatement.csv',
      readFixture('sina/600519profitstatement.csv'),
      fixtureDirectory(),
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error).toBe(INGEST_ERRORS.unknownUnit);
    expect(outcome.unitNeeded).toEqual({
      company: { code: '600519', name: '贵州茅台' },
      samples: [{ item: 'operating_revenue', year: 2022, period: 'FY', raw: 12409984.38 }],
    });
  });

  it('converts 万元 to 亿元, year-to-date by period end, and reads 0.0 as not reported', () => {
    const report = reportOf(parsed(parseSina('600519profitstatement.csv')));
    expect(report.reportType).toBe('income_statement');
    expect(report.years[2022]?.operating_revenue).toBeCloseTo(1240.998438, 9);
    expect(report.interims?.['2022-09-30']?.operating_revenue).toBeCloseTo(871.602328, 9);
    const balance = reportOf(parsed(parseSina('600519balancesheet.csv')));
    // 预收款项 is 0.0 from 2020 on (its successor 合同负债 is not in the export): not reported, not zero.
    expect(balance.years[2022]).not.toHaveProperty('Advances_From_Customers');
    expect(balance.years[2019]?.Advances_From_Customers).toBeGreaterThan(0);
  });

  it('takes 应收票据及应收账款 for 应收账款 only where neither is reported, and lists unmapped lines', () => {
    const file = parsed(parseSina('003816balancesheet.csv'));
    const report = reportOf(file);
    const combined = 'Accounts_Receivable';
    // 2019-03-31 carries only the sum; 2022-12-31 the two lines.
    expect(report.interims?.['2019-03-31']?.[combined]).toBeGreaterThan(0);
    expect(report.interims?.['2019-03-31']).not.toHaveProperty('Notes_Receivable');
    expect(file.recognised).toContain('应收票据及应收账款');
    expect(file.unrecognised).toContain('应收利息');
  });

  it("maps a bank's lines: 利息净收入, 客户存款(吸收存款), 发放贷款及垫款", () => {
    const income = reportOf(parsed(parseSina('601398profitstatement.csv')));
    const balance = reportOf(parsed(parseSina('601398balancesheet.csv')));
    expect(income.years[2022]?.net_interest_income).toBeGreaterThan(6000);
    expect(income.years[2022]?.net_profit_parent).toBeGreaterThan(3000);
    expect(balance.years[2022]?.customer_deposits).toBeGreaterThan(250000);
    expect(balance.years[2022]?.loans_and_advances).toBeGreaterThan(200000);
    expect(balance.years[2022]?.parent_equity).toBeGreaterThan(30000);
  });
});

describe('interim columns in other layouts', () => {
  it('reads an export in 元 with thousands separators, 2013年度 and 2014年1-9月 columns', () => {
    const text = '项目,2014年1-9月,2013年度\n营业收入,"23,452,690,123.45","31,071,018,540.00"\n';
    const outcome = parseStatementFile('贵州茅台 利润表.csv', utf8Bytes(text), fixtureDirectory(), {
      unit: '元',
      forThisFile: true,
    });
    const report = reportOf(parsed(outcome));
    expect(report.years[2013]?.operating_revenue).toBeCloseTo(310.7101854, 9);
    expect(report.interims?.['2014-09-30']?.operating_revenue).toBeCloseTo(234.5269012345, 9);
  });

  it('names a year-to-date figure that falls, and imports the file', () => {
    const text = '报告日期,2022-06-30,2022-09-30\n营业收入(万元),20000,15000\n';
    const file = parsed(parseStatementFile('lrb600298.csv', utf8Bytes(text), fixtureDirectory()));
    expect(file.warnings).toEqual([
      '2022 三季报（2022-09-30）的营业收入（1.5 亿元）小于 2022 中报（2022-06-30）的 2 亿元：年初至今的累计数不应减少，请核对这两期的数据',
    ]);
  });
});

describe('units that cannot be read', () => {
  it('refuses a file that states a unit for some amounts and none for others', () => {
    const text = '报告日期,2022-12-31\n营业收入(万元),200\n营业成本,150\n';
    const outcome = parseStatementFile('lrb600298.csv', utf8Bytes(text), fixtureDirectory(), IN_WAN);
    expect(outcome.ok ? '' : outcome.error).toBe(mixedUnitsMessage(['万元']));
  });

  it('refuses a unit chosen for a file that states another; a unit chosen for all applies only where none is', () => {
    const bytes = readFixture('163/lrb600298.csv');
    const chosen = parseStatementFile('lrb600298.csv', bytes, fixtureDirectory(), { unit: '元', forThisFile: true });
    expect(chosen.ok ? '' : chosen.error).toBe(unitConflictMessage('万元', '元'));
    const forAll = parseStatementFile('lrb600298.csv', bytes, fixtureDirectory(), { unit: '元', forThisFile: false });
    expect(parsed(forAll).reports[0]?.years[2019]?.operating_revenue).toBeCloseTo(76.5275, 9);
  });
});
