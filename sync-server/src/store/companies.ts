import { normalizeStockCode } from '@fcf/engine';
import { invisibleCharacterIn } from '@fcf/engine/contract';
import { nextChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { execute, queryAll, queryOne } from '../db/query.ts';

export interface CompanyRecord {
  readonly code: string;
  readonly name: string;
  readonly industry: string;
}

export const DEFAULT_INDUSTRY = '其他';

/** Longest company name, in characters (the longest listed name has 6). */
export const MAX_COMPANY_NAME_LENGTH = 50;

/** A company name that cannot be stored: too long, with invisible characters, or another live company's. */
export class CompanyNameError extends Error {
  override readonly name = 'CompanyNameError';
}

/**
 * A name as it is stored: NFKC-normalised, so full-width letters and digits ('ＴＣＬ科技') and other
 * compatibility forms are the name they look like ('TCL科技'), and trimmed.
 */
export function storedCompanyName(name: string): string {
  return name.normalize('NFKC').trim();
}

/**
 * Why `name` (as stored) cannot be this company's, or undefined. Names identify companies in links and
 * searches (`/?company=美的集团`), so no two live companies share one, ignoring ASCII case as lookups do,
 * and none holds an invisible character, with which '美的集团\u200B' would look like 美的集团 and pass as
 * another name.
 */
function companyNameProblem(db: Database, code: string, name: string): string | undefined {
  if ([...name].length > MAX_COMPANY_NAME_LENGTH) {
    return `公司名称过长：最多 ${MAX_COMPANY_NAME_LENGTH} 个字符（“${[...name].slice(0, 20).join('')}…”）`;
  }
  const invisible = invisibleCharacterIn(name);
  if (invisible) {
    return `公司名称含有不可见字符或文字方向控制字符（${invisible}）：请删除后重新上传，并核对文件中的公司名称`;
  }
  const holder = queryOne<{ code: string }>(
    db,
    'SELECT code FROM companies WHERE deleted = 0 AND lower(name) = lower(?) AND code <> ?',
    name,
    code,
  );
  return holder
    ? `公司名称“${name}”已被股票代码 ${holder.code} 使用：同名公司不能重复，请核对文件中的股票代码或公司名称`
    : undefined;
}

/**
 * Inserts or renames a company under its stored name (`storedCompanyName`), which it answers; bumps
 * version and change_seq only when something changed. Throws a CompanyNameError (and writes nothing) when
 * the name is too long, holds an invisible character or is taken by another live company.
 */
export function upsertCompany(db: Database, company: { code: string; name: string; industry?: string }): string {
  const name = storedCompanyName(company.name);
  const problem = companyNameProblem(db, company.code, name);
  if (problem) throw new CompanyNameError(problem);
  const existing = queryOne<CompanyRecord & { deleted: number }>(
    db,
    'SELECT code, name, industry, deleted FROM companies WHERE code = ?',
    company.code,
  );
  const industry = company.industry ?? existing?.industry ?? DEFAULT_INDUSTRY;
  if (existing && existing.deleted === 0 && existing.name === name && existing.industry === industry) return name;
  execute(
    db,
    `INSERT INTO companies (code, name, industry, change_seq) VALUES (?, ?, ?, ?)
     ON CONFLICT (code) DO UPDATE SET name = excluded.name, industry = excluded.industry,
       change_seq = excluded.change_seq, version = version + 1, deleted = 0`,
    company.code,
    name,
    industry,
    nextChangeSeq(db),
  );
  return name;
}

/**
 * The company a request names: a code (padded to 6 digits) or a name, exact first, then ignoring case.
 */
export function findCompany(db: Database, nameOrCode: string): CompanyRecord | undefined {
  const wanted = nameOrCode.trim();
  if (!wanted) return undefined;
  const code = normalizeStockCode(wanted);
  if (code !== null) {
    const byCode = queryOne<CompanyRecord>(
      db,
      'SELECT code, name, industry FROM companies WHERE code = ? AND deleted = 0',
      code,
    );
    if (byCode) return byCode;
  }
  return (
    queryOne<CompanyRecord>(db, 'SELECT code, name, industry FROM companies WHERE name = ? AND deleted = 0', wanted) ??
    queryOne<CompanyRecord>(
      db,
      'SELECT code, name, industry FROM companies WHERE lower(name) = lower(?) AND deleted = 0',
      wanted,
    )
  );
}

export interface CompanyListEntry extends CompanyRecord {
  /** The company has the history a forecast needs (an annual revenue). */
  readonly has_forecast_data: boolean;
}

export function listCompanies(db: Database): CompanyListEntry[] {
  return listCompaniesAfter(db, '', -1);
}

/** Up to `limit` live companies with codes after `after`, in code order (-1: all of them). */
export function listCompaniesAfter(db: Database, after: string, limit: number): CompanyListEntry[] {
  return queryAll<CompanyRecord & { has_history: number }>(
    db,
    `SELECT c.code, c.name, c.industry,
       EXISTS (SELECT 1 FROM statement_values s WHERE s.company_code = c.code AND s.deleted = 0
               AND s.period = 'FY' AND s.item IN ('operating_revenue', 'total_operating_revenue')) AS has_history
     FROM companies c WHERE c.deleted = 0 AND c.code > ? ORDER BY c.code LIMIT ?`,
    after,
    limit,
  ).map(({ has_history, ...company }) => ({ ...company, has_forecast_data: has_history === 1 }));
}

/**
 * What the company list was read from, as one number: the latest change of a company or of a statement figure
 * (which decides `has_forecast_data`). Two index lookups. Every write takes a number higher than any before and
 * neither table loses a row, so the same number means the same list; a forecast edit, a valuation or a quote
 * keeps it.
 */
export function companyListVersion(db: Database): number {
  const row = queryOne<{ seq: number }>(
    db,
    `SELECT max(coalesce((SELECT max(change_seq) FROM companies), 0),
                coalesce((SELECT max(change_seq) FROM statement_values), 0)) AS seq`,
  );
  return row?.seq ?? 0;
}
