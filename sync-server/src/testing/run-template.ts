import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/database.ts';

/** Set by the test run's global setup (testing/global-setup.ts): where the run keeps its seeded databases. */
export const TEMPLATE_DIR_VARIABLE = 'FCF_TEST_TEMPLATE_DIR';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Writes a self-contained copy of `db` (no WAL beside it) to `file`. */
export function vacuumInto(db: Database, file: string): void {
  db.exec(`VACUUM INTO '${file.replaceAll("'", "''")}'`);
}

/**
 * A database the whole test run shares, `<name>.db` in the run's directory: the first test file that asks
 * makes it (under a lock directory, so files running in parallel make it once) and the others wait for it,
 * then each copies it. `make` writes the database to the file it is given and may return a note (JSON) that
 * is kept beside it (`templateNote`). Null outside a test run, or when the file making it did not finish
 * within `waitMs`: the caller then makes its own.
 */
export async function runTemplate(
  name: string,
  make: (file: string) => Promise<string | undefined>,
  waitMs: number,
): Promise<string | null> {
  const root = process.env[TEMPLATE_DIR_VARIABLE];
  if (!root || !existsSync(root)) return null;
  const template = join(root, `${name}.db`);
  if (existsSync(template)) return template;
  try {
    mkdirSync(join(root, `making-${name}`));
  } catch {
    for (let waited = 0; waited < waitMs && !existsSync(template); waited += 100) await sleep(100);
    return existsSync(template) ? template : null;
  }
  const building = join(mkdtempSync(join(root, `${name}-`)), 'template.db');
  const note = await make(building);
  // The note first: whoever sees the database sees its note.
  if (note !== undefined) writeFileSync(noteFile(template), note);
  // Renamed into place whole, so no one copies half of it.
  renameSync(building, template);
  return template;
}

const noteFile = (template: string) => template.replace(/\.db$/, '.json');

/** The note `make` returned for the run's database `template`. */
export function templateNote(template: string): unknown {
  return JSON.parse(readFileSync(noteFile(template), 'utf8'));
}
