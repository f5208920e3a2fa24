import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../db/database.ts';
import { execute } from '../db/query.ts';
import { importCounts } from '../testing/import-counts.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { CompanyNameError, findCompany, MAX_COMPANY_NAME_LENGTH, upsertCompany } from './companies.ts';
import { importStatementFile } from './import-statement-file.ts';
import { removeCompany } from './removal.ts';

/** Company names identify companies (links, search): unique among live companies, at most 50 characters. */

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

function upsert(code: string, name: string) {
  return () => transaction(platform.db, () => upsertCompany(platform.db, { code, name }));
}

describe('company names', () => {
  it('refuses a second company of the same name, naming the code that has it, and changes nothing', () => {
    const before = importCounts(platform.db);
    expect(upsert('999999', '美的集团')).toThrow(CompanyNameError);
    expect(upsert('999999', '美的集团')).toThrow(
      '公司名称“美的集团”已被股票代码 000333 使用：同名公司不能重复，请核对文件中的股票代码或公司名称',
    );
    // As lookups do, ASCII case does not make a name another one.
    transaction(platform.db, () => upsertCompany(platform.db, { code: '999998', name: 'ABC科技' }));
    expect(upsert('999997', 'abc科技')).toThrow('已被股票代码 999998 使用');
    // Renaming onto a taken name is refused too; keeping one's own name is not a clash.
    expect(upsert('999998', '格力电器')).toThrow('已被股票代码 000651 使用');
    expect(upsert('000333', '美的集团')).not.toThrow();
    expect(findCompany(platform.db, '美的集团')?.code).toBe('000333');
    expect(importCounts(platform.db).companies).toBe(before.companies + 1);
  });

  it("frees a deleted company's name", () => {
    transaction(platform.db, () => upsertCompany(platform.db, { code: '999996', name: '将被删除' }));
    transaction(platform.db, () => removeCompany(platform.db, '999996'));
    expect(upsert('999995', '将被删除')).not.toThrow();
    expect(findCompany(platform.db, '将被删除')?.code).toBe('999995');
  });

  it(`refuses names over ${MAX_COMPANY_NAME_LENGTH} characters`, () => {
    expect(upsert('999994', '长'.repeat(MAX_COMPANY_NAME_LENGTH))).not.toThrow();
    expect(upsert('999993', '长'.repeat(MAX_COMPANY_NAME_LENGTH + 1))).toThrow(
      `公司名称过长：最多 ${MAX_COMPANY_NAME_LENGTH} 个字符`,
    );
  });

  it('holds in the database itself: a unique index on live names', () => {
    expect(() =>
      execute(platform.db, "INSERT INTO companies (code, name, change_seq) VALUES ('999990', 'TCL科技 ', 1)"),
    ).not.toThrow();
    expect(() =>
      execute(platform.db, "INSERT INTO companies (code, name, change_seq) VALUES ('999989', '美的集团', 1)"),
    ).toThrow(/UNIQUE/);
  });

  it('refuses a statement file that would give its company a taken or overlong name, writing nothing', () => {
    const before = importCounts(platform.db);
    const taken = importStatementFile(
      platform.db,
      '999988.csv',
      new TextEncoder().encode('公司名称：格力电器\n报告日期,2019\n营业收入(万元),1\n'),
      { directory: platform.directory, industries: platform.industries, uploadedBy: 'test' },
    );
    expect(taken).toEqual({
      success: false,
      filename: '999988.csv',
      error: '公司名称“格力电器”已被股票代码 000651 使用：同名公司不能重复，请核对文件中的股票代码或公司名称',
    });
    const overlong = importStatementFile(
      platform.db,
      '999987.csv',
      new TextEncoder().encode(`公司名称：${'名'.repeat(60)}\n报告日期,2019\n营业收入(万元),1\n`),
      { directory: platform.directory, industries: platform.industries, uploadedBy: 'test' },
    );
    expect(overlong.success).toBe(false);
    expect(overlong.success ? '' : overlong.error).toMatch(/^公司名称过长：最多 50 个字符/);
    expect(importCounts(platform.db)).toEqual(before);
  });

  it.each([
    ['a zero-width space', '美的集团\u200B', 'U+200B'],
    ['a right-to-left override', '\u202E团集的美', 'U+202E'],
    ['a soft hyphen', '美的\u00AD集团', 'U+00AD'],
    ['a byte-order mark', '美的\uFEFF集团', 'U+FEFF'],
    ['a Hangul filler', '美的集团\u115F', 'U+115F'],
    // NFKC makes the full-width filler the half-width one, still invisible.
    ['a full-width Hangul filler', '美的集团\u3164', 'U+1160'],
  ])('refuses a name with %s, which would pass for another company, and writes nothing', (_, name, code) => {
    const before = importCounts(platform.db);
    expect(upsert('999986', name)).toThrow(`公司名称含有不可见字符或文字方向控制字符（${code}）`);
    expect(importCounts(platform.db)).toEqual(before);
  });

  it('stores a name NFKC-normalised: full-width letters are the name they look like', () => {
    transaction(platform.db, () => upsertCompany(platform.db, { code: '999985', name: ' ＦＷ科技 ' }));
    expect(findCompany(platform.db, '999985')?.name).toBe('FW科技');
    expect(upsert('999984', 'ｆｗ科技')).toThrow('已被股票代码 999985 使用');
  });
});
