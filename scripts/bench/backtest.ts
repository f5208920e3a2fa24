/**
 * The forecast's track record as a benchmark section: the automatic drivers' median errors over the whole
 * market against the baselines measured in the same run (`npm run backtest`, docs/backtest.md).
 */
import type { BacktestJson } from '../backtest/summary.ts';
import { type Row, type SectionResult, verdict } from './report.ts';
import { formatCount } from './stats.ts';

/** The model's median error ÷ the random walk's on t+3 operating profit must be below this. */
export const OPERATING_PROFIT_T3_TARGET = 1;
/** The model's median error ÷ the random walk with drift's on t+1 revenue must be at most this. */
export const REVENUE_T1_TARGET = 1.1;

const percent = (fraction: number | null) => (fraction === null ? '—' : `${(fraction * 100).toFixed(1)}%`);

function ratioRow(
  benchmark: string,
  model: number | null,
  baseline: number | null,
  baselineName: string,
  n: number,
  target: { readonly text: string; readonly met: (ratio: number) => boolean },
): Row {
  const ratio = model !== null && baseline !== null && baseline > 0 ? model / baseline : null;
  return {
    benchmark,
    measured: ratio === null ? '—' : ratio.toFixed(2),
    spread: `model ${percent(model)}, ${baselineName} ${percent(baseline)}`,
    reference: `${baselineName}, same company-years`,
    ratio: '—',
    target: target.text,
    verdict: verdict(ratio !== null && target.met(ratio)),
    notes: `${formatCount(n)} company-years; median absolute percentage error`,
  };
}

export function backtestSection(json: BacktestJson, seconds: number): SectionResult {
  const three = json.horizons['t+3'].operating_profit;
  const one = json.horizons['t+1'].revenue;
  return {
    number: 8,
    title: 'Forecast track record',
    method: `\`npm run backtest\`'s computation in the bench process (${seconds.toFixed(1)} s): every company's financial summary cut at each base year 2012–2018, forecast by the engine's automatic drivers (\`valueCompany\`, default parameters), and compared with what was reported (${json.companies.toLocaleString('en-US')} companies); the ratio is the model's median error over the baseline's. Method and tables: docs/backtest.md.`,
    rows: [
      ratioRow('Model ÷ random walk, t+3 operating profit', three.model, three.random_walk, 'random walk', three.n, {
        text: `< ${OPERATING_PROFIT_T3_TARGET}`,
        met: (ratio) => ratio < OPERATING_PROFIT_T3_TARGET,
      }),
      ratioRow('Model ÷ random walk with drift, t+1 revenue', one.model, one.drift, 'drift', one.n, {
        text: `≤ ${REVENUE_T1_TARGET}`,
        met: (ratio) => ratio <= REVENUE_T1_TARGET,
      }),
    ],
  };
}
