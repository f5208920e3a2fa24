import {
  checkWaccInput,
  formatPercent,
  formatWithUnit,
  NOT_APPLICABLE,
  WACC_TOOL_INPUT_RULES,
  WACC_TOOL_INPUTS,
  type WaccToolEdits,
  type WaccToolInput,
  type WaccToolView,
  warningSpecs,
} from '@fcf/engine/report';
import { useCallback, useState } from 'react';
import { DEFAULT_COMPANY } from '../lib/default-company.ts';
import { CompanyLookup } from '../ui/company-picker/CompanyLookup.tsx';
import { DataDateBadge } from '../ui/DataDateBadge.tsx';
import { editableText, parseEditableNumber } from '../ui/editable-number.ts';
import { RetryNotice } from '../ui/RetryNotice.tsx';
import { useQueryParam, useRouter } from '../ui/router.tsx';
import { ValuationWarnings } from '../ui/ValuationWarnings.tsx';
import { IndustryBetaTable } from './IndustryBetaTable.tsx';
import { useWaccTool } from './use-wacc-tool.ts';
import './WaccToolPage.css';

const BOUND_TEXT = { floor: '下限', cap: '上限' } as const;

/** Where each input comes from, as the valuation reads it. */
function sourceOf(key: WaccToolInput, view: WaccToolView): string {
  const range = (pair: readonly [number, number]) => `${formatPercent(pair[0])}–${formatPercent(pair[1])}`;
  switch (key) {
    case 'risk_free_rate':
      return '平台参数（后台“WACC参数”）';
    case 'equity_risk_premium':
      return '平台参数：A股市场风险溢价';
    case 'beta':
      return view.inputs?.beta_industry ? `国标行业“${view.inputs.beta_industry}”的β` : '默认β（行业未配置）';
    case 'cost_of_debt':
      return `财务费用 ÷ 平均有息负债，限定在 ${range(view.cost_of_debt_range)}（无数据时 ${formatPercent(view.default_cost_of_debt)}）`;
    case 'tax_rate':
      return '预测所用的有效所得税率（所得税 ÷ 利润总额）';
    case 'debt_weight':
      return '账面价值：有息负债 ÷（有息负债 + 股东权益）';
  }
}

const shown = (key: WaccToolInput, value: number) =>
  editableText(value, { percent: WACC_TOOL_INPUT_RULES[key].unit === 'percent' });

function InputRow({
  name,
  view,
  onCommit,
}: {
  name: WaccToolInput;
  view: WaccToolView;
  onCommit: (name: WaccToolInput, value: number | undefined) => void;
}) {
  const rule = WACC_TOOL_INPUT_RULES[name];
  const value = view.inputs?.[name] ?? null;
  // What the reader typed, until a new value arrives. Reset while rendering (not in an effect), so a
  // recompute that lands just after a keystroke can never overwrite the keystroke.
  const [draft, setDraft] = useState<string | null>(null);
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setDraft(null);
  }
  const text = draft ?? (value === null ? '' : shown(name, value));
  const [error, setError] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    // Not a number: the range check says so in its own words.
    const next = parseEditableNumber(text, rule.unit === 'percent') ?? Number.NaN;
    const problem = text.trim() === '' ? `${rule.label}不能为空` : checkWaccInput(name, next);
    setError(problem);
    if (!problem && next !== value) onCommit(name, next);
  };
  const edited = view.edited.includes(name);
  return (
    <tr data-testid={`wacc-component-${name}`} className={edited ? 'is-edited' : undefined}>
      <th scope="row">{rule.label}</th>
      <td>
        <label className="wacc-tool__field">
          <input
            inputMode="decimal"
            aria-label={rule.label}
            aria-invalid={error ? true : undefined}
            value={text}
            disabled={value === null}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commit}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commit();
            }}
          />
          <span>{rule.unit === 'percent' ? '%' : ''}</span>
        </label>
        {error ? (
          <p className="wacc-tool__error" role="alert">
            {error}
          </p>
        ) : null}
      </td>
      <td className="wacc-tool__source">
        {sourceOf(name, view)}
        {edited ? (
          <button type="button" className="button button--ghost" onClick={() => onCommit(name, undefined)}>
            恢复
          </button>
        ) : null}
      </td>
    </tr>
  );
}

function Result({ view }: { view: WaccToolView }) {
  const stored = view.stored;
  return (
    <dl className="wacc-tool__result">
      <div data-testid="wacc-component-calculated">
        <dt>计算所得 WACC（未限定）</dt>
        <dd>{formatPercent(view.calculated)}</dd>
      </div>
      <div data-testid="wacc-component-applied">
        <dt>采用的 WACC</dt>
        <dd>
          {formatPercent(view.applied)}
          {view.bound ? (
            <small>
              已按{BOUND_TEXT[view.bound]} {formatPercent(view.wacc_range[view.bound === 'floor' ? 0 : 1])} 限定（范围{' '}
              {formatPercent(view.wacc_range[0])}–{formatPercent(view.wacc_range[1])}）
            </small>
          ) : (
            <small>
              在 {formatPercent(view.wacc_range[0])}–{formatPercent(view.wacc_range[1])} 之内，未限定
            </small>
          )}
        </dd>
      </div>
      <div data-testid="wacc-component-value">
        <dt>
          按此 WACC 的每股价值{' '}
          <DataDateBadge latestYear={view.latest_year} warnings={view.warnings} basePeriod={view.base_period} />
        </dt>
        <dd>
          {view.value_not_applicable !== null ? (
            <>
              <span data-testid="wacc-value-per-share">{NOT_APPLICABLE}</span>
              <small>{view.value_not_applicable}</small>
            </>
          ) : view.value_per_share === null ? (
            view.value_error
          ) : (
            <span data-testid="wacc-value-per-share">{formatWithUnit('yuan', view.value_per_share)}</span>
          )}
        </dd>
      </div>
      <div>
        <dt>报告中采用的 WACC</dt>
        <dd>
          {formatPercent(stored.applied_wacc)}
          {view.manual_wacc !== null ? <small>（后台手动设置，覆盖计算值）</small> : null}
        </dd>
      </div>
    </dl>
  );
}

/** WACC查询工具: a company's WACC inputs with their sources; each can be changed to see the WACC it gives. */
export default function WaccToolPage() {
  const { location, navigate } = useRouter();
  const fromQuery = useQueryParam('company');
  const [company, setCompany] = useState<string | null>(() => fromQuery?.trim() || DEFAULT_COMPANY);
  const [edits, setEdits] = useState<WaccToolEdits>({});
  const [reload, setReload] = useState(0);
  const state = useWaccTool(company, edits, reload);

  const choose = useCallback(
    (name: string | null) => {
      setCompany(name);
      setEdits({});
      navigate(`${location.pathname}${name ? `?company=${encodeURIComponent(name)}` : ''}`, { replace: true });
    },
    [location.pathname, navigate],
  );
  const commit = useCallback((name: WaccToolInput, value: number | undefined) => {
    setEdits((current) => {
      const next = { ...current };
      if (value === undefined) delete next[name];
      else next[name] = value;
      return next;
    });
  }, []);

  return (
    <div className="wacc-tool">
      <h1>WACC查询工具</h1>
      <p className="wacc-tool__lead">
        WACC = E/V × (rf + β × ERP) + D/V × Kd × (1 −
        t)。修改任一参数即重新计算（在本机完成，离线可用），不会改变报告与后台参数。
      </p>
      <CompanyLookup current={company} onChoose={choose} />
      {state.status === 'idle' ? <p className="wacc-tool__status">请选择一家公司。</p> : null}
      {state.status === 'loading' ? (
        <p className="wacc-tool__status" role="status">
          正在加载…
        </p>
      ) : null}
      {state.status === 'error' ? (
        <RetryNotice message={`数据加载失败：${state.message}`} onRetry={() => setReload((value) => value + 1)} />
      ) : null}
      {state.status === 'ready' ? (
        <section aria-labelledby="wacc-tool-company">
          <h2 id="wacc-tool-company">
            {state.view.company.name}
            <span className="wacc-tool__code">{state.view.company.code}</span>
            <span className="wacc-tool__industry">{state.view.company.industry}</span>
          </h2>
          {state.stale ? <p className="wacc-tool__status">无法连接服务器，显示的是离线缓存数据</p> : null}
          <div className="wacc-tool__scroll">
            <table className="data-table wacc-tool__table">
              <caption>WACC 各项参数及来源</caption>
              <thead>
                <tr>
                  <th scope="col">参数</th>
                  <th scope="col">取值</th>
                  <th scope="col">来源</th>
                </tr>
              </thead>
              <tbody>
                {WACC_TOOL_INPUTS.map((name) => (
                  <InputRow key={name} name={name} view={state.view} onCommit={commit} />
                ))}
              </tbody>
            </table>
          </div>
          <Result view={state.view} />
          <ValuationWarnings warnings={warningSpecs(state.view.warnings)} />
          {Object.keys(edits).length > 0 ? (
            <button type="button" className="button button--ghost" onClick={() => setEdits({})}>
              全部恢复为报告参数
            </button>
          ) : null}
        </section>
      ) : null}
      <IndustryBetaTable highlight={state.status === 'ready' ? state.view.company.industry : null} />
    </div>
  );
}
