/**
 * Benchmark runner (`npm run bench`): prints the figures as a Markdown table and writes docs/BENCHMARKS.md.
 * The machine is shared and noisy, so every figure is a median of one run, read against a reference
 * measured in the same run; nothing asserts or fails on a slow figure.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type CompanyStatements,
  type CompanyValuation,
  type DcfInput,
  discountCashFlows,
  isStatementItem,
  type StatementYear,
  valueCompany,
  type YearOverrides,
} from '@fcf/engine';
import { SAMPLE_COMPANY } from '../engine/src/testing/sample-company.ts';

const BENCHMARKS_FILE = path.join(import.meta.dirname, '..', 'docs', 'BENCHMARKS.md');

// ---------------------------------------------------------------------------------------------------------
// Statistics and formatting

function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

/** Nearest-rank percentile. */
function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

function formatMicros(micros: number): string {
  return `${micros < 10 ? micros.toFixed(2) : micros.toFixed(1)} µs`;
}

function formatMillis(millis: number): string {
  return `${millis.toFixed(1)} ms`;
}

function formatRatio(ratio: number): string {
  return `${ratio < 10 ? ratio.toFixed(2) : ratio.toFixed(1)}×`;
}

function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

// ---------------------------------------------------------------------------------------------------------
// Timing

interface BatchTiming {
  /** Mean time per call of each measured batch, µs. */
  readonly perCallMicros: readonly number[];
  /** Sum of what the calls returned: consumed so that V8 cannot drop the work. */
  readonly sink: number;
}

interface BatchPlan {
  readonly callsPerBatch: number;
  readonly warmupBatches: number;
  readonly measuredBatches: number;
}

/** Runs `call(index)` in batches; the warm-up batches let V8 optimise before anything is measured. */
function timeBatches(call: (index: number) => number, plan: BatchPlan): BatchTiming {
  const perCallMicros: number[] = [];
  let sink = 0;
  for (let batch = 0; batch < plan.warmupBatches + plan.measuredBatches; batch++) {
    const start = performance.now();
    for (let index = 0; index < plan.callsPerBatch; index++) sink += call(index);
    const elapsedMillis = performance.now() - start;
    if (batch >= plan.warmupBatches) perCallMicros.push((elapsedMillis * 1000) / plan.callsPerBatch);
  }
  return { perCallMicros, sink };
}

interface RepeatTiming {
  /** Wall time of each measured pass over all inputs, ms. */
  readonly totalMillis: readonly number[];
  readonly sink: number;
}

/** Times whole passes of `call` over every input; one untimed pass first warms up. */
function timePasses<T>(inputs: readonly T[], call: (input: T) => number, repeats: number): RepeatTiming {
  const totalMillis: number[] = [];
  let sink = 0;
  for (let pass = 0; pass <= repeats; pass++) {
    const start = performance.now();
    for (const input of inputs) sink += call(input);
    const elapsedMillis = performance.now() - start;
    if (pass > 0) totalMillis.push(elapsedMillis);
  }
  return { totalMillis, sink };
}

// ---------------------------------------------------------------------------------------------------------
// Test companies

const FIRST_HISTORY_YEAR = 2015;
const LATEST_HISTORY_YEAR = 2024;
const ITEM_JITTER = 0.05;
const MIN_REVENUE_GROWTH = 0.05;
const REVENUE_GROWTH_SPREAD = 0.15;
const VALUATION_PARAMETERS = { wacc_manual: 0.09 } as const;
const SAMPLE_OVERRIDES: YearOverrides = { 2026: { operating_revenue_yoy: 0.1 } };

/** Deterministic uniform numbers in [0, 1) (Numerical Recipes LCG), so every run values the same companies. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function sampleTemplateYear(): StatementYear {
  const template = SAMPLE_COMPANY.years[LATEST_HISTORY_YEAR];
  if (!template) throw new Error(`SAMPLE_COMPANY has no ${LATEST_HISTORY_YEAR} report`);
  return template;
}

/** The template year scaled to the year's size, every item off by up to ±ITEM_JITTER so ratios differ by year. */
function perturbedYear(template: StatementYear, scale: number, random: () => number): StatementYear {
  const year: StatementYear = {};
  for (const [item, amount] of Object.entries(template)) {
    if (!isStatementItem(item) || amount === undefined) continue;
    // The share count does not grow with the business, and jittering it would only move value per share.
    year[item] = item === 'share_capital' ? amount : amount * scale * (1 + ITEM_JITTER * (2 * random() - 1));
  }
  return year;
}

/** SAMPLE_COMPANY extended to ten years of history (2015–2024), growing 5–20% a year, perturbed per `seed`. */
function perturbedCompany(seed: number): CompanyStatements {
  const template = sampleTemplateYear();
  const random = seededRandom(seed);
  const years: Record<number, StatementYear> = {};
  let scale = 1;
  for (let year = LATEST_HISTORY_YEAR; year >= FIRST_HISTORY_YEAR; year--) {
    years[year] = perturbedYear(template, scale, random);
    scale /= 1 + MIN_REVENUE_GROWTH + REVENUE_GROWTH_SPREAD * random();
  }
  return { code: String(seed).padStart(6, '0'), name: `${SAMPLE_COMPANY.name} ${seed}`, years };
}

function valuePerShare(valuation: CompanyValuation): number {
  return valuation.dcf?.valuation.value_per_share ?? 0;
}

function valueWithOverrides(statements: CompanyStatements, overrides: YearOverrides): CompanyValuation {
  return valueCompany({ statements, parameters: VALUATION_PARAMETERS, overrides });
}

/** The DCF step of `valueCompany` for the same company, as `discountCashFlows` receives it. */
function dcfInputOf(valuation: CompanyValuation): DcfInput {
  return {
    fcf: valuation.forecast.map((row) => row.FCFF ?? 0),
    firstYear: valuation.latestYear + 1,
    wacc: valuation.parameters.wacc,
    terminalGrowth: valuation.parameters.terminal_growth_rate,
    bridge: valuation.bridge,
    totalShares: valuation.parameters.total_shares,
  };
}

/** One distinct revenue-growth override per call of a batch, as the custom valuation page commits edits. */
function driverEdits(count: number): YearOverrides[] {
  return Array.from({ length: count }, (_, index) => ({
    2026: { operating_revenue_yoy: 0.05 + index / (count * 10) },
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Engine section

const SINGLE_COMPANY_PLAN: BatchPlan = { callsPerBatch: 2_000, warmupBatches: 5, measuredBatches: 30 };
// The DCF step is far cheaper; more calls per batch keep each batch well above timer resolution.
const DCF_ONLY_PLAN: BatchPlan = { callsPerBatch: 50_000, warmupBatches: 5, measuredBatches: 30 };
const PORTFOLIO_SIZE = 5_000;
const PORTFOLIO_REPEATS = 7;
const FULL_RECOMPUTE_TARGET_MICROS = 50;

interface TableRow {
  readonly benchmark: string;
  readonly median: string;
  readonly spread: string;
  readonly target: string;
  readonly notes: string;
}

interface EngineFigures {
  readonly fullRecompute: BatchTiming;
  readonly driverEdit: BatchTiming;
  readonly dcfOnly: BatchTiming;
  readonly portfolio: RepeatTiming;
  readonly portfolioWithoutDcf: number;
}

/** Progress goes to stderr so that stdout carries only the Markdown. */
function progress(step: string): void {
  process.stderr.write(`bench: ${step}…\n`);
}

function measureEngine(): EngineFigures {
  const company = perturbedCompany(1);
  const valuation = valueWithOverrides(company, SAMPLE_OVERRIDES);
  if (!valuation.dcf) throw new Error(`benchmark company has no DCF: ${valuation.error?.message}`);

  progress('one company, full recompute');
  const fullRecompute = timeBatches(
    () => valuePerShare(valueWithOverrides(company, SAMPLE_OVERRIDES)),
    SINGLE_COMPANY_PLAN,
  );
  progress('recompute after one driver edit');
  const edits = driverEdits(SINGLE_COMPANY_PLAN.callsPerBatch);
  const driverEdit = timeBatches(
    (index) => valuePerShare(valueWithOverrides(company, edits[index] ?? SAMPLE_OVERRIDES)),
    SINGLE_COMPANY_PLAN,
  );
  progress('DCF step alone');
  const dcfInput = dcfInputOf(valuation);
  const dcfOnly = timeBatches(() => discountCashFlows(dcfInput).valuation.value_per_share, DCF_ONLY_PLAN);

  progress(`${formatCount(PORTFOLIO_SIZE)} companies in a loop`);
  const portfolio = Array.from({ length: PORTFOLIO_SIZE }, (_, index) => perturbedCompany(index + 1));
  const portfolioTiming = timePasses(
    portfolio,
    (statements) => valuePerShare(valueWithOverrides(statements, SAMPLE_OVERRIDES)),
    PORTFOLIO_REPEATS,
  );
  const portfolioWithoutDcf = portfolio.filter(
    (statements) => valueWithOverrides(statements, SAMPLE_OVERRIDES).dcf === null,
  ).length;

  return { fullRecompute, driverEdit, dcfOnly, portfolio: portfolioTiming, portfolioWithoutDcf };
}

function batchSpread(timing: BatchTiming): string {
  return `p95 ${formatMicros(percentile(timing.perCallMicros, 0.95))}`;
}

function engineRows(figures: EngineFigures): TableRow[] {
  const fullMicros = median(figures.fullRecompute.perCallMicros);
  const editMicros = median(figures.driverEdit.perCallMicros);
  const dcfMicros = median(figures.dcfOnly.perCallMicros);
  const portfolioMillis = median(figures.portfolio.totalMillis);
  const portfolioMicrosEach = (portfolioMillis * 1000) / PORTFOLIO_SIZE;
  const batches = `${SINGLE_COMPANY_PLAN.measuredBatches} batches × ${formatCount(SINGLE_COMPANY_PLAN.callsPerBatch)} calls`;
  return [
    {
      benchmark: 'One company, full recompute',
      median: formatMicros(fullMicros),
      spread: batchSpread(figures.fullRecompute),
      target: `well under ${FULL_RECOMPUTE_TARGET_MICROS} µs`,
      notes: `${formatRatio(fullMicros / dcfMicros)} DCF step alone; 10 years of history, 1 override, 5×5 sensitivity; ${batches}`,
    },
    {
      benchmark: 'Recompute after one driver edit',
      median: formatMicros(editMicros),
      spread: batchSpread(figures.driverEdit),
      target: `well under ${FULL_RECOMPUTE_TARGET_MICROS} µs`,
      notes: `${formatRatio(editMicros / fullMicros)} full recompute; a different 2026 revenue growth each call (what the custom valuation page does per commit)`,
    },
    {
      benchmark: `${formatCount(PORTFOLIO_SIZE)} companies in a loop`,
      median: `${formatMillis(portfolioMillis)} (${formatMicros(portfolioMicrosEach)} per company)`,
      spread: `${formatMillis(Math.min(...figures.portfolio.totalMillis))}–${formatMillis(Math.max(...figures.portfolio.totalMillis))}`,
      target: `well under ${formatCount((FULL_RECOMPUTE_TARGET_MICROS * PORTFOLIO_SIZE) / 1000)} ms`,
      notes: `${formatRatio(portfolioMicrosEach / fullMicros)} one company's recompute per company; ${PORTFOLIO_REPEATS} passes over distinct companies, ${figures.portfolioWithoutDcf} without a DCF`,
    },
    {
      benchmark: 'DCF step alone (reference)',
      median: formatMicros(dcfMicros),
      spread: batchSpread(figures.dcfOnly),
      target: '—',
      notes: `\`discountCashFlows\` on the same 5-year FCF; ${DCF_ONLY_PLAN.measuredBatches} batches × ${formatCount(DCF_ONLY_PLAN.callsPerBatch)} calls`,
    },
  ];
}

function markdownTable(rows: readonly TableRow[]): string {
  const header = '| benchmark | median | p95 or spread | target | ratio / notes |\n|---|---:|---:|---|---|';
  const lines = rows.map(
    (row) => `| ${row.benchmark} | ${row.median} | ${row.spread} | ${row.target} | ${row.notes} |`,
  );
  return [header, ...lines].join('\n');
}

function machineDescription(): string {
  const date = new Date().toISOString().slice(0, 10);
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${date}, ${cpu}, ${os.availableParallelism()} cores, Node ${process.version}`;
}

function engineSection(): string {
  const figures = measureEngine();
  const sink = figures.fullRecompute.sink + figures.driverEdit.sink + figures.dcfOnly.sink + figures.portfolio.sink;
  return [
    '## Engine',
    `Measured by \`npm run bench\` on ${machineDescription()}.`,
    'Medians of one run on a shared, noisy machine (p95 over the batch means, spread = fastest–slowest pass): compare runs by the ratios to the DCF step measured alongside, not by the absolute times.',
    markdownTable(engineRows(figures)),
    `<sub>value-per-share checksum (keeps the work observable): ${sink.toFixed(3)}</sub>`,
  ].join('\n\n');
}

// ---------------------------------------------------------------------------------------------------------

const sections = [engineSection()];
const document = ['# Benchmarks', ...sections].join('\n\n');
console.log(document);
mkdirSync(path.dirname(BENCHMARKS_FILE), { recursive: true });
writeFileSync(BENCHMARKS_FILE, `${document}\n`);
