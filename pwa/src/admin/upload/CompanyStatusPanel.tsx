import { type ReactNode, useId } from 'react';
import type { Remote } from '../../ui/use-remote.ts';
import type { CompaniesStatus } from '../admin-api.ts';
import './CompanyStatusPanel.css';

interface CompanyStatusPanelProps {
  readonly status: Remote<CompaniesStatus>;
  /** The batch buttons, shown under the figures they act on. */
  readonly children?: ReactNode;
}

/** Figures and the unvalued / unanalyzed companies from the company-status call. */
export function CompanyStatusPanel({ status, children }: CompanyStatusPanelProps) {
  const titleId = useId();
  const data = status.data;
  return (
    <section
      className="panel panel--stack upload-card status-panel"
      aria-labelledby={titleId}
      aria-busy={status.loading}
    >
      <header className="upload-card__header">
        <h2 id={titleId}>公司状态</h2>
        <button type="button" className="upload-action" onClick={status.reload} disabled={status.loading}>
          {status.loading ? '加载中…' : '刷新'}
        </button>
      </header>
      {status.error && (
        <p className="upload-notice upload-notice--error" role="alert">
          {status.error}{' '}
          <button type="button" className="link-button" onClick={status.reload}>
            重试
          </button>
        </p>
      )}
      {!data && !status.error && <p className="upload-empty">正在获取公司状态…</p>}
      {data && (
        <>
          <dl className="status-panel__figures">
            <Figure label="公司总数" value={data.statistics.total_companies} />
            <Figure label="报表齐全" value={data.statistics.complete_count} />
            <Figure label="未估值" value={data.statistics.unvalued_count} tone="warning" />
            <Figure label="未分析" value={data.statistics.unanalyzed_count} tone="warning" />
          </dl>
          <NameList title="未估值公司" names={data.unvalued_companies} />
          <NameList title="未分析公司" names={data.unanalyzed_companies} />
        </>
      )}
      {children}
    </section>
  );
}

function Figure({ label, value, tone }: { label: string; value: number; tone?: 'warning' }) {
  return (
    <div className={`status-panel__figure${tone && value > 0 ? ` is-${tone}` : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function NameList({ title, names }: { title: string; names: readonly string[] }) {
  return (
    <details className="status-panel__names">
      <summary>
        {title} <span className="count status-panel__count">{names.length}</span>
      </summary>
      {names.length === 0 ? (
        <p className="upload-empty">无</p>
      ) : (
        <ul>
          {names.map((name) => (
            <li key={name} className="upload-chip">
              {name}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
