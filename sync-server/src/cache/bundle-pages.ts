import {
  BundleIndustriesWriter,
  BundlePageWriter,
  COMPANY_BUNDLES_PAGE_MAX,
  companyBundlesNextLink,
  type PagedReportsMemo,
} from '@fcf/engine/contract';
import type { Services } from '../app-env.ts';
import { pageDataSeq } from '../db/change-seq.ts';
import type { CompanyList, ListedCompany } from './company-list.ts';
import { JsonPieces } from './json-pieces.ts';
import type { BuiltView } from './view-cache.ts';

/** Where a page starts: the first company with a history whose code comes after `after` (binary search). */
function firstAfter(companies: readonly ListedCompany[], after: string): number {
  let low = 0;
  let high = companies.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((companies[middle]?.code ?? '') <= after) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The page of `limit` companies after `after` in the list, and whether it starts at a canonical boundary:
 * a page of the default size that a download from the first page meets (its `after` is the last company of
 * such a page). Only those are kept in the view cache; a page after any other code is built for its
 * request and not kept, so no choice of cursors can fill the cache.
 */
export function bundlesPageOf(list: CompanyList, after: string, limit: number) {
  const companies = list.withHistory;
  const start = after === '' ? 0 : firstAfter(companies, after);
  const page = companies.slice(start, start + limit);
  const more = start + limit < companies.length;
  const canonical =
    limit === COMPANY_BUNDLES_PAGE_MAX &&
    start % limit === 0 &&
    (start === 0 ? after === '' : companies[start - 1]?.code === after);
  return { page, next: more ? (page[page.length - 1]?.code ?? null) : null, canonical };
}

/**
 * Each company's reports as the pages wrote them, by its kept statements object (store/kept-statements.ts):
 * after a write that moves every page but no figure (a forecast edit, a valuation run, a mark), a page is
 * built again without writing its reports again, two thirds of its JSON. Weak: they go with the statements.
 */
const pagedReports: PagedReportsMemo = new WeakMap();

/** The path of the pages of bundles: what their views are kept under, with the query's meaning. */
export const BUNDLES_PAGE_PATH = '/api/data/company-bundles';

/** The path of every company's 行业对比 for the download, apart from the pages (contract/bundle-industries.ts). */
export const BUNDLE_INDUSTRIES_PATH = '/api/data/company-bundles/industries';

/** The view cache's key of the page of `limit` companies after `after` (the route's and the warm-up's). */
export function bundlesPageKey(after: string, limit: number): string {
  return `${BUNDLES_PAGE_PATH}?after=${after}&limit=${limit}`;
}

/**
 * The sequence the page of `limit` companies after `after` is kept under: the last write that moved its
 * companies' data (`pageDataSeq`), not the global change sequence, so an edit of one company builds its page
 * again and no other (its 行业对比 moves, for the whole industry, in `GET /api/data/company-bundles/industries`).
 * A write that changes which companies a page holds moves every page.
 */
export async function bundlesPageSeq(
  services: Pick<Services, 'companyList' | 'db'>,
  after: string,
  limit: number,
): Promise<number> {
  const { page } = bundlesPageOf(await services.companyList.current(), after, limit);
  return pageDataSeq(services.db, page[0]?.code ?? '', page[page.length - 1]?.code ?? '');
}

/** The cursor of every canonical page, first to last: '' and then the last company of each page before it. */
export function canonicalCursors(list: CompanyList): string[] {
  const companies = list.withHistory;
  const cursors = [''];
  for (let end = COMPANY_BUNDLES_PAGE_MAX; end < companies.length; end += COMPANY_BUNDLES_PAGE_MAX) {
    cursors.push(companies[end - 1]?.code ?? '');
  }
  return cursors;
}

/**
 * The answer of `GET /api/data/company-bundles` (`{success, data: {bundles, statement_items,
 * risk_free_rates, next, total}, message}`: each bundle without its 行业对比 (answered apart) and without what
 * the page gives once (the risk-free rates), its reports' figures by the index of their item in
 * `statement_items`, and a `Link` header to the next page), written slice by slice as `marketBundleSlices`
 * reads them, so no step holds the event loop long. Kept only at a canonical boundary and when every slice
 * was read at `seq`, the page's data sequence (`bundlesPageSeq`) the view is keyed on.
 */
export async function bundlesPageView(
  services: Pick<Services, 'companyList' | 'valuations'>,
  after: string,
  limit: number,
  seq: number,
): Promise<BuiltView> {
  const list = await services.companyList.current();
  const { page, next, canonical } = bundlesPageOf(list, after, limit);
  const json = new JsonPieces();
  json.add('{"success":true,"data":{"bundles":[');
  let first = true;
  let sameState = true;
  // The slices share one read of what the page gives once (marketBundleSlices); a page read across a change of
  // the data is answered once and not kept.
  const writer = new BundlePageWriter(pagedReports);
  for await (const slice of services.valuations.bundleSlices(page)) {
    sameState &&= slice.version === seq;
    for (const bundle of slice.bundles) {
      const paged = writer.json(bundle);
      json.add(first ? paged : `,${paged}`);
      first = false;
    }
  }
  const shared = writer.shared();
  // An empty `industries`: an app installed before 行业对比 came apart requires the field, and stores its bundles
  // without 行业对比 until it updates (this one reads it from the industries' answer and ignores it here).
  json.add(`],"industries":{},"statement_items":${JSON.stringify(shared.statement_items)}`);
  json.add(`,"risk_free_rates":${JSON.stringify(shared.risk_free_rates)}`);
  json.add(`,"next":${JSON.stringify(next)},"total":${list.withHistory.length}},"message":"获取成功"}`);
  const headers: Record<string, string> = next === null ? {} : { link: companyBundlesNextLink(next, limit) };
  // Brotli 4, not 5: the pages are built again after every write while readers download (encodeBody).
  return { json: json.bytes(), keep: canonical && sameState, headers, effort: 'fast' };
}

/**
 * The answer of `GET /api/data/company-bundles/industries` (`{success, data: {version, industries,
 * comparisons}, message}`): every company's 行业对比 with a history, each industry's statistics once, read slice
 * by slice. Kept when every slice was read at `seq`, the global change sequence (every valuation moves it).
 */
export async function bundleIndustriesView(
  services: Pick<Services, 'companyList' | 'valuations'>,
  seq: number,
): Promise<BuiltView> {
  const list = await services.companyList.current();
  const writer = new BundleIndustriesWriter();
  let sameState = true;
  for await (const slice of services.valuations.comparisonSlices(list.withHistory)) {
    sameState &&= slice.version === seq;
    for (const { company, comparison } of slice.comparisons) writer.add(company, comparison);
  }
  const data = writer.written(seq);
  const text = JSON.stringify({ success: true, data, message: '获取成功' });
  // Brotli 4, as the pages: every valuation moves it, and readers download right after edits (encodeBody).
  return { json: text, keep: sameState, effort: 'fast' };
}
