import {
  companyBundleAnswer,
  companyExistsAnswer,
  companyListAnswer,
  companyNamesAnswer,
  healthAnswer,
} from '@fcf/engine/report';
import { Hono } from 'hono';
import { currentChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { queryOne } from '../db/query.ts';
import type { AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { findCompany, listCompanies } from '../store/companies.ts';
import { namePinyin } from '../store/company-pinyin.ts';
import { companyFromPath } from './company-param.ts';

export const SERVER_VERSION = '0.1.0';

/**
 * The serialised company list, per database, until the next write anywhere (the global change sequence
 * moves): building it reads every company through libSQL (~30 ms for the whole market), a check of the
 * sequence is one tiny query.
 */
const companyListCache = new WeakMap<Database, { seq: number; body: string }>();

function companyListBody(db: Database): string {
  const seq = currentChangeSeq(db);
  const cached = companyListCache.get(db);
  if (cached && cached.seq === seq) return cached.body;
  const companies = listCompanies(db).map((company) => ({
    id: company.code,
    name: company.name,
    code: company.code,
    industry: company.industry,
    has_forecast_data: company.has_forecast_data,
    ...namePinyin(company.name),
  }));
  const body = JSON.stringify({ success: true, data: companies, message: `共 ${companies.length} 家公司` });
  companyListCache.set(db, { seq, body });
  return body;
}

/** Company lists, existence, the company bundle and health. */
export const companyRoutes = new Hono<AppEnv>()
  .get(
    '/data/available-companies',
    documented({ tag: 'companies', summary: '公司列表（代码、名称、行业）', answers: { 200: companyListAnswer } }),
    (c) => c.body(companyListBody(c.var.services.db), 200, { 'Content-Type': 'application/json' }),
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
      answers: { 200: companyBundleAnswer },
    }),
    (c) => {
      const bundle = c.var.services.valuations.bundle(companyFromPath(c));
      return c.json({ success: true, data: bundle, message: '获取成功' });
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
        return errorResponse(c, 503, '数据库不可用，请稍后重试', String(error));
      }
    },
  );
