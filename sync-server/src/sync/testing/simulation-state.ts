import type { ResetScope } from '@fcf/engine';
import type { SyncClient } from '@fcf/engine/sync';
import { queryAll } from '../../db/query.ts';
import type { ForkedPlatform } from '../../testing/platform-fork.ts';

/** The simulation's view of the edited tables, on the server, on a client, and as a serial replay. */
/** The edited tables as values: forecast drivers by key, manual WACC and g by company. */
export interface EditedState {
  forecast: Map<string, number>;
  valuation: Map<string, { wacc_manual: number | null; terminal_growth_rate_manual: number | null }>;
}

/** One row of sync_mutations, in the order the server processed them (rowid). */
export interface Recorded {
  rowid: number;
  client_id: string;
  mutation_id: number;
  name: string;
  args_json: string;
  base_version: number;
  status: string;
  code: string | null;
  resolved: number;
}

function setValuation(state: EditedState, company: string, parameter: string, value: number | null) {
  const current = state.valuation.get(company) ?? { wacc_manual: null, terminal_growth_rate_manual: null };
  const next = { ...current, [parameter]: value };
  if (next.wacc_manual === null && next.terminal_growth_rate_manual === null) state.valuation.delete(company);
  else state.valuation.set(company, next);
}

/** What the server holds of the edited tables. */
export function serverState(platform: ForkedPlatform): EditedState {
  const state: EditedState = { forecast: new Map(), valuation: new Map() };
  for (const row of queryAll<{ company_code: string; year: number; parameter: string; value: number }>(
    platform.db,
    'SELECT company_code, year, parameter, value FROM forecast_parameters WHERE deleted = 0',
  )) {
    state.forecast.set(`${row.company_code}|${row.year}|${row.parameter}`, row.value);
  }
  for (const row of queryAll<{
    company_code: string;
    wacc_manual: number | null;
    terminal_growth_rate_manual: number | null;
  }>(
    platform.db,
    'SELECT company_code, wacc_manual, terminal_growth_rate_manual FROM valuation_inputs WHERE deleted = 0',
  )) {
    setValuation(state, row.company_code, 'wacc_manual', row.wacc_manual);
    setValuation(state, row.company_code, 'terminal_growth_rate_manual', row.terminal_growth_rate_manual);
  }
  return state;
}

/** What a client shows of the edited tables: its pulled rows with its outbox laid over them. */
export async function clientState(sync: SyncClient): Promise<EditedState> {
  const state: EditedState = { forecast: new Map(), valuation: new Map() };
  for (const [key, data] of await sync.view('forecast_parameters')) {
    if (data) state.forecast.set(key, data.value as number);
  }
  for (const [company, data] of await sync.view('valuation_inputs')) {
    setValuation(state, company, 'wacc_manual', (data?.wacc_manual as number | null) ?? null);
    setValuation(
      state,
      company,
      'terminal_growth_rate_manual',
      (data?.terminal_growth_rate_manual as number | null) ?? null,
    );
  }
  return state;
}

/**
 * The applied mutations replayed one after another in the order the server processed them, with the
 * company deletions where they happened: what the server must hold.
 */
export function serialReplay(
  processed: readonly Recorded[],
  removals: readonly { afterRowid: number; company: string }[],
) {
  const state: EditedState = { forecast: new Map(), valuation: new Map() };
  const pending = [...removals];
  const remove = (company: string) => {
    for (const key of [...state.forecast.keys()]) if (key.startsWith(`${company}|`)) state.forecast.delete(key);
    state.valuation.delete(company);
  };
  for (const mutation of processed) {
    while (pending[0] && pending[0].afterRowid < mutation.rowid)
      remove((pending.shift() as { company: string }).company);
    if (mutation.status !== 'applied') continue;
    const args = JSON.parse(mutation.args_json) as Record<string, unknown>;
    if (mutation.name === 'setForecastParameter') {
      const key = `${args.company}|${args.year}|${args.parameter}`;
      if (args.value === null) state.forecast.delete(key);
      else state.forecast.set(key, args.value as number);
    } else if (mutation.name === 'setValuationParameter') {
      setValuation(state, args.company as string, args.parameter as string, args.value as number | null);
    } else if (mutation.name === 'resetToAuto') {
      const company = args.company as string;
      const scope = args.scope as ResetScope;
      if (scope.fcf_parameters) {
        for (const key of [...state.forecast.keys()]) if (key.startsWith(`${company}|`)) state.forecast.delete(key);
      }
      if (scope.wacc_parameters) setValuation(state, company, 'wacc_manual', null);
      if (scope.terminal_growth_rate) setValuation(state, company, 'terminal_growth_rate_manual', null);
    }
  }
  for (const removal of pending) remove(removal.company);
  return state;
}
