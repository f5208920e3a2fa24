import { COMPANY_BUNDLES_PAGE_MAX } from '@fcf/engine/contract';
import { describe, expect, it } from 'vitest';
import { bundlesPageOf } from './bundle-pages.ts';
import type { CompanyList, ListedCompany } from './company-list.ts';

const company = (index: number): ListedCompany => ({
  code: String(index * 3).padStart(6, '0'),
  name: `公司${index}`,
  industry: '制造业',
  has_forecast_data: true,
  pinyin: '',
  initials: '',
});
const all = Array.from({ length: 600 }, (_, index) => company(index + 1));
const list: CompanyList = { all, withHistory: all, version: 1 };
const PAGE = COMPANY_BUNDLES_PAGE_MAX;
const codeAt = (index: number) => all[index]?.code ?? '';

describe('bundlesPageOf', () => {
  it('pages in code order after the cursor, with the next cursor until the last page', () => {
    const first = bundlesPageOf(list, '', PAGE);
    expect(first.page.map((entry) => entry.code)).toEqual(all.slice(0, PAGE).map((entry) => entry.code));
    expect(first.next).toBe(codeAt(PAGE - 1));
    const last = bundlesPageOf(list, codeAt(2 * PAGE - 1), PAGE);
    expect(last.page).toHaveLength(600 - 2 * PAGE);
    expect(last.next).toBeNull();
    // A cursor between two codes starts at the next one; past the last, an empty page.
    expect(bundlesPageOf(list, '000004', 2).page.map((entry) => entry.code)).toEqual(['000006', '000009']);
    expect(bundlesPageOf(list, '999999', PAGE)).toMatchObject({ page: [], next: null });
  });

  it('is canonical only where a download from the first page at the default size passes', () => {
    expect(bundlesPageOf(list, '', PAGE).canonical).toBe(true);
    expect(bundlesPageOf(list, codeAt(PAGE - 1), PAGE).canonical).toBe(true);
    expect(bundlesPageOf(list, codeAt(2 * PAGE - 1), PAGE).canonical).toBe(true);
    expect(bundlesPageOf(list, codeAt(PAGE), PAGE).canonical).toBe(false);
    expect(bundlesPageOf(list, codeAt(7), PAGE).canonical).toBe(false);
    expect(bundlesPageOf(list, '', 3).canonical).toBe(false);
    // A code between two listed ones starts where a canonical page would, yet names another request.
    expect(bundlesPageOf(list, '000001', PAGE).canonical).toBe(false);
    expect(bundlesPageOf(list, '999999', PAGE).canonical).toBe(false);
  });
});
