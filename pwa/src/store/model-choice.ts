import { NO_WHAT_IF } from '@fcf/engine/report';
import { openStore, reportStorageError, type StoredModelChoice } from './db.ts';

/**
 * The custom page's model per company and the reader's levers of the story and excess-return models, kept
 * on the device beside the FCFF what-if (the same record; clearing the what-if on a company switch clears
 * these too).
 */

export async function readModelChoice(code: string): Promise<StoredModelChoice | undefined> {
  const db = await openStore();
  return (await db?.whatIfs.get(code))?.models;
}

export async function writeModelChoice(code: string, models: StoredModelChoice): Promise<void> {
  const db = await openStore();
  if (!db) return;
  try {
    await db.transaction('rw', db.whatIfs, async () => {
      const stored = await db.whatIfs.get(code);
      await db.whatIfs.put({ code, whatIf: stored?.whatIf ?? NO_WHAT_IF, updatedAt: Date.now(), models });
    });
  } catch (error) {
    reportStorageError(error);
  }
}
