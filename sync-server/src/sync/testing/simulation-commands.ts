import { DRIVER_KEYS } from '@fcf/engine';
import fc from 'fast-check';
import type { Fault } from './faulty-network.ts';

/**
 * What happens in one run of the sync simulation: three admins' edits and resets to auto, syncs and
 * resolutions over a
 * faulty network, and, between them, what else changes on the server — companies and uploaded files
 * deleted, files uploaded again, replays of used mutation ids with other payloads, and spells during
 * which every write fails unexpectedly.
 */
export const CLIENTS = 3;
/** Two NetEase samples, three statement files each. */
export const COMPANIES = ['600298', '002027'] as const;
export const STATEMENT_FILES = ['lrb', 'zcfzb', 'xjllb'] as const;
/** The samples end in 2019, so 2020–2024 is the horizon; 2019 is outside it. */
export const YEARS = [2019, 2020, 2021, 2022, 2023, 2024] as const;
export const PARAMETERS = [DRIVER_KEYS[0], DRIVER_KEYS[7], DRIVER_KEYS[10]] as const;

export type Command =
  | { kind: 'forecast'; client: number; company: number; year: number; parameter: number; value: number | null }
  | { kind: 'valuation'; client: number; company: number; wacc: boolean; value: number | null }
  /** Reset to auto: everything, the drivers only, or WACC and g only. */
  | { kind: 'reset'; client: number; company: number; scope: 'all' | 'drivers' | 'discounting' }
  | { kind: 'sync'; client: number }
  | { kind: 'toggle'; client: number }
  | { kind: 'resolve'; client: number; keepMine: boolean }
  /** The admin acts on the oldest rejected edit: 重试 when it may pass and `retry`, else 放弃. */
  | { kind: 'rejected'; client: number; retry: boolean }
  | { kind: 'deliver'; newest: boolean }
  | { kind: 'delete-company'; company: number }
  /** Deletes one of the company's uploaded files (the `file`-th, counting round). */
  | { kind: 'delete-file'; company: number; file: number }
  | { kind: 'upload'; company: number; file: number }
  /** Pushes a used id of the client again with another payload. */
  | { kind: 'replay'; client: number; pick: number; change: 'args' | 'name' | 'base' }
  /** Turns on or off a failure of every audited write (an unexpected error inside the handler). */
  | { kind: 'fault'; on: boolean };

const client = fc.integer({ min: 0, max: CLIENTS - 1 });
const company = fc.integer({ min: 0, max: COMPANIES.length - 1 });
const file = fc.integer({ min: 0, max: STATEMENT_FILES.length - 1 });
// Mostly plausible values; some out of range (rejected) and some clears.
const driverValue = fc.oneof(
  { weight: 8, arbitrary: fc.double({ min: 0, max: 0.2, noNaN: true }) },
  { weight: 1, arbitrary: fc.constant(5) },
  { weight: 1, arbitrary: fc.constant(null) },
);

export const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('forecast' as const),
      client,
      company,
      year: fc.integer({ min: 0, max: YEARS.length - 1 }),
      parameter: fc.integer({ min: 0, max: PARAMETERS.length - 1 }),
      value: driverValue,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('valuation' as const),
      client,
      company,
      wacc: fc.boolean(),
      value: fc.oneof(fc.double({ min: 0.01, max: 0.12, noNaN: true }), fc.constant(null)),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('reset' as const),
      client,
      company,
      scope: fc.constantFrom('all' as const, 'drivers' as const, 'discounting' as const),
    }),
  },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('sync' as const), client }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('toggle' as const), client }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('resolve' as const), client, keepMine: fc.boolean() }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('rejected' as const), client, retry: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deliver' as const), newest: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete-company' as const), company }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete-file' as const), company, file }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('upload' as const), company, file }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('replay' as const),
      client,
      pick: fc.nat(),
      change: fc.constantFrom('args' as const, 'name' as const, 'base' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fault' as const), on: fc.boolean() }) },
);

/** A small seeded generator (mulberry32) for the network's faults, so a failing run replays. */
export function faults(seed: number): () => Fault {
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
