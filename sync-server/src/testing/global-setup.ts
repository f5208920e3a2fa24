import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMPLATE_DIR_VARIABLE } from './test-platform.ts';

/**
 * The server tests' run: one directory for the seeded database the test platforms copy (test-platform.ts),
 * made before the test files start (they inherit it through the environment) and removed after the last.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'fcf-run-'));
  process.env[TEMPLATE_DIR_VARIABLE] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
