/**
 * `npm run backtest`: the automatic forecast's track record over the whole market's financial summaries
 * (../shared/data/market/summary), written to docs/backtest.md with its chart docs/backtest-errors.svg.
 * `npm run backtest -- --json` prints the headline as JSON instead and writes nothing. Progress and the run
 * time go to stderr.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorChartSvg } from './backtest/chart.ts';
import { REPO_ROOT } from './backtest/market-data.ts';
import { backtestDocument, CHART_FILE } from './backtest/report.ts';
import { runBacktest } from './backtest/run.ts';

const json = process.argv.includes('--json');
const started = performance.now();
const run = runBacktest();
const seconds = (performance.now() - started) / 1000;
process.stderr.write(
  `backtest: ${run.json.companies} companies, ${run.observations.length} observations in ${seconds.toFixed(1)} s ` +
    `(reading ${(run.timings.readMs / 1000).toFixed(1)} s, engine ${(run.timings.computeMs / 1000).toFixed(1)} s)\n`,
);
if (json) {
  process.stdout.write(`${JSON.stringify(run.json)}\n`);
} else {
  const docs = join(REPO_ROOT, 'docs');
  const { 't+1': one, 't+3': three } = run.horizons;
  const groups = [
    { label: '营业收入 t+1', summary: one.revenue },
    { label: '营业收入 t+3', summary: three.revenue },
    { label: '营业利润 t+1', summary: one.operating_profit },
    { label: '营业利润 t+3', summary: three.operating_profit },
  ];
  writeFileSync(join(docs, CHART_FILE), errorChartSvg(groups, '中位绝对百分比误差（越低越好）'));
  writeFileSync(join(docs, 'backtest.md'), `${backtestDocument(run)}\n`);
  process.stderr.write(`backtest: wrote docs/backtest.md and docs/${CHART_FILE}\n`);
}
