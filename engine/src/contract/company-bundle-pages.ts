import * as z from 'zod/mini';
import type { CompanyBundle } from '../report/company-bundle.ts';
import { type CompanyStatements, STATEMENT_ITEMS, type StatementYear } from '../statements/items.ts';
import type { RiskFreeRate } from '../valuation/risk-free-rates.ts';
import type { WaccAssumptions } from '../valuation/wacc.ts';
import { type BundleIndustries, BundleIndustriesWriter, comparisonOfIndustries } from './bundle-industries.ts';
import {
  companyBundleSchema,
  PERIOD_END_KEY,
  riskFreeRatesSchema,
  waccInputsShape,
  YEAR_KEY,
} from './company-contract.ts';
import { envelope } from './envelope.ts';
import { pagedReportsSchema } from './paged-figures-schema.ts';

/** `GET /api/data/company-bundles`: the pages of "离线下载全部", their cursor, their `Link` and their bundles. */

/**
 * The longest page of company bundles (250 companies: up to ~1.4 MB of JSON, up to ~0.5 MB brotli), also
 * the default: a larger `limit` is answered with this many.
 */
export const COMPANY_BUNDLES_PAGE_MAX = 250;

/** `GET /api/data/company-bundles`: every company's bundle, a page at a time ("离线下载全部"). */
export const companyBundlesQuery = z.object({
  after: z.optional(
    z.string().check(z.regex(/^\d{6}$/, '应为6位股票代码'), z.describe('上一页的 next；不填从第一家开始')),
  ),
  limit: z.optional(
    z
      .string()
      .check(
        z.regex(/^\d{1,4}$/, `应为1–${COMPANY_BUNDLES_PAGE_MAX}的整数`),
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
/**
 * A company's reports as a page carries them (item names once a page: two thirds of a page were the names):
 * each report's figures `[item, value, item, value, …]`, each item an index of `statement_items`.
 */
const pagedStatementsSchema = z.object({
  code: z.string(),
  name: z.string(),
  years: pagedReportsSchema(YEAR_KEY),
  interims: z.optional(pagedReportsSchema(PERIOD_END_KEY)),
});
const pagedWaccAssumptionsSchema = z.object(waccInputsShape);
/**
 * A bundle as a page carries it: the one-company bundle without what the page gives once (the risk-free
 * rates), with its reports' figures by item index, and without its 行业对比 (given apart for the whole market:
 * `GET /api/data/company-bundles/industries`, contract/bundle-industries.ts). Its `version` is the page's.
 */
export const pagedCompanyBundleSchema = z.extend(z.omit(companyBundleSchema, { industry_comparison: true }), {
  statements: pagedStatementsSchema,
  waccAssumptions: pagedWaccAssumptionsSchema,
  version: z
    .number()
    .check(z.describe('本页各公司数据的变更序号（与行业对比无关）；组装时取它与行业答案 version 的较小者')),
});
const statementItemsSchema = z
  .array(z.string())
  .check(
    z.describe(
      '页内报表科目名，每个一次（先为标准科目，按 STATEMENT_ITEMS 顺序，各页相同；再为其他科目）；各公司 statements 的 years、interims 为 [科目序号, 数值, …]',
    ),
  );
const pageRiskFreeRatesSchema = z
  .nullable(riskFreeRatesSchema)
  .check(z.describe('各年末10年期国债收益率，页内各公司相同，给一次（各公司 waccAssumptions 不再重复）；null 为无'));
/** Kept, empty, for apps installed before 行业对比 came apart: theirs requires it (they then store no 行业对比). */
const formerIndustriesSchema = z.optional(
  z
    .record(z.string(), z.never())
    .check(z.describe('恒为空对象，供此前安装的应用读取；行业对比见 GET /api/data/company-bundles/industries')),
);
export const companyBundlesAnswer = envelope(
  z.object({
    bundles: z.array(pagedCompanyBundleSchema),
    industries: formerIndustriesSchema,
    statement_items: statementItemsSchema,
    risk_free_rates: pageRiskFreeRatesSchema,
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
export type PagedCompanyBundle = Omit<CompanyBundle, 'industry_comparison' | 'statements' | 'waccAssumptions'> & {
  readonly statements: PagedStatements;
  readonly waccAssumptions: Omit<WaccAssumptions, 'riskFreeRates'>;
};
/** What a page gives once for all its bundles. */
export interface PageShared {
  readonly statement_items: readonly string[];
  readonly risk_free_rates: readonly RiskFreeRate[] | null;
}

/**
 * A page's item names: the canonical items first, in `STATEMENT_ITEMS` order (so every page numbers them
 * alike), then any other name the first time a bundle of the page reports it.
 */
class StatementItemIndex {
  private readonly indexes = new Map<string, number>();
  readonly names: string[] = [];
  /** Names every page numbers alike: the indexes below this. */
  readonly canonical: number;

  constructor() {
    for (const name of STATEMENT_ITEMS) this.indexOf(name);
    this.canonical = this.names.length;
  }

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

/** A company's reports as a page carries them, and whether they name canonical items only. */
function pagedStatementsOf(statements: CompanyStatements, items: StatementItemIndex) {
  let canonical = true;
  const reports = (years: Readonly<Record<string, StatementYear>>) => {
    const paged: Record<string, PagedFigures> = {};
    for (const [key, year] of Object.entries(years)) {
      const figures: number[] = [];
      for (const [name, value] of Object.entries(year)) {
        const index = items.indexOf(name);
        canonical &&= index < items.canonical;
        figures.push(index, value);
      }
      paged[key] = figures;
    }
    return paged;
  };
  const paged: PagedStatements = {
    code: statements.code,
    name: statements.name,
    years: reports(statements.years),
    ...(statements.interims ? { interims: reports(statements.interims) } : {}),
  };
  return { paged, canonical };
}

/**
 * Each company's reports as pages write them (the JSON of its paged statements), by its statements object:
 * the server keeps a company's statements as one object while its figures stand (store/kept-statements.ts),
 * so after an edit that moves every page (a valuation, a mark) a company's reports are not written again.
 * Only reports that name canonical items only are kept: every page numbers those alike.
 */
export type PagedReportsMemo = WeakMap<CompanyStatements, string>;

/**
 * A page as the server writes it, bundle by bundle: each bundle as the page carries it, and what the page
 * gives once (`shared`). Every bundle of a page must hold the same rates (the server reads them once a page),
 * so the last one seen stands for all. A bundle's 行业对比 is not written to the page but kept for the
 * industries' answer (`industries`): the server reads pages without it and writes that answer apart; the tests'
 * and fixtures' pages are written from whole bundles.
 */
export class BundlePageWriter {
  private readonly items = new StatementItemIndex();
  private readonly comparisons = new BundleIndustriesWriter();
  private riskFreeRates: readonly RiskFreeRate[] | null = null;

  /** `memo`: reports written by earlier pages (see `PagedReportsMemo`), used and filled by `json`. */
  constructor(private readonly memo: PagedReportsMemo = new WeakMap()) {}

  /** The bundle as the page carries it; what it shares with the page's other bundles goes to `shared`. */
  paged(bundle: CompanyBundle): PagedCompanyBundle {
    return { ...this.pagedRest(bundle), statements: pagedStatementsOf(bundle.statements, this.items).paged };
  }

  /** `paged` as JSON, its reports from the memo when an earlier page wrote them (its statements last). */
  json(bundle: CompanyBundle): string {
    let statements = this.memo.get(bundle.statements);
    if (statements === undefined) {
      const { paged, canonical } = pagedStatementsOf(bundle.statements, this.items);
      statements = JSON.stringify(paged);
      if (canonical) this.memo.set(bundle.statements, statements);
    }
    const text = JSON.stringify(this.pagedRest(bundle));
    return `${text.slice(0, -1)},"statements":${statements}}`;
  }

  /** The bundle as the page carries it but for its reports. */
  private pagedRest(bundle: CompanyBundle): Omit<PagedCompanyBundle, 'statements'> {
    const { statements: _reports, waccAssumptions: wacc, industry_comparison: comparison, ...rest } = bundle;
    const { riskFreeRates, ...waccAssumptions } = wacc;
    if (riskFreeRates) this.riskFreeRates = riskFreeRates;
    this.comparisons.add(bundle.company, comparison);
    return { ...rest, waccAssumptions };
  }

  /** What the page gives once for the bundles written so far. */
  shared(): PageShared {
    return { statement_items: this.items.names, risk_free_rates: this.riskFreeRates };
  }

  /** The industries' answer for the bundles written so far (their 行业对比), at change sequence `version`. */
  industries(version: number): BundleIndustries {
    return this.comparisons.written(version);
  }
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

/**
 * The one-company bundle again from a page's bundle, what the page gives once and the industries' answer; null
 * when its figures do not fit its industry or a figure names no item of the page. Its version is the earlier
 * of the page's and the industries' answer's: the two are read apart (the page may be older, or the answer),
 * so the bundle is never labelled newer than either part, and a device that later finds the one-company
 * bundle at a higher version fetches it (at an equal version both parts are that state).
 */
export function bundleOfPage(
  paged: PagedCompanyBundle,
  shared: PageShared,
  industries: BundleIndustries,
): CompanyBundle | null {
  const years = reportsOfPage(paged.statements.years, shared.statement_items);
  const interims = paged.statements.interims && reportsOfPage(paged.statements.interims, shared.statement_items);
  if (!years || interims === null) return null;
  const { comparison, fits } = comparisonOfIndustries(paged.company, industries);
  if (!fits) return null;
  const statements: CompanyStatements = {
    code: paged.statements.code,
    name: paged.statements.name,
    years,
    ...(interims ? { interims } : {}),
  };
  const rates = shared.risk_free_rates;
  const waccAssumptions = rates ? { ...paged.waccAssumptions, riskFreeRates: rates } : paged.waccAssumptions;
  const bundle = { ...paged, statements, waccAssumptions, version: Math.min(paged.version, industries.version) };
  // Absent stays absent and null stays null, as the one-company bundle has it.
  return comparison === undefined ? bundle : { ...bundle, industry_comparison: comparison };
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
