import { describe, expect, it } from 'vitest';
import { company, uploadedFile } from '../testing/api-answers.ts';
import { fileStatsByCode, filterCompanies, parametersUrl } from './forecast-companies.ts';

describe('forecast companies', () => {
  it('counts files and the years they cover per company', () => {
    const stats = fileStatsByCode([
      uploadedFile(1, { year: '2019-2021' }),
      uploadedFile(2, { year: '2023' }),
      uploadedFile(3, { company_code: '000333', year: null }),
    ]);
    expect(stats.get('000651')).toEqual({ files: 2, years: '2019–2023' });
    expect(stats.get('000333')).toEqual({ files: 1, years: null });
  });

  it('filters by name or code and by status', () => {
    const list = [
      company('格力电器', '000651'),
      company('美的集团', '000333', { report_types: ['cash_flow'], valued: false }),
      company('海尔智家', '600690', { analyzed: false }),
    ];
    const names = (found: { name: string }[]) => found.map((item) => item.name);
    expect(names(filterCompanies(list, ' 美的 '))).toEqual(['美的集团']);
    expect(names(filterCompanies(list, '6006'))).toEqual(['海尔智家']);
    expect(names(filterCompanies(list, '', 'incomplete'))).toEqual(['美的集团']);
    expect(names(filterCompanies(list, '', 'unanalyzed'))).toEqual(['海尔智家']);
    expect(names(filterCompanies(list, '000', 'complete'))).toEqual(['格力电器']);
  });

  it('links to the FCF parameter page of the company', () => {
    expect(parametersUrl('格力电器')).toBe(`/fcf-parameters?company=${encodeURIComponent('格力电器')}`);
  });
});
