import { normalizeStockCode } from '@fcf/engine';
import type { CompanyListing } from '@fcf/engine/report';
import { loadIndustryCoding, readCsvRecords } from './market-lists.ts';

/** '2013/9/18' → '2013-09-18'; null when the text is no date. */
function listingDate(text: string | undefined): string | null {
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(text?.trim() ?? '');
  if (!match) return null;
  const [, year, month, day] = match;
  return `${year}-${month?.padStart(2, '0')}-${day?.padStart(2, '0')}`;
}

/**
 * Each listed company's market, listing date and 国标 division, by 6-digit code, from the two market lists
 * (fullStockList.csv: `code,stockName,market,ipoDate`; industryCoding.csv): what 公司基本信息 shows.
 */
export function loadCompanyListings(
  fullStockListBytes: Uint8Array,
  industryCodingBytes: Uint8Array,
): ReadonlyMap<string, CompanyListing> {
  const industries = loadIndustryCoding(industryCodingBytes);
  const listings = new Map<string, CompanyListing>();
  for (const row of readCsvRecords(fullStockListBytes, ['code', 'stockName'])) {
    const code = normalizeStockCode(row.code?.trim() ?? '');
    if (code === null || listings.has(code)) continue;
    const industry = industries.get(code);
    listings.set(code, {
      market: row.market?.trim() || null,
      listed_on: listingDate(row.ipoDate),
      industry_code: industry?.code ?? null,
      sub_industry: industry?.divisionName || null,
    });
  }
  return listings;
}
