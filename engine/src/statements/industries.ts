/**
 * The industry classification of listed companies that the market lists use (证监会《上市公司行业分类指引》
 * 2012, built on the national standard GB/T 4754): 19 sections A–S, each a range of two-digit divisions.
 * A company's section follows from its division code; a list's section column or its row order is not to be
 * trusted (the shipped industryCoding.csv files 建筑业 and 批发和零售业 under section D).
 */
export const INDUSTRY_SECTIONS = [
  { code: 'A', name: '农、林、牧、渔业', divisions: [1, 5] },
  { code: 'B', name: '采矿业', divisions: [6, 12] },
  { code: 'C', name: '制造业', divisions: [13, 43] },
  { code: 'D', name: '电力、热力、燃气及水的生产和供应业', divisions: [44, 46] },
  { code: 'E', name: '建筑业', divisions: [47, 50] },
  { code: 'F', name: '批发和零售业', divisions: [51, 52] },
  { code: 'G', name: '交通运输、仓储和邮政业', divisions: [53, 60] },
  { code: 'H', name: '住宿和餐饮业', divisions: [61, 62] },
  { code: 'I', name: '信息传输、软件和信息技术服务业', divisions: [63, 65] },
  { code: 'J', name: '金融业', divisions: [66, 69] },
  { code: 'K', name: '房地产业', divisions: [70, 70] },
  { code: 'L', name: '租赁和商务服务业', divisions: [71, 72] },
  { code: 'M', name: '科学研究和技术服务业', divisions: [73, 75] },
  { code: 'N', name: '水利、环境和公共设施管理业', divisions: [76, 78] },
  { code: 'O', name: '居民服务、修理和其他服务业', divisions: [79, 81] },
  { code: 'P', name: '教育', divisions: [82, 82] },
  { code: 'Q', name: '卫生和社会工作', divisions: [83, 84] },
  { code: 'R', name: '文化、体育和娱乐业', divisions: [85, 89] },
  { code: 'S', name: '综合', divisions: [90, 90] },
] as const;

export type IndustrySection = (typeof INDUSTRY_SECTIONS)[number];
export type IndustrySectionCode = IndustrySection['code'];

/** Banks (66 货币金融服务), brokers (67 资本市场服务), insurers (68 保险业), other finance (69). */
export const FINANCIAL_SECTION: IndustrySectionCode = 'J';
/** 70 房地产业: developers and property services. */
export const PROPERTY_DIVISION = 70;

/** The section whose division range holds `division`, or undefined (a code outside the classification). */
export function sectionOfDivision(division: number): IndustrySection | undefined {
  return INDUSTRY_SECTIONS.find(({ divisions: [first, last] }) => division >= first && division <= last);
}

/** A company's industry as far as it is known: the section, and the division when the source gives it. */
export interface IndustryCode {
  readonly section: IndustrySection;
  readonly division: number | null;
}

const SECTION_BY_NAME: ReadonlyMap<string, IndustrySection> = new Map(
  INDUSTRY_SECTIONS.map((section) => [section.name, section]),
);

/**
 * Reads an industry as callers hold it: a code with its division ('K70', 'J66'), a division alone ('70'),
 * a section letter ('J') or a section's name ('房地产业'; also the list's variant '卫生和社会工作业').
 * A division decides the section; undefined when the text names no known industry.
 *
 * @example
 * parseIndustry('K70'); // { section: 房地产业, division: 70 }
 * parseIndustry('金融业'); // { section: 金融业, division: null }
 */
export function parseIndustry(text: string | null | undefined): IndustryCode | undefined {
  const value = text?.trim() ?? '';
  const coded = /^([A-Sa-s])?\s*(\d{1,2})?$/.exec(value);
  if (coded && value !== '') {
    const [, letter, digits] = coded;
    if (digits !== undefined) {
      const division = Number(digits);
      const section = sectionOfDivision(division);
      return section ? { section, division } : undefined;
    }
    const section = INDUSTRY_SECTIONS.find(({ code }) => code === letter?.toUpperCase());
    return section ? { section, division: null } : undefined;
  }
  const section = SECTION_BY_NAME.get(value) ?? SECTION_BY_NAME.get(value.replace(/业$/, ''));
  return section
    ? { section, division: section.divisions[0] === section.divisions[1] ? section.divisions[0] : null }
    : undefined;
}
