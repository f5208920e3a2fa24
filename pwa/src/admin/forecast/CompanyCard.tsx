import { REPORT_TYPE_LABELS, REPORT_TYPES } from '@fcf/engine';
import { openInNewTab } from '../../lib/open-in-new-tab.ts';
import type { CompanyStatus } from '../admin-api.ts';
import { type FileStats, parametersUrl } from './forecast-companies.ts';
import './CompanyCard.css';

interface CompanyCardProps {
  readonly company: CompanyStatus;
  /** Null when the file list could not be read: the counts then show a dash. */
  readonly stats: FileStats | null;
}

/** A company's completion badge, data counts and its 参数管理 button (opens the FCF page in a new tab). */
export function CompanyCard({ company, stats }: CompanyCardProps) {
  const have = new Set(company.report_types);
  return (
    <li className={`forecast-card${company.complete ? ' is-complete' : ''}`}>
      <header className="forecast-card__header">
        <h3 className="forecast-card__name">{company.name}</h3>
        <span
          className={`forecast-badge${company.complete ? ' is-complete' : ''}`}
          title={company.complete ? '四类报表已齐全' : '报表不全，预测可能不准确'}
        >
          {company.complete ? '完整' : '不完整'} {company.completeness}
        </span>
      </header>
      <p className="forecast-card__meta">
        <span className="forecast-card__code">{company.code}</span>
        <span>{company.industry || '其他'}</span>
      </p>
      <ul className="forecast-card__types" aria-label="报表">
        {REPORT_TYPES.map((type) => (
          <li key={type} className={have.has(type) ? 'is-present' : 'is-missing'}>
            <span aria-hidden="true">{have.has(type) ? '✓' : '✗'}</span> {REPORT_TYPE_LABELS[type]}
            <span className="visually-hidden">{have.has(type) ? '已上传' : '未上传'}</span>
          </li>
        ))}
      </ul>
      <dl className="forecast-card__counts">
        <div>
          <dt>文件</dt>
          <dd>{stats ? stats.files : '-'}</dd>
        </div>
        <div>
          <dt>覆盖年份</dt>
          <dd>{stats?.years ?? '-'}</dd>
        </div>
      </dl>
      <footer className="forecast-card__footer">
        <span className={`flag${company.valued ? ' is-on' : ''}`}>{company.valued ? '已估值' : '未估值'}</span>
        <span className={`flag${company.analyzed ? ' is-on' : ''}`}>{company.analyzed ? '已分析' : '未分析'}</span>
        <button
          type="button"
          className="button button--ghost forecast-card__open"
          aria-label={`参数管理 ${company.name}（新标签页打开）`}
          onClick={() => openInNewTab(parametersUrl(company.name))}
        >
          参数管理 <span aria-hidden="true">↗</span>
        </button>
      </footer>
    </li>
  );
}
