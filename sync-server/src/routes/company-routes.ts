import {
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
} from '@fcf/engine/report';
import { Hono } from 'hono';
import { currentChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { queryOne } from '../db/query.ts';
import type { AppEnv } from '../http/app-env.ts';
import { ApiError, MESSAGES, requestReference } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { queryOf } from '../http/validate.ts';
import { findCompany, listCompanies } from '../store/companies.ts';
import { namePinyin } from '../store/company-pinyin.ts';
import { readIndustryBetas } from '../store/industry-betas.ts';
import { BUNDLES_PAGE_DEFAULT, BUNDLES_PAGE_MAX } from '../valuation/market-bundles.ts';
import { cachedJson, NOT_MODIFIED } from './cached-view.ts';
import { companyFromPath } from './company-param.ts';

export const SERVER_VERSION = '0.1.0';

/**
 * The company list, or the page `[offset, offset + limit)` of it in code order (`limit` null: all of it).
 * Pinyin is worked out only for the companies sent.
 */
function companyList(db: Database, offset = 0, limit: number | null = null) {
  const all = listCompanies(db);
  const shown = limit === null ? all.slice(offset) : all.slice(offset, offset + limit);
  const companies = shown.map((company) => ({
    id: company.code,
    name: company.name,
    code: company.code,
    industry: company.industry,
    has_forecast_data: company.has_forecast_data,
    ...namePinyin(company.name),
  }));
  const paged = limit !== null || offset > 0;
  return {
    success: true,
    data: companies,
    message: paged ? `共 ${all.length} 家公司，本页 ${companies.length} 家` : `共 ${companies.length} 家公司`,
    total: all.length,
  };
}

/** Company lists, existence, the company bundle and health. */
export const companyRoutes = new Hono<AppEnv>()
  .get(
    '/data/available-companies',
    documented({
      tag: 'companies',
      summary: '公司列表（代码、名称、行业）',
      description: `不带参数返回全部公司（全市场约 440 KB JSON，压缩后约 100 KB）；客户端可分页：offset 起的 limit 家（1–${COMPANY_LIST_PAGE_MAX}），total 为总数。`,
      answers: { 200: companyListAnswer, 304: NOT_MODIFIED },
    }),
    queryOf(companyListQuery),
    // Serialised and compressed once per change of the data (and per page asked for), then only looked up.
    (c) => {
      const query = c.req.valid('query');
      const offset = Number(query.offset ?? 0);
      const limit =
        query.limit === undefined ? null : Math.min(COMPANY_LIST_PAGE_MAX, Math.max(1, Number(query.limit)));
      const key = limit === null && offset === 0 ? c.req.path : `${c.req.path}?offset=${offset}&limit=${limit ?? ''}`;
      return cachedJson(c, () => companyList(c.get('services').db, offset, limit), key);
    },
  )
  .get(
    '/data/companies',
    documented({ tag: 'companies', summary: '公司名称列表', answers: { 200: companyNamesAnswer } }),
    (c) => {
      const names = listCompanies(c.var.services.db).map((company) => company.name);
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
      description: `按代码顺序，每页 limit 家（默认 ${BUNDLES_PAGE_DEFAULT}）；下一页以上一页的 next 为 after。每页在同一数据状态下读取。`,
      answers: { 200: companyBundlesAnswer, 304: NOT_MODIFIED },
    }),
    queryOf(companyBundlesQuery),
    (c) => {
      const query = c.req.valid('query');
      const after = query.after ?? '';
      const limit = Math.min(BUNDLES_PAGE_MAX, Math.max(1, Number(query.limit ?? BUNDLES_PAGE_DEFAULT)));
      return cachedJson(
        c,
        () => ({ success: true, data: c.var.services.valuations.bundlesPage(after, limit), message: '获取成功' }),
        `${c.req.path}?after=${after}&limit=${limit}`,
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
