import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformTemplate } from '../testing/platform-fork.ts';
import type { Fault } from './testing/faulty-network.ts';
import type { Command } from './testing/simulation-commands.ts';
import { runSimulation, startSimulationTemplate } from './testing/simulation-run.ts';
import type { Recorded } from './testing/simulation-state.ts';

/**
 * Named histories for the simulation's checks (testing/simulation-run.ts): the cases the random runs reach
 * only now and then, and any counterexample a run finds (paste its commands and seed here, with a name
 * that says what went wrong).
 */
let template: PlatformTemplate;
beforeAll(async () => {
  template = await startSimulationTemplate();
});
afterAll(() => template.close());

/** The network does these to the first requests, then delivers everything. */
function network(...script: Fault[]): () => Fault {
  return () => script.shift() ?? 'deliver';
}

const A = 0;
const B = 1;
const edit = (client: number, company: number, year: number, value: number | null): Command => ({
  kind: 'forecast',
  client,
  company,
  year,
  parameter: 0,
  value,
});
const sync = (client: number): Command => ({ kind: 'sync', client });
/** Each client's recorded outcomes, in order: `client:id status[:code]`. */
function outcomes(processed: readonly Recorded[]): string[] {
  return processed.map(
    (mutation) =>
      `${mutation.client_id.split('-')[2]}:${mutation.mutation_id} ${mutation.name} ${mutation.status}${mutation.code ? `:${mutation.code}` : ''}`,
  );
}

const uploadAll = (company: number): Command[] => [0, 1, 2].map((file) => ({ kind: 'upload' as const, company, file }));

describe('sync simulation, named histories', () => {
  it('a company deleted while its edit waits offline, then uploaded again: 重试 applies it', async () => {
    const processed = await runSimulation(
      template,
      [
        edit(A, 0, 2, 0.05),
        edit(A, 1, 2, 0.06),
        { kind: 'delete-company', company: 0 },
        sync(A),
        ...uploadAll(0),
        { kind: 'rejected', client: A, retry: true },
        sync(A),
      ],
      1,
      network(),
    );
    expect(outcomes(processed)).toEqual([
      '0:1 setForecastParameter rejected:unknown_company',
      '0:2 setForecastParameter applied',
      '0:3 setForecastParameter applied',
    ]);
  });

  it('a push held by the network lands after the company lost its files and the edit was retried', async () => {
    const processed = await runSimulation(
      template,
      [
        edit(A, 0, 3, 0.04),
        { kind: 'delete-file', company: 0, file: 0 },
        { kind: 'delete-file', company: 0, file: 0 },
        { kind: 'delete-file', company: 0, file: 0 },
        sync(A),
        sync(A),
        ...uploadAll(0),
        { kind: 'rejected', client: A, retry: true },
        { kind: 'deliver', newest: true },
        sync(A),
      ],
      2,
      network('delay'),
    );
    expect(outcomes(processed)).toEqual([
      '0:1 setForecastParameter rejected:no_history',
      '0:2 setForecastParameter applied',
    ]);
  });

  it('every write fails while an admin keeps mine on a conflict; the failure is listed and retried', async () => {
    const processed = await runSimulation(
      template,
      [
        edit(A, 1, 1, 0.07),
        edit(B, 1, 1, 0.08),
        sync(A),
        sync(B),
        { kind: 'fault', on: true },
        { kind: 'resolve', client: B, keepMine: true },
        sync(B),
        { kind: 'fault', on: false },
        { kind: 'rejected', client: B, retry: true },
        sync(B),
        sync(A),
      ],
      3,
      network(),
    );
    expect(outcomes(processed)).toEqual([
      '0:1 setForecastParameter applied',
      '1:1 setForecastParameter conflict',
      '1:2 resolveConflict applied',
      '1:3 setForecastParameter rejected:internal',
      '1:4 setForecastParameter applied',
    ]);
  });

  it('used ids replayed with other payloads after a deletion change nothing that was recorded', async () => {
    const processed = await runSimulation(
      template,
      [
        edit(A, 0, 1, 0.03),
        { kind: 'valuation', client: A, company: 1, wacc: true, value: 0.09 },
        sync(A),
        { kind: 'delete-company', company: 1 },
        { kind: 'replay', client: A, pick: 0, change: 'args' },
        { kind: 'replay', client: A, pick: 1, change: 'name' },
        { kind: 'replay', client: A, pick: 1, change: 'base' },
        edit(A, 0, 1, null),
        sync(A),
      ],
      4,
      network('lose-answer', 'duplicate'),
    );
    expect(outcomes(processed)).toEqual([
      '0:1 setForecastParameter applied',
      '0:2 setValuationParameter applied',
      '0:3 setForecastParameter applied',
    ]);
  });
});
