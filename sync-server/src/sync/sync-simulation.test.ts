import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DRIVER_KEYS, MemorySyncStore, SyncClient, type SyncTable } from '@fcf/engine';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appTransport } from '../testing/app-transport.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { type Fault, FaultyNetwork } from './faulty-network.ts';

/**
 * Three admins edit forecasts offline and online over a network that drops, duplicates, reorders and
 * delays requests (DESIGN.md §8). When the network quiets, every mutation must have been applied,
 * conflicted or rejected exactly once, every outbox be empty, every client equal the server, and the
 * server equal a serial replay of the mutations it accepted.
 */
const COMPANIES = ['000333', '000651'] as const;
const YEARS = [2025, 2026, 2027, 2028, 2029] as const;
const PARAMETERS = [DRIVER_KEYS[0], DRIVER_KEYS[7], DRIVER_KEYS[10]] as const;
const TABLES: readonly SyncTable[] = ['forecast_parameters', 'valuation_inputs'];
const CLIENTS = 3;

type Command =
  | { kind: 'forecast'; client: number; company: number; year: number; parameter: number; value: number | null }
  | { kind: 'valuation'; client: number; company: number; wacc: boolean; value: number | null }
  | { kind: 'sync'; client: number }
  | { kind: 'toggle'; client: number }
  | { kind: 'resolve'; client: number; keepMine: boolean }
  | { kind: 'deliver'; newest: boolean };

const client = fc.integer({ min: 0, max: CLIENTS - 1 });
// Mostly plausible values; some out of range (rejected) and some clears.
const driverValue = fc.oneof(
  { weight: 8, arbitrary: fc.double({ min: 0, max: 0.2, noNaN: true }) },
  { weight: 1, arbitrary: fc.constant(5) },
  { weight: 1, arbitrary: fc.constant(null) },
);
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('forecast' as const),
      client,
      company: fc.integer({ min: 0, max: 1 }),
      year: fc.integer({ min: 0, max: YEARS.length - 1 }),
      parameter: fc.integer({ min: 0, max: PARAMETERS.length - 1 }),
      value: driverValue,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('valuation' as const),
      client,
      company: fc.integer({ min: 0, max: 1 }),
      wacc: fc.boolean(),
      value: fc.oneof(fc.double({ min: 0.01, max: 0.12, noNaN: true }), fc.constant(null)),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('sync' as const), client }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('toggle' as const), client }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resolve' as const), client, keepMine: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deliver' as const), newest: fc.boolean() }) },
);

/** A small seeded generator (mulberry32) for the network's faults. */
function faults(seed: number): () => Fault {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    if (r < 0.55) return 'deliver';
    if (r < 0.67) return 'drop';
    if (r < 0.77) return 'lose-answer';
    if (r < 0.87) return 'duplicate';
    return 'delay';
  };
}

let fixturesDir: string;
beforeAll(() => {
  // Two companies are enough and keep each run's fresh database quick to seed.
  fixturesDir = mkdtempSync(join(tmpdir(), 'fcf-sim-fixtures-'));
  const source = new URL('../../../fixtures/', import.meta.url).pathname;
  cpSync(join(source, 'market'), join(fixturesDir, 'market'), { recursive: true });
  cpSync(join(source, 'workbooks'), join(fixturesDir, 'workbooks'), { recursive: true });
});
afterAll(() => rmSync(fixturesDir, { recursive: true, force: true }));

interface ServerState {
  forecast: Map<string, number>;
  valuation: Map<string, { wacc_manual: number | null; terminal_growth_rate_manual: number | null }>;
}

function serverState(platform: TestPlatform): ServerState {
  const forecast = new Map<string, number>();
  for (const row of platform.db
    .prepare('SELECT company_code, year, parameter, value FROM forecast_parameters WHERE deleted = 0')
    .all([]) as { company_code: string; year: number; parameter: string; value: number }[]) {
    forecast.set(`${row.company_code}|${row.year}|${row.parameter}`, row.value);
  }
  const valuation = new Map<string, { wacc_manual: number | null; terminal_growth_rate_manual: number | null }>();
  for (const row of platform.db
    .prepare('SELECT company_code, wacc_manual, terminal_growth_rate_manual FROM valuation_inputs WHERE deleted = 0')
    .all([]) as { company_code: string; wacc_manual: number | null; terminal_growth_rate_manual: number | null }[]) {
    if (row.wacc_manual !== null || row.terminal_growth_rate_manual !== null) {
      valuation.set(row.company_code, {
        wacc_manual: row.wacc_manual,
        terminal_growth_rate_manual: row.terminal_growth_rate_manual,
      });
    }
  }
  return { forecast, valuation };
}

async function clientState(sync: SyncClient): Promise<ServerState> {
  const forecast = new Map<string, number>();
  for (const [key, data] of await sync.view('forecast_parameters')) {
    if (data) forecast.set(key, data.value as number);
  }
  const valuation = new Map<string, { wacc_manual: number | null; terminal_growth_rate_manual: number | null }>();
  for (const [key, data] of await sync.view('valuation_inputs')) {
    const wacc = (data?.wacc_manual as number | null) ?? null;
    const growth = (data?.terminal_growth_rate_manual as number | null) ?? null;
    if (wacc !== null || growth !== null)
      valuation.set(key, { wacc_manual: wacc, terminal_growth_rate_manual: growth });
  }
  return { forecast, valuation };
}

interface ProcessedMutation {
  client_id: string;
  mutation_id: number;
  name: string;
  args_json: string;
  status: string;
}

/** The server's accepted mutations replayed one after another, in the order it processed them. */
function serialReplay(processed: readonly ProcessedMutation[]): ServerState {
  const state: ServerState = { forecast: new Map(), valuation: new Map() };
  for (const mutation of processed) {
    if (mutation.status !== 'applied') continue;
    const args = JSON.parse(mutation.args_json) as Record<string, unknown>;
    if (mutation.name === 'setForecastParameter') {
      const key = `${args.company}|${args.year}|${args.parameter}`;
      if (args.value === null) state.forecast.delete(key);
      else state.forecast.set(key, args.value as number);
    } else if (mutation.name === 'setValuationParameter') {
      const company = args.company as string;
      const current = state.valuation.get(company) ?? { wacc_manual: null, terminal_growth_rate_manual: null };
      const next = { ...current, [args.parameter as string]: args.value as number | null };
      if (next.wacc_manual === null && next.terminal_growth_rate_manual === null) state.valuation.delete(company);
      else state.valuation.set(company, next);
    }
  }
  return state;
}

describe('sync under a faulty network (simulation)', () => {
  it('applies, conflicts or rejects every mutation exactly once; all clients converge on the server', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 45 }), fc.integer(), async (commands, seed) => {
        const platform = await startTestPlatform({ fixturesDir });
        try {
          const token = await platform.adminToken();
          const network = new FaultyNetwork(faults(seed));
          const online = Array.from({ length: CLIENTS }, () => true);
          const clients = Array.from({ length: CLIENTS }, (_, index) => {
            const store = new MemorySyncStore(`sim-client-${index}-${seed}`);
            const inner = appTransport(platform.app, () => token);
            const transport = network.transport(inner, () => online[index] as boolean);
            return { store, sync: new SyncClient(store, transport, { tables: TABLES, pageSize: 4 }), inner };
          });
          const attempt = (work: Promise<unknown>) => work.catch(() => undefined);

          for (const step of commands) {
            const target = 'client' in step ? clients[step.client] : undefined;
            switch (step.kind) {
              case 'forecast':
                await target?.sync.enqueue('setForecastParameter', {
                  company: COMPANIES[step.company] as string,
                  year: YEARS[step.year] as number,
                  parameter: PARAMETERS[step.parameter] as (typeof DRIVER_KEYS)[number],
                  value: step.value,
                });
                break;
              case 'valuation':
                await target?.sync.enqueue('setValuationParameter', {
                  company: COMPANIES[step.company] as string,
                  parameter: step.wacc ? 'wacc_manual' : 'terminal_growth_rate_manual',
                  value: step.wacc || step.value === null ? step.value : step.value / 4,
                });
                break;
              case 'sync':
                await attempt(target?.sync.sync() ?? Promise.resolve());
                break;
              case 'toggle':
                online[step.client] = !online[step.client];
                break;
              case 'resolve': {
                const [issue] = (await target?.store.issues()) ?? [];
                if (issue && target)
                  await (step.keepMine ? target.sync.keepMine(issue) : target.sync.takeTheirs(issue));
                break;
              }
              case 'deliver':
                await network.deliverHeld(step.newest);
                break;
            }
          }

          // The network quiets: held requests arrive, then every client syncs (directly) until it is empty.
          await network.drain();
          const settled = clients.map(
            (entry) => new SyncClient(entry.store, entry.inner, { tables: TABLES, pageSize: 4 }),
          );
          for (let round = 0; round < 3; round++) {
            for (const sync of settled) await sync.sync();
          }

          const processed = platform.db
            .prepare('SELECT client_id, mutation_id, name, args_json, status FROM sync_mutations ORDER BY rowid')
            .all([]) as ProcessedMutation[];
          for (const entry of clients) {
            const state = await entry.store.readState();
            const mine = processed.filter((mutation) => mutation.client_id === state.clientId);
            // Exactly once: ids 1..n, each once, each with a final status.
            expect(mine.map((mutation) => mutation.mutation_id)).toEqual(
              Array.from({ length: state.nextMutationId - 1 }, (_, index) => index + 1),
            );
            for (const mutation of mine) expect(['applied', 'conflict', 'rejected']).toContain(mutation.status);
            expect(await entry.store.outbox()).toEqual([]);
          }
          const server = serverState(platform);
          for (const sync of settled) expect(await clientState(sync)).toEqual(server);
          expect(serialReplay(processed)).toEqual(server);
        } finally {
          platform.close();
        }
      }),
      { numRuns: 12, seed: 20261121, endOnFailure: true },
    );
  }, 180_000);
});
