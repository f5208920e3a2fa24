import type { CompanyListItem } from '@fcf/engine/contract';
import { describe, expect, it } from 'vitest';
import {
  AMBIGUOUS_QUERY_MESSAGE,
  EMPTY_QUERY_MESSAGE,
  exactCompanyMatch,
  partialMatches,
  searchCompany,
  suggestCompanies,
  suggestionCap,
} from './search.ts';
import { TEST_COMPANIES } from './testing/companies.ts';

const names = (companies: readonly CompanyListItem[]) => companies.map((company) => company.name);
const named = (name: string, code = ''): CompanyListItem => ({
  id: name,
  name,
  code,
  industry: '其他',
  has_forecast_data: false,
});

describe('suggestionCap', () => {
  it('shows 3 on phones, 4 on tablets and 5 on desktops', () => {
    expect(suggestionCap(390)).toBe(3);
    expect(suggestionCap(768)).toBe(3);
    expect(suggestionCap(769)).toBe(4);
    expect(suggestionCap(1024)).toBe(4);
    expect(suggestionCap(1025)).toBe(5);
    expect(suggestionCap(1920)).toBe(5);
  });
});

describe('searchCompany', () => {
  it('asks for a name when the input is empty or blank', () => {
    expect(searchCompany(TEST_COMPANIES, '', 5)).toEqual({ kind: 'empty', message: '请输入公司名称' });
    expect(searchCompany(TEST_COMPANIES, '   ', 5)).toEqual({ kind: 'empty', message: EMPTY_QUERY_MESSAGE });
  });

  it('selects an exact name or code, trimmed', () => {
    expect(searchCompany(TEST_COMPANIES, '美的集团', 5)).toMatchObject({ kind: 'selected', via: 'exact' });
    const byCode = searchCompany(TEST_COMPANIES, ' 000651 ', 5);
    expect(byCode.kind === 'selected' && byCode.company.name).toBe('格力电器');
  });

  it('pads a short numeric code to 6 digits', () => {
    const result = searchCompany(TEST_COMPANIES, '333', 5);
    expect(result).toMatchObject({ kind: 'selected', via: 'exact', company: { name: '美的集团' } });
    expect(searchCompany(TEST_COMPANIES, '2352', 5)).toMatchObject({ company: { name: '顺丰控股' } });
  });

  it('does not pad a 7-digit input', () => {
    expect(searchCompany(TEST_COMPANIES, '1000333', 5).kind).toBe('not-found');
  });

  it('tries the case-sensitive match before the case-insensitive one', () => {
    const companies = [named('ABC'), named('abc')];
    expect(searchCompany(companies, 'abc', 5)).toMatchObject({ company: { name: 'abc' }, via: 'exact' });
    expect(searchCompany(companies, 'ABC', 5)).toMatchObject({ company: { name: 'ABC' }, via: 'exact' });
    expect(searchCompany(companies, 'Abc', 5)).toMatchObject({ company: { name: 'ABC' }, via: 'exact' });
    expect(searchCompany(TEST_COMPANIES, 'tcl科技', 5)).toMatchObject({ company: { name: 'TCL科技' } });
  });

  it('prefers an exact match over partial ones', () => {
    const companies = [named('美的集团B'), named('美的集团')];
    expect(searchCompany(companies, '美的集团', 5)).toMatchObject({ company: { name: '美的集团' }, via: 'exact' });
  });

  it('auto-selects the only partial match, by name or by code', () => {
    expect(searchCompany(TEST_COMPANIES, '格力', 5)).toMatchObject({
      kind: 'selected',
      via: 'only-suggestion',
      company: { name: '格力电器' },
    });
    expect(searchCompany(TEST_COMPANIES, '味业', 5)).toMatchObject({ company: { name: '海天味业' } });
    expect(searchCompany(TEST_COMPANIES, '603', 5)).toMatchObject({ company: { name: '海天味业' } });
  });

  it('asks to choose when several companies match', () => {
    const result = searchCompany(TEST_COMPANIES, '电器', 5);
    expect(result).toEqual({
      kind: 'ambiguous',
      message: '输入不完整，请从下方建议中选择或输入完整的公司名称',
      suggestions: [TEST_COMPANIES[1], TEST_COMPANIES[11]],
      total: 2,
    });
    expect(AMBIGUOUS_QUERY_MESSAGE).toBe('输入不完整，请从下方建议中选择或输入完整的公司名称');
  });

  it('lists prefix matches first and caps the suggestions', () => {
    const result = searchCompany(TEST_COMPANIES, '海', 3);
    expect(result.kind).toBe('ambiguous');
    if (result.kind !== 'ambiguous') return;
    expect(names(result.suggestions)).toEqual(['海尔智家', '海天味业', '海信家电']);
    expect(result.total).toBe(4);
  });

  it('matches codes by prefix and by contained digits', () => {
    const prefix = searchCompany(TEST_COMPANIES, '600', 5);
    expect(prefix.kind === 'ambiguous' && names(prefix.suggestions)).toEqual(['海尔智家', '安琪酵母', '上海机场']);
    const contained = searchCompany(TEST_COMPANIES, '23', 5);
    expect(contained.kind === 'ambiguous' && names(contained.suggestions)).toEqual(['顺丰控股', '大华股份']);
  });

  it('reports an unknown company with the trimmed input', () => {
    expect(searchCompany(TEST_COMPANIES, ' 贵州茅台 ', 5)).toEqual({
      kind: 'not-found',
      message: '未找到公司：贵州茅台，请确认名称',
    });
    expect(searchCompany([], '美的', 5).kind).toBe('not-found');
  });

  it('never matches a company through its empty code', () => {
    const companies = [named('无代码公司'), ...TEST_COMPANIES];
    expect(searchCompany(companies, '000000', 5).kind).toBe('not-found');
    expect(searchCompany(companies, '无代码', 5)).toMatchObject({ company: { name: '无代码公司' } });
  });
});

describe('exactCompanyMatch and partialMatches', () => {
  it('finds nothing for blank input', () => {
    expect(exactCompanyMatch(TEST_COMPANIES, ' ')).toBeUndefined();
    expect(partialMatches(TEST_COMPANIES, ' ')).toEqual([]);
  });

  it('matches partially without regard to case', () => {
    expect(names(partialMatches(TEST_COMPANIES, 'tc'))).toEqual(['TCL科技']);
  });
});

describe('suggestCompanies', () => {
  it('puts an exact match first, then the partial matches, capped', () => {
    const companies = [named('美的集团'), named('美的')];
    expect(names(suggestCompanies(companies, '美的', 5))).toEqual(['美的', '美的集团']);
    expect(names(suggestCompanies(TEST_COMPANIES, '海', 2))).toEqual(['海尔智家', '海天味业']);
  });

  it('lists a company once even when it matches exactly and partially', () => {
    expect(names(suggestCompanies(TEST_COMPANIES, '333', 5))).toEqual(['美的集团']);
  });

  it('is empty for blank input or a zero cap', () => {
    expect(suggestCompanies(TEST_COMPANIES, '', 5)).toEqual([]);
    expect(suggestCompanies(TEST_COMPANIES, '海', 0)).toEqual([]);
  });
});

describe('pinyin search', () => {
  const market = [
    {
      id: '000651',
      code: '000651',
      name: '格力电器',
      industry: '制造业',
      has_forecast_data: true,
      pinyin: 'gelidianqi',
      initials: 'gldq',
    },
    {
      id: '000333',
      code: '000333',
      name: '美的集团',
      industry: '制造业',
      has_forecast_data: true,
      pinyin: 'meidejituan meidijituan',
      initials: 'mdjt',
    },
    {
      id: '600519',
      code: '600519',
      name: '贵州茅台',
      industry: '制造业',
      has_forecast_data: false,
      pinyin: 'guizhoumaotai',
      initials: 'gzmt',
    },
    {
      id: '000001',
      code: '000001',
      name: '平安银行',
      industry: '金融业',
      has_forecast_data: false,
      pinyin: 'pinganyinhang',
      initials: 'payh',
    },
  ];

  it('initials and full pinyin find the company: mdjt, meidi, md → 美的集团; gldq → 格力电器', () => {
    expect(searchCompany(market, 'mdjt', 5)).toMatchObject({ kind: 'selected', company: { code: '000333' } });
    expect(searchCompany(market, 'meidi', 5)).toMatchObject({ kind: 'selected', company: { code: '000333' } });
    expect(searchCompany(market, 'MD', 5)).toMatchObject({ kind: 'selected', company: { code: '000333' } });
    expect(searchCompany(market, 'gldq', 5)).toMatchObject({ kind: 'selected', company: { code: '000651' } });
    expect(partialMatches(market, 'maotai').map((company) => company.code)).toEqual(['600519']);
  });

  it('exact code and code/name prefixes rank before pinyin, pinyin prefixes before contained matches', () => {
    expect(suggestCompanies(market, '000001', 5).map((company) => company.code)[0]).toBe('000001');
    // 'g' starts 格力 and 贵州 in pinyin; 'yh' is inside 平安银行's initials only.
    expect(partialMatches(market, 'g').map((company) => company.code)).toEqual(['000651', '600519']);
    expect(partialMatches(market, 'yh').map((company) => company.code)).toEqual(['000001']);
    expect(partialMatches(market, '000').map((company) => company.code)).toEqual(['000651', '000333', '000001']);
  });
});
