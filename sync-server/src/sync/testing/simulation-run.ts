import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DriverKey } from '@fcf/engine';
import {
  isTransientRejection,
  MemorySyncStore,
  REJECTION_CODES,
  SYNC_SCHEMA_VERSION,
  SyncClient,
  type SyncTable,
  type SyncTransport,
} from '@fcf/engine/sync';
import { expect } from 'vitest';
import { transaction } from '../../db/database.ts';
import { queryAll, queryOne } from '../../db/query.ts';
import { findCompany } from '../../store/companies.ts';
import { importStatementFile } from '../../store/import-statement-file.ts';
import { removeCompany, removeUploadedFile } from '../../store/removal.ts';
import { appTransport } from '../../testing/app-transport.ts';
import { type ForkedPlatform, type PlatformTemplate, startPlatformTemplate } from '../../testing/platform-fork.ts';
import { type Fault, FaultyNetwork } from './faulty-network.ts';
import { CLIENTS, COMPANIES, type Command, faults, PARAMETERS, STATEMENT_FILES, YEARS } from './simulation-commands.ts';
import { clientState, type Recorded, serialReplay, serverState } from './simulation-state.ts';

const TABLES: readonly SyncTable[] = ['forecast_parameters', 'valuation_inputs'];
const PAGE_SIZE = 4;
const FIXTURES = new URL('../../../../fixtures/', import.meta.url).pathname;
const fileBytes = new Map<string, Uint8Array>();

function statementFile(name: string): Uint8Array {
  let bytes = fileBytes.get(name);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(join(FIXTURES, '163', name)));
    fileBytes.set(name, bytes);
  }
  return bytes;
}

/** The database every run copies: seeded with the market lists and the simulated companies' statements. */
export async function startSimulationTemplate(): Promise<PlatformTemplate> {
  const fixturesDir = mkdtempSync(join(tmpdir(), 'fcf-sim-fixtures-'));
  cpSync(join(FIXTURES, 'market'), join(fixturesDir, 'market'), { recursive: true });
  mkdirSync(join(fixturesDir, '163'));
  for (const company of COMPANIES) {
    for (const statement of STATEMENT_FILES) {
      cpSync(
        join(FIXTURES, '163', `${statement}${company}.csv`),
        join(fixturesDir, '163', `${statement}${company}.csv`),
      );
    }
  }
  const template = await startPlatformTemplate({ fixturesDir });
  return {
    ...template,
    async close() {
      await template.close();
      rmSync(fixturesDir, { recursive: true, force: true });
    },
  };
}

interface SentMutation {
  readonly name: string;
  readonly args: unknown;
  readonly baseVersion: number;
}

interface SimClient {
  readonly id: string;
  readonly store: MemorySyncStore;
  readonly sync: SyncClient;
  readonly inner: SyncTransport;
  /** Every id this client enqueued, with what it carried (read from the outbox after each step). */
  readonly sent: Map<number, SentMutation>;
  /** Rejected edits the admin retried or discarded. */
  readonly handled: Set<number>;
}

function lastRowid(platform: ForkedPlatform): number {
  return (
    queryOne<{ last: number }>(platform.db, 'SELECT coalesce(max(rowid), 0) AS last FROM sync_mutations')?.last ?? 0
  );
}

/** A used id of the client pushed again with another payload: refused, the record untouched. */
async function replayChanged(platform: ForkedPlatform, client: SimClient, step: Extract<Command, { kind: 'replay' }>) {
  const last =
    queryOne<{ last: number }>(
      platform.db,
      'SELECT last_mutation_id AS last FROM sync_clients WHERE client_id = ?',
      client.id,
    )?.last ?? 0;
  if (last === 0) return false;
  const id = 1 + (step.pick % last);
  const stored = queryOne<{ name: string; args_json: string; base_version: number }>(
    platform.db,
    'SELECT name, args_json, base_version FROM sync_mutations WHERE client_id = ? AND mutation_id = ?',
    client.id,
    id,
  );
  if (!stored) throw new Error(`no record of ${client.id}#${id}`);
  const args = JSON.parse(stored.args_json) as Record<string, unknown>;
  const changed = {
    id,
    name: stored.name,
    args: { ...args, value: typeof args.value === 'number' ? args.value + 0.001 : 0.01 },
    baseVersion: stored.base_version,
  };
  if (step.change === 'name')
    changed.name = stored.name === 'setForecastParameter' ? 'setValuationParameter' : 'setForecastParameter';
  if (step.change === 'base') Object.assign(changed, { args, baseVersion: stored.base_version + 1 });
  const answer = await client.inner.push({
    clientId: client.id,
    schemaVersion: SYNC_SCHEMA_VERSION,
    mutations: [changed],
  });
  expect(answer.results[0]).toMatchObject({ id, status: 'rejected', code: 'id_reused' });
  return true;
}

/**
 * Runs one simulated history on a fresh copy of the template's database and checks, once the network
 * quiets: every mutation of every client was applied, conflicted or rejected exactly once and recorded
 * with what the client sent; no outbox holds anything; every rejection is in its client's list unless the
 * admin retried or discarded it; open conflicts match; every client equals the server, and the server
 * equals a serial replay of what it applied, with the deletions in between. Returns what the server
 * recorded, in order.
 */
export async function runSimulation(
  template: PlatformTemplate,
  commands: readonly Command[],
  seed: number,
  /** What the network does to each request; by default drawn from `seed`. */
  nextFault: () => Fault = faults(seed),
): Promise<Recorded[]> {
  const platform = template.fork();
  let faultOn = false;
  const unexpected: unknown[] = [];
  const originalError = console.error;
  console.error = (...args: unknown[]) => {
    if (!faultOn) unexpected.push(args);
  };
  try {
    const network = new FaultyNetwork(nextFault);
    const online = Array.from({ length: CLIENTS }, () => true);
    const clients: SimClient[] = Array.from({ length: CLIENTS }, (_, index) => {
      const id = `sim-client-${index}-${seed}`;
      const store = new MemorySyncStore(id);
      const inner = appTransport(platform.app, () => template.adminToken);
      const transport = network.transport(inner, () => online[index] as boolean);
      const sync = new SyncClient(store, transport, { tables: TABLES, pageSize: PAGE_SIZE });
      return { id, store, sync, inner, sent: new Map(), handled: new Set() };
    });
    const removals: { afterRowid: number; company: string }[] = [];
    const attempt = (work: Promise<unknown>) => work.catch(() => undefined);
    /** The clients starting with the named one: an admin action goes to the first that has something to act on. */
    const from = (first: number) => [...clients.slice(first), ...clients.slice(0, first)];
    const remember = async () => {
      for (const client of clients) {
        for (const entry of await client.store.outbox()) {
          if (!client.sent.has(entry.id)) client.sent.set(entry.id, entry);
        }
      }
    };

    for (const step of commands) {
      const target = 'client' in step ? (clients[step.client] as SimClient) : undefined;
      const code = 'company' in step ? (COMPANIES[step.company] as string) : '';
      switch (step.kind) {
        case 'forecast':
          await target?.sync.enqueue('setForecastParameter', {
            company: code,
            year: YEARS[step.year] as number,
            parameter: PARAMETERS[step.parameter] as DriverKey,
            value: step.value,
          });
          break;
        case 'valuation':
          await target?.sync.enqueue('setValuationParameter', {
            company: code,
            parameter: step.wacc ? 'wacc_manual' : 'terminal_growth_rate_manual',
            value: step.wacc || step.value === null ? step.value : step.value / 4,
          });
          break;
        case 'reset':
          await target?.sync.enqueue('resetToAuto', {
            company: code,
            scope: {
              fcf_parameters: step.scope !== 'discounting',
              wacc_parameters: step.scope !== 'drivers',
              terminal_growth_rate: step.scope !== 'drivers',
              total_shares: step.scope !== 'drivers',
            },
          });
          break;
        case 'sync':
          await attempt(target?.sync.sync() ?? Promise.resolve());
          break;
        case 'toggle':
          online[step.client] = !online[step.client];
          break;
        case 'resolve':
          for (const client of from(step.client)) {
            const [issue] = await client.store.issues();
            if (!issue) continue;
            await (step.keepMine ? client.sync.keepMine(issue) : client.sync.takeTheirs(issue));
            break;
          }
          break;
        case 'rejected':
          for (const admin of from(step.client)) {
            const [edit] = await admin.store.rejected();
            if (!edit) continue;
            admin.handled.add(edit.id);
            if (step.retry && isTransientRejection(edit.code)) await admin.sync.retryRejected(edit.id);
            else await admin.sync.discardRejected(edit.id);
            break;
          }
          break;
        case 'deliver':
          await network.deliverHeld(step.newest);
          break;
        case 'delete-company':
          if (findCompany(platform.db, code)) {
            transaction(platform.db, () => removeCompany(platform.db, code));
            removals.push({ afterRowid: lastRowid(platform), company: code });
          }
          break;
        case 'delete-file': {
          const files = queryAll<{ id: number }>(
            platform.db,
            'SELECT id FROM uploaded_files WHERE company_code = ? ORDER BY id',
            code,
          );
          const chosen = files[step.file % Math.max(1, files.length)];
          if (chosen) transaction(platform.db, () => removeUploadedFile(platform.db, chosen.id));
          break;
        }
        case 'upload': {
          const name = `${STATEMENT_FILES[step.file]}${code}.csv`;
          const result = importStatementFile(platform.db, name, statementFile(name), {
            directory: template.directory,
            industries: template.industries,
            uploadedBy: 'simulation',
          });
          expect(result.success, name).toBe(true);
          break;
        }
        case 'replay':
          for (const client of from(step.client)) if (await replayChanged(platform, client, step)) break;
          break;
        case 'fault':
          faultOn = step.on;
          platform.db.exec(
            step.on
              ? `CREATE TRIGGER IF NOT EXISTS sim_fault BEFORE INSERT ON audit_log
                 BEGIN SELECT RAISE(ABORT, 'simulated failure'); END`
              : 'DROP TRIGGER IF EXISTS sim_fault',
          );
          break;
      }
      await remember();
    }

    // The network quiets and the server heals: held requests arrive, then every client syncs directly.
    faultOn = false;
    platform.db.exec('DROP TRIGGER IF EXISTS sim_fault');
    await network.drain();
    const settled = clients.map(
      (client) => new SyncClient(client.store, client.inner, { tables: TABLES, pageSize: PAGE_SIZE }),
    );
    for (let round = 0; round < 2; round++) {
      for (const sync of settled) await sync.sync();
    }

    const processed = queryAll<Recorded>(
      platform.db,
      `SELECT rowid, client_id, mutation_id, name, args_json, base_version, status, code, resolved
       FROM sync_mutations ORDER BY rowid`,
    );
    for (const client of clients) {
      const state = await client.store.readState();
      const mine = processed.filter((mutation) => mutation.client_id === client.id);
      // Exactly once: ids 1..n, each once, each with a final status, each as the client sent it.
      expect(mine.map((mutation) => mutation.mutation_id)).toEqual(
        Array.from({ length: state.nextMutationId - 1 }, (_, index) => index + 1),
      );
      for (const mutation of mine) {
        expect(['applied', 'conflict', 'rejected']).toContain(mutation.status);
        const sent = client.sent.get(mutation.mutation_id);
        expect({
          name: mutation.name,
          args: JSON.parse(mutation.args_json),
          baseVersion: mutation.base_version,
        }).toEqual({ name: sent?.name, args: sent?.args, baseVersion: sent?.baseVersion });
        if (mutation.status === 'rejected') expect(REJECTION_CODES).toContain(mutation.code);
      }
      expect(await client.store.outbox()).toEqual([]);
      // Nothing silently lost: every rejected edit is listed until the admin retried or discarded it.
      const rejected = mine.filter(
        (mutation) =>
          mutation.status === 'rejected' &&
          mutation.name !== 'resolveConflict' &&
          !client.handled.has(mutation.mutation_id),
      );
      expect((await client.store.rejected()).map((edit) => [edit.id, edit.code])).toEqual(
        rejected.map((mutation) => [mutation.mutation_id, mutation.code]),
      );
      const open = mine.filter((mutation) => mutation.status === 'conflict' && mutation.resolved === 0);
      expect((await client.store.issues()).map((issue) => issue.mutationId)).toEqual(
        open.map((mutation) => mutation.mutation_id),
      );
    }
    const server = serverState(platform);
    for (const sync of settled) expect(await clientState(sync)).toEqual(server);
    expect(serialReplay(processed, removals)).toEqual(server);
    expect(unexpected).toEqual([]);
    return processed;
  } finally {
    console.error = originalError;
    platform.close();
  }
}
