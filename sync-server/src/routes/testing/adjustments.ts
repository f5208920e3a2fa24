import {
  adjustmentStatusAnswer,
  adjustParametersAnswer,
  auditLogAnswer,
  dcfValuationAnswer,
  type ErrorAnswer,
  financialDataAnswer,
  valuationParamsAnswer,
} from '@fcf/engine/contract';
import type { DcfValuationView } from '@fcf/engine/report';
import { afterAll, beforeAll, expect } from 'vitest';
import { currentChangeSeq } from '../../db/change-seq.ts';
import { queryAll } from '../../db/query.ts';
import { answerOf, readData, refusalOf } from '../../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../../testing/test-platform.ts';

/**
 * What the adjustment tests share: 美的集团 (latest report 2024, so forecast years 2025–2029), reads of its
 * views through the contract's schemas, an adjustment call, and what a refused request must leave as it was.
 */

export const MIDEA = encodeURIComponent('美的集团');
export const ADJUST = `/api/admin/adjust-parameters/${MIDEA}`;
export const FORECAST_YEARS = [2025, 2026, 2027, 2028, 2029];

/** One seeded platform per describe: each starts from the fixtures with nothing set by hand. */
export function usePlatform() {
  const state = {} as { platform: TestPlatform; token: string; userToken: string; pristine: DcfValuationView };
  beforeAll(async () => {
    state.platform = await startTestPlatform();
    state.token = await state.platform.adminToken();
    state.userToken = await state.platform.userToken();
    state.pristine = await dcf(state.platform);
  });
  afterAll(() => state.platform.close());
  return state;
}

export const dcf = (platform: TestPlatform) =>
  readData(platform, `/api/home/dcf_valuation/${MIDEA}`, dcfValuationAnswer);
export const manualView = async (platform: TestPlatform) =>
  (await readData(platform, `/api/data/financial-data/${MIDEA}?view_mode=manual`, financialDataAnswer)).forecast;
export const valuationParams = (platform: TestPlatform) =>
  readData(platform, `/api/admin/valuation-params/${MIDEA}`, valuationParamsAnswer);
export const adjustmentStatus = (platform: TestPlatform, token: string) =>
  readData(platform, `/api/admin/adjustment-status/${MIDEA}`, adjustmentStatusAnswer, token);
export const auditLog = (platform: TestPlatform, token: string, query = `company=${MIDEA}`) =>
  readData(platform, `/api/admin/audit-log?${query}`, auditLogAnswer, token);

export async function adjust(platform: TestPlatform, token: string, body: Record<string, unknown>) {
  const response = await platform.call('POST', ADJUST, { token, body: { company_name: '美的集团', ...body } });
  const answer = await answerOf(response, adjustParametersAnswer);
  expect(answer.success).toBe(true);
  expect(answer.message).toMatch(/^参数已保存/);
  return answer.data;
}

export async function refused(
  platform: TestPlatform,
  path: string,
  status: number,
  options: { token?: string; body?: unknown },
): Promise<ErrorAnswer> {
  return refusalOf(await platform.call('POST', path, options), status);
}

interface ParameterRow {
  year: number;
  parameter: string;
  value: number | null;
  source: string;
  updated_by: string | null;
  version: number;
  change_seq: number;
  deleted: number;
}

/** 美的集团's stored forecast parameters (of one parameter), as the database has them. */
export function parameterRows(platform: TestPlatform, parameter?: string): ParameterRow[] {
  return queryAll<ParameterRow>(
    platform.db,
    `SELECT year, parameter, value, source, updated_by, version, change_seq, deleted FROM forecast_parameters
     WHERE company_code = '000333' ${parameter ? 'AND parameter = ?' : ''} ORDER BY parameter, year`,
    ...(parameter ? [parameter] : []),
  );
}

/** What a refused request must leave as it was. */
export function writes(platform: TestPlatform) {
  const count = (table: string) => queryAll<{ n: number }>(platform.db, `SELECT count(*) AS n FROM ${table}`)[0]?.n;
  return {
    seq: currentChangeSeq(platform.db),
    parameters: count('forecast_parameters'),
    inputs: count('valuation_inputs'),
    audit: count('audit_log'),
  };
}

/** The page's save body, built from the DCF it shows. */
export function saveBody(view: DcfValuationView) {
  return {
    valuation_results: {
      forecast_fcf_sum: view.forecast_fcf_sum,
      terminal_value: view.terminal_value,
      terminal_pv: view.terminal_pv,
      enterprise_value: view.valuation.enterprise_value,
      equity_value: view.valuation.equity_value,
      value_per_share: view.valuation.value_per_share,
    },
    discounted_cashflows: view.forecast.map((row) => ({
      year: row.year,
      fcf: row.fcf,
      wacc: view.wacc,
      discount_factor: row.discount_factor,
      discounted_fcf: row.discounted_fcf,
    })),
    valuation_year: view.meta.latest_report_year + 1,
  };
}
