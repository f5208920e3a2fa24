/** The two market reference lists in fixtures/market: the company directory and the 国标 industries. */
import { type IndustrySectionCode, normalizeStockCode, parseIndustry } from '@fcf/engine';
import Papa from 'papaparse';
import { decodeText } from './decode.ts';

export interface CompanyRef {
  /** 6 digits, zero-padded. */
  code: string;
  name: string;
}

export interface CompanyDirectory {
  byCode(code: string): CompanyRef | undefined;
  byName(name: string): CompanyRef | undefined;
  all(): CompanyRef[];
}

/**
 * A company name as people type it. The exchange pads short names with spaces ('金 融 街'), older lists
 * use full-width letters ('万科Ａ'), and one entry of fullStockList.csv even carries a stray Latin-1 byte
 * that decodes to U+FFFD; none of that belongs in the name.
 */
export function cleanCompanyName(name: string): string {
  return name.normalize('NFKC').replace(/[\s\uFFFD]/g, '');
}

/** Key for comparing names: cleaned and case-folded ('TCL科技' = 'tcl科技'). */
export function companyNameKey(name: string): string {
  return cleanCompanyName(name).toUpperCase();
}

/** Reads fullStockList.csv (`code,stockName,market,ipoDate`, GBK or UTF-8). */
export function loadCompanyDirectory(fullStockListBytes: Uint8Array): CompanyDirectory {
  const rows = readCsvRecords(fullStockListBytes, ['code', 'stockName']);
  const companies: CompanyRef[] = [];
  const byCode = new Map<string, CompanyRef>();
  const byName = new Map<string, CompanyRef>();
  for (const row of rows) {
    const code = normalizeStockCode(row.code?.trim() ?? '');
    const name = cleanCompanyName(row.stockName ?? '');
    if (code === null || name === '') continue;
    const company = { code, name };
    if (byCode.has(company.code)) continue;
    companies.push(company);
    byCode.set(company.code, company);
    if (!byName.has(companyNameKey(name))) byName.set(companyNameKey(name), company);
  }
  return {
    byCode: (code) => {
      const wanted = normalizeStockCode(code.trim());
      return wanted === null ? undefined : byCode.get(wanted);
    },
    byName: (name) => byName.get(companyNameKey(name)),
    all: () => companies.map((company) => ({ ...company })),
  };
}

/** One company's industry: its section (by the division's range) and division, as the classification names them. */
export interface IndustryEntry {
  /** 'K70': the section letter and the two-digit division. */
  readonly code: string;
  readonly section: IndustrySectionCode;
  /** The section's name in the classification ('建筑业'): the key of industry_betas. */
  readonly sectionName: string;
  readonly division: number | null;
  /** The division's name as the list gives it ('土木工程建筑业'). */
  readonly divisionName: string;
}

/**
 * Reads industryCoding.csv (`guoBiaoIndustry, guoBiaoIndustryCode, guoBiaoSubIndustry,
 * guoBiaoSubIndustryCode, stockCode, stockName`): each 6-digit code with its industry. The section follows
 * from the division code's range (the engine's INDUSTRY_SECTIONS), not from the list's section columns,
 * which file the divisions 47–52 (建筑业, 批发和零售业) under D and leave one row without a section.
 */
export function loadIndustryCoding(industryCodingBytes: Uint8Array): Map<string, IndustryEntry> {
  const entries = new Map<string, IndustryEntry>();
  const rows = readCsvRecords(industryCodingBytes, ['stockCode', 'guoBiaoIndustry', 'guoBiaoSubIndustryCode']);
  for (const row of rows) {
    const code = normalizeStockCode(row.stockCode?.trim() ?? '');
    if (code === null) continue;
    const divisionText = row.guoBiaoSubIndustryCode?.trim() ?? '';
    const byDivision = /^\d{1,2}$/.test(divisionText) ? parseIndustry(divisionText) : undefined;
    const industry =
      byDivision ?? parseIndustry(row.guoBiaoIndustryCode?.trim()) ?? parseIndustry(row.guoBiaoIndustry?.trim());
    if (!industry) continue;
    const { section, division } = industry;
    entries.set(code, {
      code: `${section.code}${division === null ? '' : String(division).padStart(2, '0')}`,
      section: section.code,
      sectionName: section.name,
      division,
      divisionName: row.guoBiaoSubIndustry?.trim() ?? '',
    });
  }
  return entries;
}

/** 6-digit code → the name of the company's industry section (see loadIndustryCoding). */
export function loadIndustries(industryCodingBytes: Uint8Array): Map<string, string> {
  const industries = new Map<string, string>();
  for (const [code, entry] of loadIndustryCoding(industryCodingBytes)) industries.set(code, entry.sectionName);
  return industries;
}

export function readCsvRecords(bytes: Uint8Array, requiredColumns: readonly string[]): Record<string, string>[] {
  const parsed = Papa.parse<Record<string, string>>(decodeText(bytes), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  const missing = requiredColumns.filter((column) => !parsed.meta.fields?.includes(column));
  if (missing.length > 0) throw new Error(`CSV lacks the column(s) ${missing.join(', ')}`);
  return parsed.data;
}
