import * as z from 'zod/mini';
import type { CompanyBundle } from '../report/company-bundle.ts';
import type { IndustryComparisonView } from '../report/industry-comparison-view.ts';
import { companyBundleSchema } from './company-contract.ts';
import { envelope } from './envelope.ts';
import { industryComparisonViewSchema } from './section-answers.ts';

/** `GET /api/data/company-bundles`: the pages of "离线下载全部", their cursor, their `Link` and their bundles. */

/**
 * The longest page of company bundles (250 companies: up to ~3.4 MB of JSON, up to ~0.5 MB brotli), also
 * the default: a larger `limit` is answered with this many.
 */
export const COMPANY_BUNDLES_PAGE_MAX = 250;

/** `GET /api/data/company-bundles`: every company's bundle, a page at a time ("离线下载全部"). */
export const companyBundlesQuery = z.object({
  after: z.optional(
    z.string().check(z.regex(/^\d{6}$/, 'after 应为6位股票代码'), z.describe('上一页的 next；不填从第一家开始')),
  ),
  limit: z.optional(
    z
      .string()
      .check(
        z.regex(/^\d{1,4}$/, `limit 应为1–${COMPANY_BUNDLES_PAGE_MAX}的整数`),
        z.describe(
          `每页公司数，1–${COMPANY_BUNDLES_PAGE_MAX}（默认 ${COMPANY_BUNDLES_PAGE_MAX}，更大按 ${COMPANY_BUNDLES_PAGE_MAX} 计）`,
        ),
      ),
  ),
});
const bundlesPageCursor = {
  next: z.nullable(z.string()).check(z.describe('下一页的 after；null 表示已是最后一页')),
  total: z.number().check(z.describe('有历史数据的公司总数（进度条用）')),
};
/** An industry's comparison as a page carries it: its largest companies are the page's, once an industry. */
const pagedIndustryComparisonSchema = z.omit(industryComparisonViewSchema, { top: true });
/** A bundle as a page carries it: the one-company bundle, its industry's largest companies left out. */
export const pagedCompanyBundleSchema = z.extend(companyBundleSchema, {
  industry_comparison: z.optional(z.nullable(pagedIndustryComparisonSchema)),
});
const industryTopsSchema = z
  .record(z.string(), industryComparisonViewSchema.shape.top)
  .check(
    z.describe('页内各公司所属行业的最大公司（行业对比的 top），每个行业一次；各公司的 industry_comparison 不再重复它'),
  );
export const companyBundlesAnswer = envelope(
  z.object({ bundles: z.array(pagedCompanyBundleSchema), industry_tops: industryTopsSchema, ...bundlesPageCursor }),
);
/** A bundle as a page carries it (the contract's `pagedCompanyBundleSchema`, checked in contract-types.test.ts). */
export type PagedCompanyBundle = Omit<CompanyBundle, 'industry_comparison'> & {
  readonly industry_comparison?: Omit<IndustryComparisonView, 'top'> | null;
};
/** A page's `industry_tops`: by industry, its largest companies. */
export type IndustryTops = Readonly<Record<string, IndustryComparisonView['top']>>;

/**
 * A bundle as a page carries it, and its industry's largest companies, which the page gives once an
 * industry: 30% of a page's bytes were the same lists, one per company.
 */
export function pagedBundle(bundle: CompanyBundle): {
  paged: PagedCompanyBundle;
  top: IndustryComparisonView['top'] | null;
} {
  const comparison = bundle.industry_comparison;
  if (!comparison) return { paged: bundle, top: null };
  const { top, ...rest } = comparison;
  return { paged: { ...bundle, industry_comparison: rest }, top };
}

/** The one-company bundle again from a page's bundle and its `industry_tops`; null when its industry is missing. */
export function bundleOfPage(paged: PagedCompanyBundle, tops: IndustryTops): CompanyBundle | null {
  const comparison = paged.industry_comparison;
  if (!comparison) return { ...paged, industry_comparison: comparison };
  const top = Object.hasOwn(tops, comparison.industry) ? tops[comparison.industry] : undefined;
  if (!top) return null;
  return { ...paged, industry_comparison: { ...comparison, top } };
}

/**
 * A page's cursor alone, checked before its bundles are (a download asks for the next page while it checks
 * and stores this one); the whole page is still checked against `companyBundlesAnswer` before it is used.
 */
export const companyBundlesCursor = envelope(z.object(bundlesPageCursor));

/**
 * A page's `Link` header to the next page (RFC 8288, `rel="next"`), sent as the answer starts: a client
 * asks for the next page while this one's body still arrives, before it is parsed. The last page has none.
 */
export function companyBundlesNextLink(next: string, limit: number): string {
  return `</api/data/company-bundles?after=${next}&limit=${limit}>; rel="next"`;
}

/** The next page's `after` a `Link` header names, or null when it names none (the body's `next` decides). */
export function nextAfterOfLink(link: string | null): string | null {
  const after = link?.match(/<[^>]*[?&]after=(\d{6})(?:&[^>]*)?>\s*;\s*rel="next"/)?.[1];
  return after ?? null;
}
