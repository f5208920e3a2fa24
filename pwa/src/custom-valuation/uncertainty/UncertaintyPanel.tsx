import { isLogarithmicDriver, MAX_DRAWS, MAX_SEED, MIN_DRAWS } from '@fcf/engine';
import { formatAmount, formatPercent } from '@fcf/engine/report';
import { useEffect } from 'react';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import type { UncertaintyEngine } from '../../worker/engine-client.ts';
import { DriverCell } from './DriverCell.tsx';
import { McHistogram } from './McHistogram.tsx';
import { keepRangeSnapshot } from './range-snapshot.ts';
import { ScenarioTable } from './ScenarioTable.tsx';
import { TornadoChart } from './TornadoChart.tsx';
import { useUncertainty } from './use-uncertainty.ts';
import './UncertaintyPanel.css';

interface UncertaintyPanelProps {
  readonly engine: UncertaintyEngine;
  readonly company: string;
  readonly onError: (message: string) => void;
}

const wholeIn = (min: number, max: number, label: string) => (value: number) =>
  Number.isInteger(value) && value >= min && value <= max ? null : `${label}须为 ${min} 至 ${max} 的整数`;

/**
 * 价值区间: the scenarios with their weights and values, the Monte Carlo around one of them (in the worker,
 * in steps: progress and 取消 past a second), the histogram, the tornado, the rating and the verdict
 * (docs/app.md, the custom page; docs/model.md, uncertainty).
 */
export function UncertaintyPanel({ engine, company, onError }: UncertaintyPanelProps) {
  const { state, centre, cancel, saveScenario, setCentre, setSpread, setSeed, setDraws } = useUncertainty(
    engine,
    company,
    onError,
  );
  const { start, summary, simulation } = state;
  const outcomeShown = simulation.outcome;
  useEffect(() => {
    if (!start || !summary || !outcomeShown) return;
    const { simulation: figures, rating, required_margin, verdict } = outcomeShown;
    keepRangeSnapshot(company, {
      scenarios: summary.scenarios,
      simulation: figures,
      price: start.price,
      rating,
      required_margin,
      verdict,
    });
  }, [company, start, summary, outcomeShown]);
  if (state.error) {
    return (
      <section className="cv-card unc" aria-labelledby="unc-title">
        <h2 id="unc-title">价值区间</h2>
        <p className="unc-refused">{state.error}</p>
      </section>
    );
  }
  if (!start) {
    return (
      <section className="cv-card unc" aria-labelledby="unc-title">
        <h2 id="unc-title">价值区间</h2>
        <p role="status">正在生成情景…</p>
      </section>
    );
  }
  const { outcome, progress, slow } = simulation;
  const result = outcome?.simulation;
  return (
    <section className="cv-card unc" aria-labelledby="unc-title">
      <h2 id="unc-title">价值区间</h2>
      <p className="unc-note">
        {start.model === 'story'
          ? '按故事估值模型（十年FCFF）：悲观、基准、乐观取公司近5年所表现的低端与高端，默认权重 25/50/25，可改。'
          : '按超额收益模型（剩余收益）：悲观、乐观取公司近5年ROE的低端与高端，股权成本上下浮动1个百分点，永续增长率0.5个百分点，默认权重 25/50/25，可改（仅本页，不同步）。'}
      </p>
      <ScenarioTable
        model={start.model}
        scenarios={state.scenarios}
        summary={summary}
        price={start.price}
        centreId={centre?.id ?? null}
        onSave={saveScenario}
        onCentre={setCentre}
        onError={onError}
      />
      {summary?.scenarios.map((scenario) =>
        scenario.words.length > 0 ? (
          <details key={scenario.id} className="unc-words">
            <summary>{scenario.name}情景的依据</summary>
            <ul>
              {scenario.words.map((word) => (
                <li key={word}>{word}</li>
              ))}
            </ul>
          </details>
        ) : null,
      )}

      <h3>蒙特卡洛模拟（以“{centre?.name}”为中心）</h3>
      {progress && slow ? (
        <div className="unc-progress">
          <ProgressBar
            value={progress.taken}
            max={progress.total}
            label="模拟进度"
            text={`${Math.round((progress.taken / Math.max(1, progress.total)) * 100)}%`}
            testId="mc-progress"
          />
          <button type="button" className="button" onClick={cancel}>
            取消
          </button>
        </div>
      ) : null}
      {simulation.cancelled && !progress ? <p role="status">模拟已取消，显示的是上一次的结果。</p> : null}
      {result ? (
        <>
          <dl className="unc-figures">
            <div>
              <dt>P10</dt>
              <dd data-testid="mc-p10">{formatAmount(result.p10)}</dd>
            </div>
            <div>
              <dt>P50</dt>
              <dd data-testid="mc-p50">{formatAmount(result.p50)}</dd>
            </div>
            <div>
              <dt>P90</dt>
              <dd data-testid="mc-p90">{formatAmount(result.p90)}</dd>
            </div>
            <div>
              <dt>价值高于现价的概率</dt>
              <dd data-testid="mc-prob-above-price">
                {result.prob_above_price === null ? '暂无行情' : formatPercent(result.prob_above_price)}
              </dd>
            </div>
            <div>
              <dt>被模型拒绝的抽样</dt>
              <dd data-testid="mc-refused">
                {formatPercent(result.refused_share)}（WACC 不高于 g：{result.refusals.wacc_not_above_growth}{' '}
                次，超出范围：
                {result.refusals.out_of_range} 次）
              </dd>
            </div>
          </dl>
          <McHistogram simulation={result} price={start.price} />
        </>
      ) : (
        <p role="status">模拟中…</p>
      )}
      {outcome ? (
        <p className="unc-verdict">
          不确定性评级 <strong data-testid="uncertainty-rating">{outcome.rating ?? '—'}</strong>
          {outcome.required_margin !== null ? `（要求安全边际 ${formatPercent(outcome.required_margin)}）` : ''}，结论{' '}
          <strong data-testid="verdict" className={`unc-verdict__${outcome.verdict ?? 'none'}`}>
            {outcome.verdict ?? '无法判断'}
          </strong>
          <span className="unc-basis">{outcome.basis}</span>
        </p>
      ) : null}

      <TornadoChart bars={summary?.tornado ?? []} centre={summary?.centre_value ?? null} />

      <details className="unc-settings">
        <summary>模拟设置（随机种子、次数与各驱动因素的波动）</summary>
        <div className="unc-settings__grid">
          <div className="unc-setting">
            <span>随机种子</span>
            <DriverCell
              value={state.seed}
              percent={false}
              label="随机种子"
              check={wholeIn(0, MAX_SEED, '随机种子')}
              onCommit={setSeed}
              onError={onError}
            />
          </div>
          <div className="unc-setting">
            <span>模拟次数</span>
            <DriverCell
              value={state.draws}
              percent={false}
              label="模拟次数"
              check={wholeIn(MIN_DRAWS, MAX_DRAWS, '模拟次数')}
              onCommit={setDraws}
              onError={onError}
            />
          </div>
          {state.spreads
            ? result?.spreads.map((spread) => {
                const logarithmic = isLogarithmicDriver(spread.driver);
                return (
                  <div key={spread.driver} className="unc-setting" title={spread.basis}>
                    {spread.label}波动
                    {logarithmic ? '（对数）' : '（%）'}
                    <DriverCell
                      value={state.spreads?.[spread.driver] ?? spread.value}
                      percent={!logarithmic}
                      label={`${spread.label}的波动`}
                      check={(value) => (value >= 0 && value <= 1 ? null : '波动须在 0 至 1（100%）之间')}
                      onCommit={(value) => setSpread(spread.driver, value)}
                      onError={onError}
                    />
                    <small>{spread.basis}</small>
                  </div>
                );
              })
            : null}
        </div>
      </details>
    </section>
  );
}
