import { describe, expect, it } from 'vitest';
import { loadCompanyDirectory, loadIndustries } from './market-lists.ts';
import { fixtureDirectory, readFixture, utf8Bytes } from './testing/ingest-fixtures.ts';

describe('loadCompanyDirectory', () => {
  const directory = fixtureDirectory();

  it('reads the GBK stock list with codes zero-padded', () => {
    expect(directory.all()).toHaveLength(3969);
    expect(directory.byCode('600298')).toEqual({ code: '600298', name: '安琪酵母' });
    expect(directory.byCode('333')).toEqual({ code: '000333', name: '美的集团' });
    expect(directory.byCode('999999')).toBeUndefined();
    expect(directory.byCode('abc')).toBeUndefined();
  });

  it('cleans exchange padding, full-width letters and the stray byte in 万科A', () => {
    expect(directory.byCode('000058')?.name).toBe('深赛格');
    expect(directory.byCode('000002')?.name).toBe('万科A');
    expect(directory.byName('深 赛 格')?.code).toBe('000058');
    expect(directory.byName('万科Ａ')?.code).toBe('000002');
    expect(directory.byName('tcl科技')?.code).toBe('000100');
  });

  it('reads a UTF-8 list as well', () => {
    const utf8 = loadCompanyDirectory(utf8Bytes('code,stockName,market,ipoDate\n2,万科A,深圳主板,1991/1/29\n'));
    expect(utf8.all()).toEqual([{ code: '000002', name: '万科A' }]);
  });

  it('rejects a file that is not a stock list', () => {
    expect(() => loadCompanyDirectory(utf8Bytes('a,b\n1,2\n'))).toThrow(/code, stockName/);
  });
});

describe('loadIndustries', () => {
  it('maps zero-padded codes to the 国标 industry', () => {
    const industries = loadIndustries(readFixture('market/industryCoding.csv'));
    expect(industries.size).toBe(3878);
    expect(industries.get('000333')).toBe('制造业');
    expect(industries.get('002352')).toBe('交通运输、仓储和邮政业');
    expect(industries.get('600298')).toBe('制造业');
  });
});
