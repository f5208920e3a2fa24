import type { BatchAnswer } from '@fcf/engine/contract';
import type { CompaniesStatus, CompanyStatus, Job, UploadedFile } from '../admin-api.ts';

/** Test data in the shapes the admin API answers with. */

export function company(name: string, code: string, overrides: Partial<CompanyStatus> = {}): CompanyStatus {
  const report_types = overrides.report_types ?? [
    'income_statement',
    'balance_sheet',
    'cash_flow',
    'financial_summary',
  ];
  return {
    code,
    name,
    industry: '家用电器',
    report_types,
    completeness: `${report_types.length}/4`,
    complete: report_types.length === 4,
    valued: true,
    analyzed: true,
    ...overrides,
  };
}

export function statusOf(companies: readonly CompanyStatus[]): CompaniesStatus {
  const unvalued = companies.filter((item) => !item.valued).map((item) => item.name);
  const unanalyzed = companies.filter((item) => !item.analyzed).map((item) => item.name);
  return {
    unvalued_companies: unvalued,
    unanalyzed_companies: unanalyzed,
    statistics: {
      total_companies: companies.length,
      unvalued_count: unvalued.length,
      unanalyzed_count: unanalyzed.length,
      complete_count: companies.filter((item) => item.complete).length,
    },
    companies: [...companies],
  };
}

export function uploadedFile(id: number, overrides: Partial<UploadedFile> = {}): UploadedFile {
  return {
    id,
    company_code: '000651',
    company_name: '格力电器',
    file_name: `格力电器_利润表_${id}.xlsx`,
    report_type: 'income_statement',
    year: '2019-2023',
    size: 20_480,
    status: 'uploaded',
    upload_time: '2025-03-08T06:05:42.000Z',
    ...overrides,
  };
}

export function job(overrides: Partial<Job> = {}): Job {
  return {
    id: 'job-1',
    kind: 'valuation',
    status: 'running',
    done: 0,
    total: 3,
    result: null,
    error: null,
    created_at: '2025-03-08T06:05:42.000Z',
    updated_at: '2025-03-08T06:05:42.000Z',
    ...overrides,
  };
}

/** A batch's answer (also a finished job's result): who succeeded, who failed and why. */
export function batchAnswer(
  succeeded: readonly string[],
  failed: readonly BatchAnswer['data']['failed'][number][] = [],
): BatchAnswer {
  return {
    success: true,
    data: { successful_companies: [...succeeded], failed: [...failed] },
    summary: { success_count: succeeded.length, failure_count: failed.length, companies_analyzed: succeeded.length },
    message: `完成：成功 ${succeeded.length} 家，失败 ${failed.length} 家`,
  };
}
