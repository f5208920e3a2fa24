import {
  formatPercent,
  formatWithUnit,
  type ModelComparisonView,
  type ModelValueEntry,
  modelValueText,
  NOT_APPLICABLE,
  warningSpecs,
} from '@fcf/engine/report';
import { Link } from '../ui/router.tsx';
import { ValuationWarnings } from '../ui/ValuationWarnings.tsx';

/** What stands where a value per share would: the value, 不适用 with the reason, or why the model does not apply. */
function ValueLine({ entry }: { entry: ModelValueEntry }) {
  if (!entry.fits) {
    return (
      <p className="vm-value__none">
        不适用：<span>{entry.reason}</span>
      </p>
    );
  }
  if (entry.value_per_share === null) {
    return (
      <p className="vm-value__none">
        <strong data-testid="model-value-per-share">{NOT_APPLICABLE}</strong>
        {entry.reason ? <span>：{entry.reason}</span> : <span>：股权价值不为正或股本未知（见提示）</span>}
      </p>
    );
  }
  return (
    <p className="vm-value__amount">
      <span className="vm-value__label">每股价值</span>
      <strong data-testid="model-value-per-share">{formatWithUnit('yuan', entry.value_per_share)}</strong>
      {entry.margin_of_safety !== null ? (
        <span className="vm-value__margin">安全边际 {formatPercent(entry.margin_of_safety)}</span>
      ) : null}
    </p>
  );
}

function ModelValue({ entry, company }: { entry: ModelValueEntry; company: string }) {
  return (
    <li className={entry.fits ? 'vm-value' : 'vm-value is-unfit'} data-testid={`model-value-${entry.model}`}>
      <h3 className="vm-value__name">
        <a href={`#model-${entry.model}`}>{entry.name}</a>
        {entry.preferred ? <span className="vm-badge">默认模型</span> : null}
      </h3>
      <ValueLine entry={entry} />
      {entry.figures.length > 0 ? (
        <dl className="vm-figures">
          {entry.figures.map((figure) => (
            <div key={figure.key}>
              <dt>{figure.label}</dt>
              <dd>
                {modelValueText(figure.unit, figure.value)}
                {figure.unit === 'amount' ? ' 亿元' : ''}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <ValuationWarnings warnings={warningSpecs(entry.warnings)} />
      {entry.fits && entry.model !== 'fcff' ? (
        <Link to={`/valuation-custom?company=${encodeURIComponent(company)}&model=${entry.model}`}>
          在自定义估值中调整参数
        </Link>
      ) : null}
    </li>
  );
}

/** The company's value by every model side by side, and the spread between them in words. */
export function ModelValues({ view, stale }: { view: ModelComparisonView; stale: boolean }) {
  const { company } = view;
  return (
    <section className="vm-compare" aria-labelledby="vm-compare-title" data-testid="model-comparison">
      <h2 id="vm-compare-title">
        {company.name}
        <span className="vm-muted">{company.code}</span>
        <span className="vm-muted">{company.industry}</span>
      </h2>
      {stale ? <p className="vm-muted">无法连接服务器，显示的是离线缓存数据。</p> : null}
      <p className="vm-spread" data-testid="model-spread">
        {view.spread}
      </p>
      {view.price !== null ? <p className="vm-muted">现价 {formatWithUnit('yuan', view.price)}</p> : null}
      <ul className="vm-values">
        {view.entries.map((entry) => (
          <ModelValue key={entry.model} entry={entry} company={company.name} />
        ))}
      </ul>
    </section>
  );
}
