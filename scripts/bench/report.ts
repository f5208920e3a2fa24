/** The benchmark document: sections of figures with their references, the machine, and missed targets. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

export type Verdict = 'met' | 'missed' | '—';

/** One figure, measured side by side with its reference in the same run. */
export interface Row {
  readonly benchmark: string;
  /** The median (or the single measurement, said so in the notes). */
  readonly measured: string;
  /** p95, p99 or the spread of the runs. */
  readonly spread: string;
  /** What it is compared with, measured in this run. */
  readonly reference: string;
  /** measured against reference, as "N× faster" or "N% of". */
  readonly ratio: string;
  readonly target: string;
  readonly verdict: Verdict;
  readonly notes: string;
}

export interface Missed {
  /** The figure that missed its target. */
  readonly what: string;
  /** The profile or breakdown measured in this run, and the cause. */
  readonly cause: string;
}

export interface SectionResult {
  readonly number: number;
  readonly title: string;
  /** How it was measured (one paragraph). */
  readonly method: string;
  readonly rows: readonly Row[];
  /** Extra lines under the table (breakdowns, checksums). */
  readonly notes?: readonly string[];
  readonly missed?: readonly Missed[];
  /** Set when the section could not run here (and why). */
  readonly skipped?: string;
}

export function verdict(met: boolean): Verdict {
  return met ? 'met' : 'missed';
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function markdownTable(rows: readonly Row[]): string {
  const header =
    '| benchmark | median | p95 / spread | reference (same run) | ratio | target | met? | notes |\n' +
    '|---|---:|---:|---:|---:|---|---|---|';
  const lines = rows.map(
    (row) =>
      `| ${[row.benchmark, row.measured, row.spread, row.reference, row.ratio, row.target, row.verdict, row.notes].map(cell).join(' | ')} |`,
  );
  return [header, ...lines].join('\n');
}

function chromiumVersion(): string {
  try {
    const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    return execFileSync(path, ['--version'], {
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'Chromium: not found';
  }
}

export interface Machine {
  readonly date: string;
  readonly cpu: string;
  readonly cores: number;
  readonly memory: string;
  readonly os: string;
  readonly node: string;
  readonly chromium: string;
}

export function describeMachine(): Machine {
  return {
    date: new Date().toISOString().replace('T', ' ').slice(0, 16),
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: os.availableParallelism(),
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium: chromiumVersion(),
  };
}

function machineTable(machine: Machine, runSeconds: number): string {
  return [
    '| machine | |',
    '|---|---|',
    `| date (UTC) | ${machine.date} |`,
    `| CPU | ${machine.cpu}, ${machine.cores} cores |`,
    `| memory | ${machine.memory} |`,
    `| OS | ${machine.os} |`,
    `| Node | ${machine.node} |`,
    `| browser | ${machine.chromium} (headless, playwright-core) |`,
    `| run time of \`npm run bench\` | ${(runSeconds / 60).toFixed(1)} min |`,
  ].join('\n');
}

function sectionMarkdown(section: SectionResult): string {
  const parts = [`## ${section.number}. ${section.title}`];
  if (section.skipped) {
    parts.push(`**Skipped:** ${section.skipped}`);
    return parts.join('\n\n');
  }
  parts.push(section.method, markdownTable(section.rows));
  if (section.notes && section.notes.length > 0) parts.push(section.notes.map((note) => `- ${note}`).join('\n'));
  return parts.join('\n\n');
}

/** The headline: every row that has a target, in one table. */
function summaryTable(sections: readonly SectionResult[]): string {
  const lines = ['| # | benchmark | median | target | met? |', '|---|---|---:|---|---|'];
  for (const section of sections) {
    if (section.skipped) {
      lines.push(`| ${section.number} | ${cell(section.title)} | skipped | — | — |`);
      continue;
    }
    for (const row of section.rows) {
      if (row.target === '—') continue;
      lines.push(
        `| ${section.number} | ${cell(row.benchmark)} | ${cell(row.measured)} | ${cell(row.target)} | ${row.verdict} |`,
      );
    }
  }
  return lines.join('\n');
}

/**
 * One line per target for the terminal: PASS or FAIL, what was measured, its ratio to the reference, and
 * the target (the same rows as the Markdown summary).
 */
export function verdictLines(sections: readonly SectionResult[]): string[] {
  const lines: string[] = [];
  for (const section of sections) {
    if (section.skipped) {
      lines.push(`SKIP  ${section.number}. ${section.title}: ${section.skipped}`);
      continue;
    }
    for (const row of section.rows) {
      if (row.target === '—') continue;
      const ratio = row.ratio === '—' ? '' : ` (${row.ratio})`;
      const word = row.verdict === 'met' ? 'PASS' : 'FAIL';
      lines.push(
        `${word}  ${section.number}. ${row.benchmark}: ${row.measured}${ratio}, ${row.spread}; target ${row.target}`,
      );
    }
  }
  return lines;
}

export function benchmarkDocument(sections: readonly SectionResult[], machine: Machine, runSeconds: number): string {
  const missed = sections.flatMap((section) =>
    (section.missed ?? []).map((entry) => `- **${section.number}. ${entry.what}.** ${entry.cause}`),
  );
  return [
    '# Benchmarks',
    'Written by `npm run bench` (scripts/bench.ts and scripts/bench/). The machine is shared and noisy: every figure is a median (with its p95 or spread) of one run, next to a reference measured in the same run; compare runs by the ratios, not the absolute times. Nothing here is a timed test assertion.',
    machineTable(machine, runSeconds),
    '## Summary',
    summaryTable(sections),
    ...sections.map(sectionMarkdown),
    '## Missed targets and causes',
    missed.length > 0 ? missed.join('\n') : 'None: every target was met in this run.',
  ].join('\n\n');
}
