/** docs/backtest.md: the track record's method, tables and chart reference, from one run (see run.ts). */
import { BASE_YEARS, type Trait } from './company-backtest.ts';
import { DRIFT_SPAN, HORIZONS } from './metrics.ts';
import type { BacktestRun } from './run.ts';
import { type HorizonSummaries, horizonKey, type MetricSummary, type ValueToCloseSummary } from './summary.ts';

export const CHART_FILE = 'backtest-errors.svg';

const percent = (fraction: number | null) => (fraction === null ? '—' : `${(fraction * 100).toFixed(1)}%`);
const ratio = (value: number | null) => (value === null ? '—' : value.toFixed(2));
const count = (value: number) => value.toLocaleString('en-US');
const quotient = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : a / b);

const METRIC_LABELS = { revenue: '主营业务收入 (revenue)', operating_profit: '营业利润 (operating profit)' } as const;

/** The headline: per horizon and metric, the model's median error against each baseline's. */
function headlineTable(horizons: HorizonSummaries): string {
  const lines = [
    '| horizon | metric | company-years | model | random walk | drift | model ÷ random walk | model ÷ drift | model beats random walk | model beats drift (ties) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const horizon of HORIZONS) {
    const key = horizonKey(horizon);
    for (const metric of ['revenue', 'operating_profit'] as const) {
      const summary = horizons[key][metric];
      const revenue = metric === 'revenue';
      lines.push(
        `| ${key} | ${METRIC_LABELS[metric]} | ${count(summary.n)} | ${percent(summary.model)} | ${percent(summary.randomWalk)} | ${revenue ? percent(summary.drift) : '—'} | ${ratio(quotient(summary.model, summary.randomWalk))} | ${revenue ? ratio(quotient(summary.model, summary.drift)) : '—'} | ${percent(summary.beatsRandomWalk)} | ${revenue ? `${percent(summary.beatsDrift)} (${percent(summary.tiesDrift)})` : '—'} |`,
      );
    }
  }
  return lines.join('\n');
}

const cellOf = (summary: MetricSummary, withDrift: boolean) =>
  `${percent(summary.model)} / ${percent(summary.randomWalk)}${withDrift ? ` / ${percent(summary.drift)}` : ''} (${count(summary.n)})`;

function industryTable(run: BacktestRun): string {
  const lines = [
    '| industry (国标 section) | companies | revenue t+1 | revenue t+3 | operating profit t+1 | operating profit t+3 | model ÷ random walk, operating profit t+3 |',
    '|---|---:|---|---|---|---|---:|',
  ];
  for (const { industry, companies, horizons } of run.industries) {
    const { 't+1': one, 't+3': three } = horizons;
    lines.push(
      `| ${industry} | ${count(companies)} | ${cellOf(one.revenue, true)} | ${cellOf(three.revenue, true)} | ${cellOf(one.operating_profit, false)} | ${cellOf(three.operating_profit, false)} | ${ratio(quotient(three.operating_profit.model, three.operating_profit.randomWalk))} |`,
    );
  }
  return lines.join('\n');
}

const TRAIT_LABELS: Readonly<Record<Trait, string>> = {
  financial: 'financial company (section J or its balances; forecast, though not valued)',
  loss_base: 'EBIT < 0 in the base year',
  extreme_margin:
    'a year of the latest 3 with \\|EBIT\\| > revenue (shell year, reverse merger; left out by the drivers)',
  growth_at_cap: 'revenue growth starts at the 25% cap',
  declining: 'the latest 3 year-on-year revenue growths have a negative median (not carried forward)',
  cyclical: 'a cyclical division (8-year window, growth starts at g)',
  short_history: 'fewer than 4 reported years up to t',
};

function traitTable(run: BacktestRun): string {
  const lines = [
    '| trait of the history up to t | operating profit t+1 | operating profit t+3 | latest-margin diagnostic, operating profit t+1 / t+3 | revenue t+1: model / drift | revenue t+3: model / random walk |',
    '|---|---|---|---|---|---|',
  ];
  for (const { trait, horizons } of run.traits) {
    const { 't+1': one, 't+3': three } = horizons;
    const label = trait === null ? '**all**' : TRAIT_LABELS[trait];
    lines.push(
      `| ${label} | ${cellOf(one.operating_profit, false)} | ${cellOf(three.operating_profit, false)} | ${percent(one.operating_profit.latestMargin)} / ${percent(three.operating_profit.latestMargin)} | ${percent(one.revenue.model)} / ${percent(one.revenue.drift)} | ${percent(three.revenue.model)} / ${percent(three.revenue.randomWalk)} |`,
    );
  }
  return lines.join('\n');
}

function valueToCloseRow(label: string, summary: ValueToCloseSummary): string {
  return `| ${label} | ${count(summary.n)} | ${ratio(summary.p10)} | ${ratio(summary.p25)} | **${ratio(summary.median)}** | ${ratio(summary.p75)} | ${ratio(summary.p90)} | ${percent(summary.belowClose)} | ${percent(summary.negative)} |`;
}

function valueToCloseTable(run: BacktestRun): string {
  const lines = [
    '| base year t | company-years | p10 | p25 | median | p75 | p90 | value < close | value < 0 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [year, summary] of run.valueToCloseByYear) lines.push(valueToCloseRow(String(year), summary));
  lines.push(valueToCloseRow('**all**', run.valueToClose));
  return lines.join('\n');
}

/** The whole document (Markdown), the chart being CHART_FILE beside it. */
export function backtestDocument(run: BacktestRun): string {
  const { horizons } = run;
  const ebit = (key: 't+1' | 't+3') =>
    `${percent(horizons[key].ebit.model)} against ${percent(horizons[key].ebit.randomWalk)} (${count(horizons[key].ebit.n)} company-years)`;
  const firstYear = BASE_YEARS[0];
  const lastYear = BASE_YEARS[BASE_YEARS.length - 1];
  return [
    '# Track record of the automatic forecast',
    'Written by `npm run backtest` (`scripts/backtest.ts`, logic in `scripts/backtest/`); do not edit by hand. `npm run backtest -- --json` prints the headline as JSON; `npm run bench` prints its two target ratios.',
    '## Result',
    `Companies counted: ${count(run.json.companies)} of ${count(run.filesRead)} financial summaries; base years ${firstYear}–${lastYear}. Median absolute percentage error (lower is better); "beats" is the share of company-years where the model's error is strictly smaller, "ties" where it is the same.`,
    headlineTable(horizons),
    `![Median absolute percentage error by metric and horizon](${CHART_FILE})`,
    `Diagnostic, the summary basis's EBIT itself (营业利润 − 投资收益): t+1 model ${ebit('t+1')} for the random walk; t+3 ${ebit('t+3')}.`,
    '## Method',
    [
      `- **Data.** Every \`../shared/data/market/summary/<code>.csv\` (the NetEase 主要财务指标 export, years up to 2019), read by the upload's parser (\`sync-server/src/ingest/parse-statement-file.ts\`) and merged as the server hands statements to the engine (\`statementsFromRows\`), so each figure is what an upload of that file stores. Files refused by the parser: ${count(run.refused.length)}.`,
      `- **Forecast.** For each company and base year t = ${firstYear}…${lastYear}, the statements are cut to the years ≤ t and valued by \`valueCompany\` with no overrides and the default parameters (g 2%): its \`autoForecast\` is the engine's automatic drivers (docs/model.md §4) projected (§5). Forecast year t+1 is the first forecast row, t+3 the third. A base year counts only when the engine's latest reported year is t (a positive revenue at t).`,
      "- **Revenue** is `主营业务收入` (operating_revenue), forecast as the projection's revenue.",
      "- **Operating profit.** The engine forecasts EBIT, which on the summary basis is operating profit − investment income − fair-value change income + financial expenses (docs/model.md §2; the summary has only the investment income of those lines). The forecast operating profit of t+h is the forecast EBIT of t+h plus the base year's (operating profit − EBIT), held constant. Why: the track record is meant to be judged against reported 营业利润, and the random walk is on 营业利润; the part the engine does not forecast then enters both forecasts at its base-year amount, so the difference between model and random walk is exactly the engine's EBIT forecast (margin and growth). The EBIT-to-EBIT comparison above shows the same verdict without that part.",
      '- **Counting rule.** A company-year counts for a metric and horizon h where the figure is reported at t and at t+h and the latter is not 0 (each metric and horizon has its own count n). The error is |forecast − actual| ÷ |actual|, summarised by its median (the mean of the two middle values for an even count).',
      `- **Baselines**, on the same company-years: the random walk x_{t+h} = x_t; for revenue the random walk with drift x_t × (x_t ÷ x_{t−${DRIFT_SPAN}})^{h/${DRIFT_SPAN}} where both are reported and positive, else x_t. The engine's first-year revenue growth is the median of the latest 3 year-on-year growths within 0%…25% (g for a cyclical division), not the drift's compound growth, so the two seldom tie.`,
      "- **Companies** counts those with at least one counted company-year. Financial companies are included (the engine forecasts them, though it gives them no FCFF value); the industry table shows them apart. Industry: the 国标 section by the division code of `market/industryCoding.csv` (`loadIndustryCoding`, `sync-server/src/ingest/market-lists.ts`); 未分类 where the list does not file the company. The engine is given the division code ('C31'), as the server gives it, so a cyclical division reads its longer window (docs/model.md §4).",
    ].join('\n'),
    '## By industry',
    'Each cell: model / random walk (/ drift for revenue) median error, and the company-years counted. Largest industries first.',
    industryTable(run),
    '## Where the errors come from',
    "The same medians over the company-years whose history has a trait the automatic drivers meet (a company-year may have several). The latest-margin diagnostic is **not** the engine's forecast: the engine's revenue times the base year's EBIT margin in every year (instead of the fade from it to the median of the window), plus the same non-operating part; it isolates what the margin rule costs.",
    traitTable(run),
    '## Value ÷ close',
    `Where a year-end quote exists at the base year (\`../shared/data/quotes/market/2016.csv\` and \`2017.csv\` for the whole market, \`year-end-quotes.csv\` for the sample companies in 2018), the engine's value per share from the statements up to t (the server's valuation: the industry's seeded β, the quote's 总股本 as the listed share count, default WACC assumptions) divided by that close. Quoted company-years without a value per share (financial companies, WACC ≤ g): ${count(run.unvalued)}.`,
    valueToCloseTable(run),
    [
      'Limitations of a valuation from the financial summary alone (docs/model.md §2):',
      '- FCF = NOPAT: D&A, capex and working capital are unknown and taken as 0, so growth needs no reinvestment and growing companies are overvalued.',
      "- The summary has no income-tax line (its 净利润 is the parent's), so NOPAT and the forecast use the statutory 25%.",
      '- EBIT leaves out investment income, and the summary has no balance-sheet lines for the bridge: no cash, no interest-bearing debt, no minority interests, no long-term equity investments. The equity value is the enterprise value; levered companies are overvalued, cash-rich and holding companies undervalued.',
      '- Without debt lines the WACC is the cost of equity (risk-free 3% + β × 6%, the same for every year).',
      "- The share count is the quote's 总股本 (all share classes, H shares too) against the A-share close.",
    ].join('\n'),
  ].join('\n\n');
}
