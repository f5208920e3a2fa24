import { INDUSTRY_SECTIONS } from '@fcf/engine';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { loadCompanyDirectory, loadIndustries, loadIndustryCoding } from './market-lists.ts';
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
    expect(industries.get('600340')).toBe('房地产业');
  });
});

describe('the whole industryCoding.csv', () => {
  const csv = new TextDecoder().decode(readFixture('market/industryCoding.csv')).replace(/^\uFEFF/, '');
  const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  const coding = loadIndustryCoding(readFixture('market/industryCoding.csv'));

  it('gives every company the section whose division range holds its division', () => {
    expect(rows).toHaveLength(3878);
    for (const row of rows) {
      const entry = coding.get((row.stockCode ?? '').padStart(6, '0'));
      const division = Number(row.guoBiaoSubIndustryCode);
      const section = INDUSTRY_SECTIONS.find(({ divisions }) => division >= divisions[0] && division <= divisions[1]);
      expect(entry?.division).toBe(division);
      expect(entry?.section).toBe(section?.code);
      expect(entry?.sectionName).toBe(section?.name);
      expect(entry?.code).toBe(`${section?.code}${String(division).padStart(2, '0')}`);
    }
  });

  it('files the 264 construction and retail companies the list puts under D where they belong', () => {
    const misfiled = rows.filter((row) => row.guoBiaoIndustryCode === 'D' && Number(row.guoBiaoSubIndustryCode) >= 47);
    expect(misfiled).toHaveLength(264);
    const sections = misfiled.map((row) => coding.get((row.stockCode ?? '').padStart(6, '0'))?.sectionName);
    expect(sections.filter((name) => name === '建筑业')).toHaveLength(100);
    expect(sections.filter((name) => name === '批发和零售业')).toHaveLength(164);
    // 中国建筑 and 永辉超市, for instance.
    expect(coding.get('601668')).toMatchObject({ code: 'E48', sectionName: '建筑业' });
    expect(coding.get('601933')).toMatchObject({ code: 'F52', sectionName: '批发和零售业' });
  });

  it('agrees with the list’s own section everywhere else', () => {
    const sectionByCode = new Map(INDUSTRY_SECTIONS.map((section) => [section.code, section.name]));
    const others = rows.filter((row) => !(row.guoBiaoIndustryCode === 'D' && Number(row.guoBiaoSubIndustryCode) >= 47));
    const disagreeing = others.filter(
      (row) => coding.get((row.stockCode ?? '').padStart(6, '0'))?.section !== row.guoBiaoIndustryCode,
    );
    // Only the row whose section the list leaves empty (百邦科技, division 80).
    expect(disagreeing.map((row) => row.stockName)).toEqual(['百邦科技']);
    expect(coding.get('300736')?.sectionName).toBe('居民服务、修理和其他服务业');
    expect(sectionByCode.get('J')).toBe('金融业');
  });

  it('has a beta for every section a company is filed under', () => {
    const { betas } = JSON.parse(new TextDecoder().decode(readFixture('industry-betas.json'))) as {
      betas: Record<string, number>;
    };
    const sections = new Set([...coding.values()].map((entry) => entry.sectionName));
    expect([...sections].filter((name) => betas[name] === undefined)).toEqual([]);
  });
});
