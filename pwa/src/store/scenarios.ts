import { lightPullAnswer } from '@fcf/engine/contract';
import {
  canonicalScenarioName,
  type LocalRow,
  layPending,
  type StoredScenario,
  scenarioKey,
  scenarioLimitProblem,
  scenarioOfRow,
  scenarioRowSchema,
  storedScenarioSchema,
} from '@fcf/engine/sync';
import { currentUser } from '../api/session.ts';
import { outboxOf, syncOwner } from '../sync/dexie-sync-store.ts';
import { syncService } from '../sync/sync-service.ts';
import { pullTables } from '../sync/table-pull.ts';
import { openStore } from './db.ts';

/**
 * The signed-in user's valuation scenarios in the browser (docs/sync.md, the `scenarios` table): the
 * synced rows, pulled under a cursor of their own per user like the watchlist, with the pending edits of
 * the user's own outbox laid over them. Saving and deleting go through the sync service, so an edit made
 * offline is kept and pushed later; a stale one comes back as a conflict to resolve.
 */

/** What the scenarios panel reads and writes; `list` is what this browser sees, offline too. */
export interface ScenarioStore {
  list(company: string): Promise<StoredScenario[]>;
  save(scenario: StoredScenario): Promise<void>;
  remove(id: string): Promise<void>;
}

/** A scenario the page refuses before queueing it, with the Chinese reason. */
export class ScenarioRefused extends Error {
  override readonly name = 'ScenarioRefused';
}

const scenariosPullAnswer = lightPullAnswer(['scenarios']);

/**
 * Brings the user's scenario rows up to date while they are signed in (the server answers the token's
 * user's rows, which must be the cursor's); throws when the server cannot be reached.
 */
export async function pullScenarios(username: string): Promise<void> {
  const owner = syncOwner(username);
  if (syncOwner(currentUser()?.username ?? '') !== owner) return;
  await pullTables({ cursorKey: `scenarios-cursor|${owner}`, tables: ['scenarios'], answer: scenariosPullAnswer });
}

/** Every scenario of the user as this browser sees it (pulled rows and pending edits), by id. */
async function readAll(username: string): Promise<StoredScenario[]> {
  const db = await openStore();
  if (!db) return [];
  const prefix = scenarioKey(username, '');
  const rows = new Map<string, LocalRow>();
  const stored = await db.syncRows
    .where('[table+key]')
    .between(['scenarios', prefix], ['scenarios', `${prefix}\uffff`])
    .toArray();
  for (const row of stored) rows.set(row.key, row);
  const laid = layPending('scenarios', rows, await outboxOf(db, username));
  const scenarios: StoredScenario[] = [];
  for (const [key, row] of laid) {
    if (!key.startsWith(prefix)) continue;
    const parsed = scenarioRowSchema.safeParse(row.data);
    if (parsed.success) scenarios.push(scenarioOfRow(parsed.data));
  }
  return scenarios;
}

/** The order a list shows: by name as Chinese sorts it (悲观, 基准, 乐观), then by id. */
function byName(a: StoredScenario, b: StoredScenario): number {
  return a.name.localeCompare(b.name, 'zh-CN') || a.id.localeCompare(b.id);
}

/** The scenario as it will be stored: its name canonical, every field within the contract's ranges. */
export function checkedScenario(scenario: StoredScenario): StoredScenario {
  const parsed = storedScenarioSchema.safeParse({ ...scenario, name: canonicalScenarioName(scenario.name) });
  if (!parsed.success) throw new ScenarioRefused(parsed.error.issues[0]?.message ?? '情景无效');
  return parsed.data;
}

/** The signed-in user's scenarios: read from this browser, edits queued for sync. */
export function userScenarioStore(username: string): ScenarioStore {
  return {
    async list(company) {
      return (await readAll(username)).filter((scenario) => scenario.company === company).sort(byName);
    },
    async save(scenario) {
      const checked = checkedScenario(scenario);
      const all = await readAll(username);
      const isNew = !all.some((existing) => existing.id === checked.id);
      const live = {
        company: all.filter((existing) => existing.company === checked.company).length,
        total: all.length,
      };
      const problem = isNew ? scenarioLimitProblem(live) : null;
      if (problem) throw new ScenarioRefused(problem);
      await (await syncService()).enqueue('putScenario', { user: username, scenario: checked });
    },
    async remove(id) {
      await (await syncService()).enqueue('deleteScenario', { user: username, id });
    },
  };
}
