import type { CompanyListItem } from '@fcf/engine/contract';

const company = (code: string, name: string, industry: string): CompanyListItem => ({
  id: code,
  name,
  code,
  industry,
  has_forecast_data: true,
});

/** A small company list for tests, with names that share prefixes and substrings on purpose. */
export const TEST_COMPANIES: readonly CompanyListItem[] = [
  company('000333', '美的集团', '家用电器'),
  company('000651', '格力电器', '家用电器'),
  company('600690', '海尔智家', '家用电器'),
  company('600298', '安琪酵母', '食品制造'),
  company('002352', '顺丰控股', '物流'),
  company('002236', '大华股份', '电子'),
  company('000100', 'TCL科技', '电子'),
  company('600009', '上海机场', '机场'),
  company('603288', '海天味业', '食品制造'),
  company('000921', '海信家电', '家用电器'),
  company('002032', '苏泊尔', '家用电器'),
  company('002508', '老板电器', '家用电器'),
];
