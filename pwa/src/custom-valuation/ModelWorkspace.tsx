import {
  formatPercent,
  formatWithUnit,
  type LeverKey,
  type ModelWhatIfView,
  NOT_APPLICABLE,
  warningSpecs,
} from '@fcf/engine/report';
import { useCallback } from 'react';
import { ValuationWarnings } from '../ui/ValuationWarnings.tsx';
import type { Notify } from '../valuation-editor/use-message.ts';
import { LeverGroups } from './LeverGroups.tsx';
import { ModelExports } from './ModelExports.tsx';
import { ModelTable } from './ModelTable.tsx';
import './ModelWorkspace.css';

interface ModelWorkspaceProps {
  readonly view: ModelWhatIfView | null;
  readonly edits: number;
  readonly notify: Notify;
  readonly onCommit: (key: LeverKey, value: number) => void;
  readonly onPreview: (key: LeverKey, value: number | null) => void;
  readonly onReset: () => void;
}

/** The value per share the levers give, against the default and the price; or why there is none. */
function ModelResultLine({ view, edits, onReset }: { view: ModelWhatIfView; edits: number; onReset: () => void }) {
  const result = view.result;
  const perShare = result?.value_per_share ?? null;
  const automatic = view.automaticPerShare;
  const change = perShare !== null && automatic !== null && automatic > 0 ? perShare / automatic - 1 : null;
  return (
    <section className="cv-card cv-model-result" aria-label="估值结果" aria-live="polite">
      <p className="cv-model-result__value">
        <span className="cv-model-result__label">每股价值</span>
        <strong data-testid="model-custom-value-per-share">
          {perShare !== null ? formatWithUnit('yuan', perShare) : result ? NOT_APPLICABLE : '无法估值'}
        </strong>
        {change !== null && edits > 0 ? (
          <span className="cv-model-result__note">较默认参数 {formatPercent(change)}</span>
        ) : null}
        {view.marginOfSafety !== null ? (
          <span className="cv-model-result__note">安全边际 {formatPercent(view.marginOfSafety)}</span>
        ) : null}
      </p>
      {result ? (
        <p className="cv-model-result__note">
          股权价值 {formatWithUnit('amount', result.equity_value)} · 总股本{' '}
          {result.shares === null ? '未知' : formatWithUnit('shares', result.shares)}（{view.sharesSource}）
        </p>
      ) : null}
      {view.error ? (
        <p className="report-notice report-notice--error" role="alert">
          {view.error}
        </p>
      ) : null}
      <button type="button" className="button button--ghost" onClick={onReset} disabled={edits === 0}>
        恢复默认参数{edits > 0 ? `（${edits} 项我的设定）` : ''}
      </button>
    </section>
  );
}

/** The story model or excess returns on the custom page: the result, every lever, the model's table and its formulas. */
export function ModelWorkspace({ view, edits, notify, onCommit, onPreview, onReset }: ModelWorkspaceProps) {
  const onError = useCallback((message: string) => notify('error', message), [notify]);
  if (!view) {
    return (
      <p className="cv-status" role="status">
        正在计算…
      </p>
    );
  }
  return (
    <>
      <p className="cv-intro">
        {view.description}
        。每个参数的默认值来自公司的历史数据（旁注说明来源）；修改后即时重新计算，按回车或移开焦点保存在本机。
      </p>
      <ModelResultLine view={view} edits={edits} onReset={onReset} />
      {view.result ? <ValuationWarnings warnings={warningSpecs(view.result.warnings)} /> : null}
      <ModelExports view={view} notify={notify} />
      <LeverGroups view={view} onCommit={onCommit} onPreview={onPreview} onError={onError} />
      {view.result ? <ModelTable result={view.result} title={`${view.name}：逐年计算`} /> : null}
      <details className="cv-card cv-model-formulas">
        <summary>公式</summary>
        <dl>
          {view.formulas.map((formula) => (
            <div key={formula.label}>
              <dt>{formula.label}</dt>
              <dd>{formula.formula}</dd>
            </div>
          ))}
        </dl>
      </details>
    </>
  );
}
