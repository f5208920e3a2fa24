import type { TerminalValueMethod } from '@fcf/engine';
import { platformSettingsAnswer, riskFreeRatesAnswer } from '@fcf/engine/contract';
import { apiRequest } from '../../api/http.ts';

/** The back office's calls for the platform's settings (docs/model.md §6), each answer checked by the contract. */

export type { RiskFreeRateRow } from '@fcf/engine/contract';

export const readPlatformSettings = () =>
  apiRequest('/api/admin/platform-settings', { schema: platformSettingsAnswer }).then((body) => body.data);

export const savePlatformSettings = (method: TerminalValueMethod) =>
  apiRequest('/api/admin/platform-settings', {
    method: 'PUT',
    body: { terminal_value_method: method },
    schema: platformSettingsAnswer,
  }).then((body) => body.data);

export const readRiskFreeRates = () =>
  apiRequest('/api/admin/risk-free-rates', { schema: riskFreeRatesAnswer }).then((body) => body.data);

export const saveRiskFreeRate = (entry: { year: number; rate: number; source?: string }) =>
  apiRequest('/api/admin/risk-free-rates', { method: 'PUT', body: entry, schema: riskFreeRatesAnswer }).then(
    (body) => body.data,
  );

export const restoreRiskFreeRate = (year: number) =>
  apiRequest(`/api/admin/risk-free-rates/${year}`, { method: 'DELETE', schema: riskFreeRatesAnswer }).then(
    (body) => body.data,
  );
