import {
  bundleIndustriesAnswer,
  COMPANY_BUNDLES_PAGE_MAX,
  COMPANY_LIST_PAGE_MAX,
  companyBundleAnswer,
  companyBundlesAnswer,
  companyBundlesQuery,
  companyExistsAnswer,
  companyListAnswer,
  companyListQuery,
  companyNamesAnswer,
  healthAnswer,
  industryBetasAnswer,
} from '@fcf/engine/contract';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { GateFullError } from '../cache/build-gate.ts';
import {
  BUNDLE_INDUSTRIES_PATH,
  bundleIndustriesView,
  bundlesPageKey,
  bundlesPageSeq,
  bundlesPageView,
} from '../cache/bundle-pages.ts';
import type { ListedCompany } from '../cache/company-list.ts';
import { currentChangeSeq } from '../db/change-seq.ts';
import { queryOne } from '../db/query.ts';
import { ApiError, MESSAGES, requestReference } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { retryLater } from '../http/retry-later.ts';
import { queryOf } from '../http/validate.ts';
import { findCompany } from '../store/companies.ts';
import { readIndustryBetas } from '../store/industry-betas.ts';
import { cachedBuild, cachedJson, NOT_MODIFIED } from './cached-view.ts';
import { companyFromPath } from './company-param.ts';

export const SERVER_VERSION = '0.1.0';

/** The company list, or the page `[offset, offset + limit)` of it in code order (`limit` null: all of it). */
function companyList(all: readonly ListedCompany[], offset = 0, limit: number | null = null) {
  const shown = limit === null ? all.slice(offset) : all.slice(offset, offset + limit);
  const companies = shown.map((company) => ({
    id: company.code,
    name: company.name,
    code: company.code,
    industry: company.industry,
    has_forecast_data: company.has_forecast_data,
    pinyin: company.pinyin,
    initials: company.initials,
  }));
  const paged = limit !== null || offset > 0;
  return {
    success: true,
    data: companies,
    message: paged ? `共 ${all.length} 家公司，本页 ${companies.length} 家` : `共 ${companies.length} 家公司`,
    total: all.length,
  };
}

/** How long a client refused for a full build queue waits before it asks again, in seconds. */
const BUSY_RETRY_SECONDS = 5;

/** A large build's answer, or 503 with Retry-After when the large-build gate is full. */
async function orBusy(c: Context<AppEnv>, answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer();
  } catch (error) {
    if (!(error instanceof GateFullError)) throw error;
    return retryLater(c, 503, '服务器繁忙，请稍后重试', BUSY_RETRY_SECONDS);
  }
}

/** The company list's route under /api: its answers are kept by the list's own version, not the sequence. */
const COMPANY_LIST_ROUTE = '/data/available-companies';
/** Its path as requested, which the cached reads' fast path looks up by that version (app.ts). */
export const COMPANY_LIST_PATH = `/api${COMPANY_LIST_ROUTE}`;

/** Company lists, existence, the company bundle and health. */
export const companyRoutes = new Hono<AppEnv>()
  .get(
    COMPANY_LIST_ROUTE,
    documented({
      tag: 'companies',
      summary: '公司列表（代码、名称、行业）',
      description: `不带参数返回全部公司（全市场约 440 KB JSON，压缩后约 100 KB）；客户端可分页：offset 起的 limit 家（1–${COMPANY_LIST_PAGE_MAX}），total 为总数。`,
      answers: { 200: companyListAnswer, 304: NOT_MODIFIED },
    }),
    queryOf(companyListQuery),
    // Serialised and compressed once per change of the list (and per page asked for), then only looked up;
    // from the list kept in memory (`CompanyListSnapshot`), never read on the request path. Only the whole
    // list and pages at multiples of their length are kept: any other offset is answered and forgotten.
    (c) => {
      const query = c.req.valid('query');
      const offset = Number(query.offset ?? 0);
      const limit =
        query.limit === undefined ? null : Math.min(COMPANY_LIST_PAGE_MAX, Math.max(1, Number(query.limit)));
      const key = limit === null && offset === 0 ? c.req.path : `${c.req.path}?offset=${offset}&limit=${limit ?? ''}`;
      const canonical = limit === null ? offset === 0 : offset % limit === 0;
      // Kept by the list's own version, not the global sequence: a forecast edit or a valuation keeps it.
      const { companyList: snapshot, companyListVersion } = c.get('services');
      return cachedBuild(
        c,
        key,
        async (version) => {
          const list = await snapshot.current();
          return {
            json: JSON.stringify(companyList(list.all, offset, limit)),
            keep: canonical && list.version === version,
          };
        },
        companyListVersion.current(),
      );
    },
  )
  .get(
    '/data/companies',
    documented({ tag: 'companies', summary: '公司名称列表', answers: { 200: companyNamesAnswer } }),
    async (c) => {
      const names = (await c.var.services.companyList.current()).all.map((company) => company.name);
      return c.json({ success: true, data: names, message: `共 ${names.length} 家公司` });
    },
  )
  .get(
    '/data/company-exists/:company',
    documented({ tag: 'companies', summary: '公司是否存在（名称或代码）', answers: { 200: companyExistsAnswer } }),
    (c) => {
      const company = findCompany(c.var.services.db, c.req.param('company'));
      return c.json({
        success: true,
        data: { exists: company !== undefined, ...(company ? { name: company.name, code: company.code } : {}) },
        message: company ? '公司存在' : '公司不存在',
      });
    },
  )
  .get(
    '/data/company-bundle/:company',
    documented({
      tag: 'companies',
      summary: '公司估值所需的全部输入（浏览器缓存后离线计算报告）',
      answers: { 200: companyBundleAnswer, 304: NOT_MODIFIED },
    }),
    (c) =>
      cachedJson(c, () => ({
        success: true,
        data: c.var.services.valuations.bundle(companyFromPath(c)),
        message: '获取成功',
      })),
  )
  .get(
    '/data/company-bundles',
    documented({
      tag: 'companies',
      summary: '全部公司的估值输入，分页（离线下载全部）',
      description: `按代码顺序，每页 limit 家（默认与最多 ${COMPANY_BUNDLES_PAGE_MAX} 家，更大按 ${COMPANY_BUNDLES_PAGE_MAX} 计）；下一页以上一页的 next 为 after；响应头 Link（rel="next"）在正文之前给出下一页的地址，最后一页没有。每家公司的数据在同一数据状态下读取，version 为本页公司数据最后一次变更的序号（编辑一家公司只改变它所在的一页）。各公司的行业对比不在页中，见 GET /api/data/company-bundles/industries；无风险利率表在 risk_free_rates 中每页一次；报表科目名在 statement_items 中每个一次，各年报表为 [科目序号, 数值, …]（与单家公司接口相同的数据，以 bundleOfPage 还原）。同时生成的大页过多时回答 503 并带 Retry-After。`,
      answers: { 200: companyBundlesAnswer, 304: NOT_MODIFIED },
      errors: [503],
    }),
    queryOf(companyBundlesQuery),
    async (c) => {
      const query = c.req.valid('query');
      const after = query.after ?? '';
      const limit = Math.min(COMPANY_BUNDLES_PAGE_MAX, Math.max(1, Number(query.limit ?? COMPANY_BUNDLES_PAGE_MAX)));
      const services = c.get('services');
      // Readers download: the warm-up builds the pages again after the next writes.
      services.bundlePages?.asked();
      return orBusy(c, async () =>
        cachedBuild(
          c,
          bundlesPageKey(after, limit),
          (seq) => services.largeBuilds.run(() => bundlesPageView(services, after, limit, seq)),
          await bundlesPageSeq(services, after, limit),
        ),
      );
    },
  )
  .get(
    '/data/company-bundles/industries',
    documented({
      tag: 'companies',
      summary: '全部公司的行业对比（离线下载全部，与分页的估值输入分开）',
      description:
        '各行业一次（公司数、各指标名称、中位数与家数、最大公司）；comparisons 按行业、再按公司代码，各公司只带自己的数值与半名次（分位 = 半名次 ÷ 2 ÷ 家数）。一家公司的估值变化会移动全行业的分位，所以它不在分页中：编辑一家公司只改变本答案与该公司所在的一页。以 bundleOfPage(页中公司, 页, 本答案) 还原单家公司接口的数据包，version 取两者较小者。',
      answers: { 200: bundleIndustriesAnswer, 304: NOT_MODIFIED },
      errors: [503],
    }),
    async (c) => {
      const services = c.get('services');
      services.bundlePages?.asked();
      return orBusy(c, () =>
        cachedBuild(c, BUNDLE_INDUSTRIES_PATH, (seq) =>
          services.largeBuilds.run(() => bundleIndustriesView(services, seq)),
        ),
      );
    },
  )
  .get(
    '/data/industry-betas',
    documented({
      tag: 'companies',
      summary: '各国标行业的β与公司数（WACC查询工具的行业表）',
      description: '未配置β的行业使用默认β（default_beta 为 true）；公司数为市场数据中该行业的公司数。',
      answers: { 200: industryBetasAnswer },
    }),
    (c) => {
      const data = readIndustryBetas(c.var.services.db);
      return c.json({ success: true, data, message: `共 ${data.industries.length} 个行业` });
    },
  )
  .get(
    '/data/health',
    documented({ tag: 'companies', summary: '服务与数据库状态', answers: { 200: healthAnswer }, errors: [503] }),
    (c) => {
      const { db } = c.var.services;
      try {
        const companies = queryOne<{ n: number }>(db, 'SELECT count(*) AS n FROM companies WHERE deleted = 0')?.n ?? 0;
        return c.json({
          success: true,
          data: { status: 'ok', database: 'ok', version: SERVER_VERSION, companies, change_seq: currentChangeSeq(db) },
          message: '服务正常',
        });
      } catch (error) {
        // The driver's text stays in the log (it tells about the system); the answer names the request.
        const reference = requestReference(c.var.requestId);
        console.error(`${reference}：健康检查无法读取数据库`, error);
        throw new ApiError(503, MESSAGES.databaseUnavailable, reference);
      }
    },
  );
