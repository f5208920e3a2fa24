import { normalizeStockCode } from '@fcf/engine';
import type { CompanyListItem } from '@fcf/engine/contract';
import { MOBILE_MAX_WIDTH, TABLET_MAX_WIDTH } from '../use-viewport-width.ts';

/** The company search rules (docs/requirements.md#company-search) with their messages. Pure: no DOM, no I/O. */

export const EMPTY_QUERY_MESSAGE = '请输入公司名称';
export const AMBIGUOUS_QUERY_MESSAGE = '输入不完整，请从下方建议中选择或输入完整的公司名称';
const notFoundMessage = (query: string) => `未找到公司：${query}，请确认名称`;

/** Suggestion caps by viewport width (mobile ≤ 768 px, tablet ≤ 1024 px). */
export function suggestionCap(width: number): number {
  if (width <= MOBILE_MAX_WIDTH) return 3;
  if (width <= TABLET_MAX_WIDTH) return 4;
  return 5;
}

export type CompanySearchResult =
  | {
      readonly kind: 'selected';
      readonly company: CompanyListItem;
      /** 'exact' for a full name or code; 'only-suggestion' when a partial input matched a single company. */
      readonly via: 'exact' | 'only-suggestion';
    }
  | { readonly kind: 'empty'; readonly message: string }
  | {
      readonly kind: 'ambiguous';
      readonly message: string;
      readonly suggestions: readonly CompanyListItem[];
      /** All partial matches, of which `suggestions` shows the first `cap`. */
      readonly total: number;
    }
  | { readonly kind: 'not-found'; readonly message: string };

/** A short all-digit input is a code written without its leading zeros (`333` → `000333`). */
function asCode(query: string): string {
  return normalizeStockCode(query) ?? query;
}

/** Exact match on name or code: case-sensitive first, then case-insensitive. */
export function exactCompanyMatch<Company extends Pick<CompanyListItem, 'code' | 'name'>>(
  companies: readonly Company[],
  rawQuery: string,
): Company | undefined {
  const query = rawQuery.trim();
  if (!query) return undefined;
  const code = asCode(query);
  const exact = companies.find((company) => company.name === query || company.code === code);
  if (exact) return exact;
  const lowerName = query.toLowerCase();
  const lowerCode = code.toLowerCase();
  return companies.find(
    (company) => company.name.toLowerCase() === lowerName || company.code.toLowerCase() === lowerCode,
  );
}

/** A query typed as pinyin: letters only ('mdjt', 'meidi'), spaces and apostrophes aside. */
function asPinyin(query: string): string | null {
  const letters = query.replace(/[\s']/g, '');
  return /^[a-z]+$/.test(letters) ? letters : null;
}

/**
 * Every company whose name or code starts with or contains the input (case-insensitive), or whose name's
 * pinyin initials or full pinyin (shipped with the company list) start with or contain it: code and name
 * prefixes first, then pinyin prefixes, then anything containing it; each group in list order, so the
 * dropdown is stable while the user types.
 */
export function partialMatches(companies: readonly CompanyListItem[], rawQuery: string): CompanyListItem[] {
  const query = rawQuery.trim().toLowerCase();
  if (!query) return [];
  const spelled = asPinyin(query);
  const prefix: CompanyListItem[] = [];
  const pinyinPrefix: CompanyListItem[] = [];
  const contains: CompanyListItem[] = [];
  for (const company of companies) {
    const name = company.name.toLowerCase();
    const code = company.code.toLowerCase();
    // Space-separated alternative spellings (美的 is read de and di): a leading space makes each a prefix.
    const spellings = ` ${company.initials ?? ''} ${company.pinyin ?? ''}`;
    if (name.startsWith(query) || code.startsWith(query)) prefix.push(company);
    else if (spelled && spellings.includes(` ${spelled}`)) pinyinPrefix.push(company);
    else if (name.includes(query) || code.includes(query)) contains.push(company);
    else if (spelled && spelled.length >= 2 && spellings.includes(spelled)) contains.push(company);
  }
  return [...prefix, ...pinyinPrefix, ...contains];
}

/** The dropdown while typing: an exact match leads, then the partial matches, at most `cap`. */
export function suggestCompanies(
  companies: readonly CompanyListItem[],
  rawQuery: string,
  cap: number,
): CompanyListItem[] {
  const exact = exactCompanyMatch(companies, rawQuery);
  const partial = partialMatches(companies, rawQuery).filter((company) => company !== exact);
  return (exact ? [exact, ...partial] : partial).slice(0, Math.max(0, cap));
}

/** What pressing 查询 (or Enter) on the input does. */
export function searchCompany(
  companies: readonly CompanyListItem[],
  rawQuery: string,
  cap: number,
): CompanySearchResult {
  const query = rawQuery.trim();
  if (!query) return { kind: 'empty', message: EMPTY_QUERY_MESSAGE };
  const exact = exactCompanyMatch(companies, query);
  if (exact) return { kind: 'selected', company: exact, via: 'exact' };
  const matches = partialMatches(companies, query);
  const [only] = matches;
  if (matches.length === 1 && only) return { kind: 'selected', company: only, via: 'only-suggestion' };
  if (matches.length > 1) {
    return {
      kind: 'ambiguous',
      message: AMBIGUOUS_QUERY_MESSAGE,
      suggestions: matches.slice(0, Math.max(0, cap)),
      total: matches.length,
    };
  }
  return { kind: 'not-found', message: notFoundMessage(query) };
}
