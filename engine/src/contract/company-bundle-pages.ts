import * as z from 'zod/mini';
import type { CompanyBundle } from '../report/company-bundle.ts';
import type { IndustryComparisonView } from '../report/industry-comparison-view.ts';
import type { CompanyStatements, StatementYear } from '../statements/items.ts';
import { companyBundleSchema, periodEndKeySchema, yearKeySchema } from './company-contract.ts';
import { envelope } from './envelope.ts';
import { industryComparisonViewSchema } from './section-answers.ts';

/** `GET /api/data/company-bundles`: the pages of "离线下载全部", their cursor, their `Link` and their bundles. */

/**
 * The longest page of company bundles (250 companies: up to ~1.8 MB of JSON, up to ~0.5 MB brotli), also
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
/** A report's figures as a page carries them: `[item, value, item, value, …]`, each item an index of `statement_items`. */
const pagedFiguresSchema = z.array(z.number());
/** A company's reports as a page carries them (item names once a page: two thirds of a page were the names). */
const pagedStatementsSchema = z.object({
  code: z.string(),
  name: z.string(),
  years: z.record(yearKeySchema, pagedFiguresSchema),
  interims: z.optional(z.record(periodEndKeySchema, pagedFiguresSchema)),
});
/**
 * A bundle as a page carries it: the one-company bundle, its industry's largest companies left out and its
 * reports' figures by item index.
 */
export const pagedCompanyBundleSchema = z.extend(companyBundleSchema, {
  statements: pagedStatementsSchema,
  industry_comparison: z.optional(z.nullable(pagedIndustryComparisonSchema)),
});
const statementItemsSchema = z
  .array(z.string())
  .check(z.describe('页内报表科目名，每个一次；各公司 statements 的 years、interims 为 [科目序号, 数值, …]'));
const industryTopsSchema = z
  .record(z.string(), industryComparisonViewSchema.shape.top)
  .check(
    z.describe('页内各公司所属行业的最大公司（行业对比的 top），每个行业一次；各公司的 industry_comparison 不再重复它'),
  );
export const companyBundlesAnswer = envelope(
  z.object({
    bundles: z.array(pagedCompanyBundleSchema),
    industry_tops: industryTopsSchema,
    statement_items: statementItemsSchema,
    ...bundlesPageCursor,
  }),
);
/** A report's figures as a page carries them: `[item index, value, …]`. */
export type PagedFigures = readonly number[];
/** A company's reports as a page carries them. */
export interface PagedStatements {
  readonly code: string;
  readonly name: string;
  readonly years: Readonly<Record<string, PagedFigures>>;
  readonly interims?: Readonly<Record<string, PagedFigures>>;
}
/** A bundle as a page carries it (the contract's `pagedCompanyBundleSchema`, checked in contract-types.test.ts). */
export type PagedCompanyBundle = Omit<CompanyBundle, 'industry_comparison' | 'statements'> & {
  readonly statements: PagedStatements;
  readonly industry_comparison?: Omit<IndustryComparisonView, 'top'> | null;
};
/** A page's `industry_tops`: by industry, its largest companies. */
export type IndustryTops = Readonly<Record<string, IndustryComparisonView['top']>>;

/** A page's item names, each given an index the first time a bundle of the page reports it. */
export class StatementItemIndex {
  private readonly indexes = new Map<string, number>();
  readonly names: string[] = [];

  indexOf(name: string): number {
    let index = this.indexes.get(name);
    if (index === undefined) {
      index = this.names.length;
      this.indexes.set(name, index);
      this.names.push(name);
    }
    return index;
  }
}

function pagedFigures(year: StatementYear, items: StatementItemIndex): number[] {
  const figures: number[] = [];
  for (const [name, value] of Object.entries(year)) figures.push(items.indexOf(name), value);
  return figures;
}

function pagedReports(reports: Readonly<Record<string, StatementYear>>, items: StatementItemIndex) {
  const paged: Record<string, PagedFigures> = {};
  for (const [key, year] of Object.entries(reports)) paged[key] = pagedFigures(year, items);
  return paged;
}

/**
 * A bundle as a page carries it, and its industry's largest companies, which the page gives once an
 * industry (30% of a page's bytes were the same lists, one per company); its reports' item names go into
 * the page's `items`.
 */
export function pagedBundle(
  bundle: CompanyBundle,
  items: StatementItemIndex,
): { paged: PagedCompanyBundle; top: IndustryComparisonView['top'] | null } {
  const { statements } = bundle;
  const pagedStatements: PagedStatements = {
    code: statements.code,
    name: statements.name,
    years: pagedReports(statements.years, items),
    ...(statements.interims ? { interims: pagedReports(statements.interims, items) } : {}),
  };
  const comparison = bundle.industry_comparison;
  if (!comparison) return { paged: { ...bundle, statements: pagedStatements }, top: null };
  const { top, ...rest } = comparison;
  return { paged: { ...bundle, statements: pagedStatements, industry_comparison: rest }, top };
}

/** A report's figures by item name again; null when an index names no item of the page or a value is missing. */
function figuresOfPage(figures: PagedFigures, items: readonly string[]): StatementYear | null {
  if (figures.length % 2 !== 0) return null;
  const year: Record<string, number> = {};
  for (let at = 0; at < figures.length; at += 2) {
    // An index that is no whole number in range names nothing.
    const name = items[figures[at] as number];
    if (name === undefined) return null;
    year[name] = figures[at + 1] as number;
  }
  return year;
}

function reportsOfPage(
  reports: Readonly<Record<string, PagedFigures>>,
  items: readonly string[],
): Record<string, StatementYear> | null {
  const whole: Record<string, StatementYear> = {};
  for (const [key, figures] of Object.entries(reports)) {
    const year = figuresOfPage(figures, items);
    if (!year) return null;
    whole[key] = year;
  }
  return whole;
}

/** What a page gives once for all its bundles: its industries' largest companies and its item names. */
export interface PageShared {
  readonly industry_tops: IndustryTops;
  readonly statement_items: readonly string[];
}

/**
 * The one-company bundle again from a page's bundle and what the page gives once; null when its industry
 * is missing or a figure names no item of the page.
 */
export function bundleOfPage(paged: PagedCompanyBundle, shared: PageShared): CompanyBundle | null {
  const years = reportsOfPage(paged.statements.years, shared.statement_items);
  const interims = paged.statements.interims && reportsOfPage(paged.statements.interims, shared.statement_items);
  if (!years || interims === null) return null;
  const statements: CompanyStatements = {
    code: paged.statements.code,
    name: paged.statements.name,
    years,
    ...(interims ? { interims } : {}),
  };
  const comparison = paged.industry_comparison;
  if (!comparison) return { ...paged, statements, industry_comparison: comparison };
  const tops = shared.industry_tops;
  const top = Object.hasOwn(tops, comparison.industry) ? tops[comparison.industry] : undefined;
  if (!top) return null;
  return { ...paged, statements, industry_comparison: { ...comparison, top } };
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
