/**
 * The benchmark's sections by number and name, and the choice of them `npm run bench -- --only …` makes
 * (scripts/bench.ts runs them in order).
 */
import type { SectionResult } from './report.ts';

/** Section numbers by the names `--only` also takes. */
export const SECTION_NAMES: Record<string, number> = {
  engine: 1,
  edit: 2,
  report: 3,
  server: 4,
  ingest: 5,
  sync: 6,
  download: 6,
  size: 7,
  backtest: 8,
  lighthouse: 9,
  'first-visit': 9,
  uncertainty: 10,
  range: 10,
};

/**
 * `--only 3,9` or `--only lighthouse` runs those sections alone (section 6 needs 5's whole-market server
 * and runs it too) and prints their Markdown without writing docs/BENCHMARKS.md, which holds a whole run.
 */
export function onlySections(args: readonly string[]): Set<number> | null {
  const at = args.indexOf('--only');
  if (at < 0) return null;
  const wanted = new Set<number>();
  for (const name of (args[at + 1] ?? '').split(',')) {
    const number = SECTION_NAMES[name.trim()] ?? Number(name);
    if (!Number.isInteger(number) || number < 1 || number > 10) throw new Error(`--only: no section "${name}"`);
    wanted.add(number);
  }
  if (wanted.has(6)) wanted.add(5);
  return wanted;
}

/** A section that did not run, with the reason the report prints in its place. */
export function skipped(number: number, title: string, reason: string): SectionResult {
  return { number, title, method: '', rows: [], skipped: reason };
}
