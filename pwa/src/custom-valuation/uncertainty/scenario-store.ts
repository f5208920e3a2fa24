import type { StoredScenario } from '@fcf/engine/sync';

/**
 * Where a user's scenarios of a company are kept. The page reads and writes through this interface only;
 * until a synced store is set (`setScenarioStore`, kept on the device and synced per user), scenarios live
 * in memory for the session and a company without any starts from the generated 悲观 / 基准 / 乐观. Each
 * scenario names its model (the story model's drivers, or excess returns').
 */
export interface ScenarioStore {
  /** The company's scenarios, in the order they were first saved; empty when the user kept none. */
  list(company: string): Promise<readonly StoredScenario[]>;
  save(scenario: StoredScenario): Promise<void>;
  remove(id: string): Promise<void>;
}

export function memoryScenarioStore(): ScenarioStore {
  const kept = new Map<string, StoredScenario>();
  return {
    async list(company) {
      return [...kept.values()].filter((scenario) => scenario.company === company);
    },
    async save(scenario) {
      kept.set(scenario.id, scenario);
    },
    async remove(id) {
      kept.delete(id);
    },
  };
}

let current: ScenarioStore = memoryScenarioStore();

export function scenarioStore(): ScenarioStore {
  return current;
}

/** Puts a store in place of the in-memory one (the device's synced store, or a test's). */
export function setScenarioStore(store: ScenarioStore): void {
  current = store;
}
