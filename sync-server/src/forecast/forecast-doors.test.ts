import {
  ADJUSTABLE_PARAMETERS,
  type AdjustableParameter,
  type DriverKey,
  isDriverKey,
  PARAMETER_RULES,
  type ResetScope,
  type ValuationParameterKey,
} from '@fcf/engine';
import {
  MemorySyncStore,
  type MutationResult,
  type RejectionCode,
  SyncClient,
  type SyncTransport,
} from '@fcf/engine/sync';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAll } from '../db/query.ts';
import { appTransport } from '../testing/app-transport.ts';
import { type ForkedPlatform, type PlatformTemplate, startPlatformTemplate } from '../testing/platform-fork.ts';

/**
 * The same edits through both doors, the REST routes on one copy of a seeded database and sync pushes on
 * another: every edit has the same outcome (applied, or refused with the same message and a matching
 * HTTP status and rejection code), and afterwards both copies hold the same rows, row versions, change
 * sequence numbers, stored valuations and audit entries.
 */
const MIDEA = '000333';
const PARAMETERS = ['operating_revenue_yoy', 'da_ratio', 'Accounts_Receivable_Ratio'] as const;
/** 2025–2029 is the horizon; 2024 and 2030 lie outside it. */
const YEARS = [2024, 2025, 2026, 2027, 2029, 2030] as const;

/** The HTTP status the REST door answers for each rejection code the sync door gives. */
const STATUS_OF_REJECTION: Partial<Record<RejectionCode, number>> = {
  unknown_company: 404,
  no_history: 422,
  year_outside_horizon: 400,
  growth_not_below_wacc: 400,
  out_of_range: 400,
  invalid_args: 400,
};

type Edit =
  | { kind: 'driver'; year: number; parameter: DriverKey; value: number | null }
  | { kind: 'valuation'; parameter: ValuationParameterKey; value: number | null }
  | { kind: 'reset'; scope: ResetScope };

type Outcome = { applied: true } | { applied: false; message: string; status: number };

const value = (inRange: fc.Arbitrary<number>, outside: number) =>
  fc.oneof(
    { weight: 6, arbitrary: inRange },
    { weight: 1, arbitrary: fc.constant(outside) },
    { weight: 2, arbitrary: fc.constant(null) },
  );

const edit: fc.Arbitrary<Edit> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('driver' as const),
      year: fc.constantFrom(...YEARS),
      parameter: fc.constantFrom(...PARAMETERS),
      value: value(fc.double({ min: 0, max: 0.2, noNaN: true }), 0.3),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.oneof(
      fc.record({
        kind: fc.constant('valuation' as const),
        parameter: fc.constant('wacc_manual' as const),
        value: value(fc.double({ min: 0.01, max: 0.12, noNaN: true }), 0.5),
      }),
      fc.record({
        kind: fc.constant('valuation' as const),
        parameter: fc.constant('terminal_growth_rate_manual' as const),
        value: value(fc.double({ min: -0.05, max: 0.06, noNaN: true }), 0.07),
      }),
      fc.record({
        kind: fc.constant('valuation' as const),
        parameter: fc.constant('total_shares_manual' as const),
        value: value(fc.double({ min: 1, max: 100, noNaN: true }), -1),
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reset' as const),
      scope: fc.record({
        fcf_parameters: fc.boolean(),
        wacc_parameters: fc.boolean(),
        terminal_growth_rate: fc.boolean(),
        total_shares: fc.boolean(),
      }),
    }),
  },
);

async function throughRest(platform: ForkedPlatform, token: string, change: Edit): Promise<Outcome> {
  const [path, body] =
    change.kind === 'reset'
      ? [`/api/admin/reset-to-auto-complete/${MIDEA}`, { reset_scope: change.scope }]
      : [
          `/api/admin/adjust-parameters/${MIDEA}`,
          {
            year: change.kind === 'driver' ? change.year : null,
            parameters: { [change.parameter]: change.value },
          },
        ];
  const response = await platform.app.request(path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.ok) return { applied: true };
  return { applied: false, status: response.status, message: ((await response.json()) as { message: string }).message };
}

/** A sync client that syncs after every edit, so each is based on the server's current rows. */
function syncDoor(platform: ForkedPlatform, token: string) {
  let last: MutationResult | undefined;
  const inner = appTransport(platform.app, () => token);
  const transport: SyncTransport = {
    ...inner,
    push: async (request) => {
      const answer = await inner.push(request);
      last = answer.results.at(-1);
      return answer;
    },
  };
  const client = new SyncClient(new MemorySyncStore(`doors-${Math.random()}`), transport, {
    tables: ['forecast_parameters', 'valuation_inputs'],
  });
  return async (change: Edit): Promise<Outcome> => {
    await client.sync();
    if (change.kind === 'reset') await client.enqueue('resetToAuto', { company: MIDEA, scope: change.scope });
    else if (change.kind === 'driver') {
      await client.enqueue('setForecastParameter', {
        company: MIDEA,
        year: change.year,
        parameter: change.parameter,
        value: change.value,
      });
    } else {
      await client.enqueue('setValuationParameter', {
        company: MIDEA,
        parameter: change.parameter,
        value: change.value,
      });
    }
    await client.sync();
    const result = last;
    if (result?.status === 'applied') return { applied: true };
    expect(result?.status, JSON.stringify(result)).toBe('rejected');
    return {
      applied: false,
      message: result?.message ?? '',
      status: STATUS_OF_REJECTION[result?.code ?? 'internal'] ?? 500,
    };
  };
}

/** What both doors must leave alike (who and when aside: the audit's reason names the door). */
function stored(platform: ForkedPlatform) {
  const all = (sql: string) => queryAll(platform.db, sql);
  return {
    forecast: all(
      `SELECT company_code, year, parameter, value, source, updated_by, version, change_seq, deleted
       FROM forecast_parameters ORDER BY company_code, year, parameter`,
    ),
    inputs: all(
      `SELECT company_code, wacc_manual, terminal_growth_rate_manual, total_shares_manual, updated_by, version,
         change_seq, deleted FROM valuation_inputs`,
    ),
    results: all(
      `SELECT company_code, latest_year, enterprise_value, equity_value, value_per_share, result_json, source,
         version, change_seq, deleted FROM valuation_results ORDER BY company_code`,
    ),
    audit: all(
      'SELECT company_code, year, parameter, old_value, new_value, action, modified_by FROM audit_log ORDER BY id',
    ),
    seq: all('SELECT seq FROM change_counter'),
  };
}

let template: PlatformTemplate;
beforeAll(async () => {
  template = await startPlatformTemplate();
});
afterAll(() => template.close());

describe('REST and sync give the same outcome for the same forecast edit', () => {
  it('same answers, same stored rows, same revaluations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 6 }), async (edits) => {
        const rest = template.fork();
        const sync = template.fork();
        try {
          const push = syncDoor(sync, template.adminToken);
          for (const change of edits) {
            const viaRest = await throughRest(rest, template.adminToken, change);
            const viaSync = await push(change);
            expect(viaSync, JSON.stringify(change)).toEqual(viaRest);
          }
          expect(stored(sync)).toEqual(stored(rest));
        } finally {
          rest.close();
          sync.close();
        }
      }),
      { numRuns: 60, seed: 20260514 },
    );
  }, 60_000);
});

/** One parameter of the range table with a value inside, at the edges of, or outside its range. */
type RangeEdit = { parameter: AdjustableParameter; year: number | null; value: number };

const rangeEdit: fc.Arbitrary<RangeEdit> = fc.constantFrom(...ADJUSTABLE_PARAMETERS).chain((parameter) => {
  const { min, max } = PARAMETER_RULES[parameter];
  const span = max - min;
  const value = fc.oneof(
    fc.double({ min, max, noNaN: true }),
    fc.double({ min: min - span, max: max + span, noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(min, max),
  );
  const year = isDriverKey(parameter) ? fc.constantFrom<number | null>(...YEARS) : fc.constant(null);
  return fc.record({ parameter: fc.constant(parameter), year, value });
});

/** The what-if endpoint, which stores nothing: the same edit as a what-if body. */
async function throughWhatIf(platform: ForkedPlatform, change: RangeEdit): Promise<Outcome> {
  const body =
    change.year === null
      ? { [change.parameter]: change.value }
      : { year_specific_params: { [change.year]: { [change.parameter]: change.value } } };
  const response = await platform.app.request(`/api/user/calculate-with-valuation/${MIDEA}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.ok) return { applied: true };
  return { applied: false, status: response.status, message: ((await response.json()) as { message: string }).message };
}

describe('the what-if endpoint, admin adjustments and sync mutations agree on the range table', () => {
  it('every parameter, in and out of its range, in and out of the horizon: same outcome, same message', async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(rangeEdit, async (change) => {
        const rest = template.fork();
        const sync = template.fork();
        try {
          const viaWhatIf = await throughWhatIf(rest, change);
          const asEdit: Edit =
            change.year === null
              ? { kind: 'valuation', parameter: change.parameter as ValuationParameterKey, value: change.value }
              : { kind: 'driver', year: change.year, parameter: change.parameter as DriverKey, value: change.value };
          const viaRest = await throughRest(rest, template.adminToken, asEdit);
          const viaSync = await syncDoor(sync, template.adminToken)(asEdit);
          expect(viaRest, JSON.stringify(change)).toEqual(viaWhatIf);
          expect(viaSync, JSON.stringify(change)).toEqual(viaWhatIf);
          seen.add(viaWhatIf.applied ? 200 : viaWhatIf.status);
        } finally {
          rest.close();
          sync.close();
        }
      }),
      { numRuns: 120, seed: 20261124 },
    );
    // Both accepted and refused inputs were tried.
    expect([...seen].sort()).toEqual([200, 400]);
  }, 60_000);
});
