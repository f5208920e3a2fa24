import {
  type DriverKey,
  isDriverKey,
  NO_MANUAL_PARAMETERS,
  type ValuationParameters,
  type YearOverrides,
} from '@fcf/engine';
import type { WhatIf } from '@fcf/engine/report';

type RowData = Record<string, unknown> | null;

/**
 * The admin's forecast as the sync client sees it (the server's rows with this browser's pending edits
 * laid over them), for one company, as the engine's overrides and manual valuation parameters.
 */
export function whatIfFromSync(
  companyCode: string,
  forecastRows: ReadonlyMap<string, RowData>,
  valuationRows: ReadonlyMap<string, RowData>,
): WhatIf {
  const overrides: Record<number, Partial<Record<DriverKey, number>>> = {};
  for (const [key, data] of forecastRows) {
    if (!data || !key.startsWith(`${companyCode}|`)) continue;
    const year = Number(data.year);
    const parameter = String(data.parameter);
    if (!isDriverKey(parameter) || typeof data.value !== 'number') continue;
    overrides[year] = { ...overrides[year], [parameter]: data.value };
  }
  const row = valuationRows.get(companyCode);
  const number = (value: unknown) => (typeof value === 'number' ? value : null);
  const parameters: ValuationParameters = row
    ? {
        wacc_manual: number(row.wacc_manual),
        terminal_growth_rate_manual: number(row.terminal_growth_rate_manual),
        total_shares_manual: number(row.total_shares_manual),
      }
    : NO_MANUAL_PARAMETERS;
  return { parameters, overrides: overrides as YearOverrides };
}
