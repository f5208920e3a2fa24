import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { ApiError, MESSAGES } from '../http/errors.ts';
import { type CompanyRecord, findCompany } from '../store/companies.ts';

/** The company named by the `:company` path segment (name or code), or a 404 naming it. */
export function companyFromPath(c: Context<AppEnv>): CompanyRecord {
  const named = c.req.param('company') ?? '';
  const company = findCompany(c.var.services.db, named);
  if (!company) throw new ApiError(404, MESSAGES.companyNotFound(named));
  return company;
}
