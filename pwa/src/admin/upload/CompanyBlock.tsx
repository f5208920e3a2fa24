import { REPORT_TYPE_LABELS, REPORT_TYPES } from '@fcf/engine';
import { useId, useState } from 'react';
import type { CompanyStatus } from '../admin-api.ts';
import { CompanyActions } from './CompanyActions.tsx';
import type { RateLimiter } from './rate-limit.ts';

interface CompanyBlockProps {
  readonly company: CompanyStatus;
  readonly isNew: boolean;
  readonly limiter: RateLimiter;
  onChanged(): void;
  onDeleted(company: string): void;
}

/** A company's x/4 block: expanding it lists the four report types with ✓/✗; its actions sit below. */
export function CompanyBlock({ company, isNew, limiter, onChanged, onDeleted }: CompanyBlockProps) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const have = new Set(company.report_types);
  return (
    <li className={`company-block${company.complete ? ' is-complete' : ''}${isNew ? ' is-new' : ''}`}>
      <button
        type="button"
        className="company-block__summary"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="company-block__chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        <span className="company-block__name">{company.name}</span>
        <span className="company-block__code">{company.code}</span>
        {isNew && <span className="upload-chip upload-chip--new">新上传</span>}
        <span
          className={`company-block__count${company.complete ? ' is-complete' : ''}`}
          title={company.complete ? '四类报表已齐全' : '报表不全'}
        >
          {company.completeness}
        </span>
        <span className={`flag${company.valued ? ' is-on' : ''}`}>{company.valued ? '已估值' : '未估值'}</span>
        <span className={`flag${company.analyzed ? ' is-on' : ''}`}>{company.analyzed ? '已分析' : '未分析'}</span>
      </button>
      <ul id={detailsId} className="company-block__types" hidden={!open} aria-label={`${company.name} 报表`}>
        {REPORT_TYPES.map((type) => (
          <li key={type} className={have.has(type) ? 'is-present' : 'is-missing'}>
            <span aria-hidden="true">{have.has(type) ? '✓' : '✗'}</span>
            {REPORT_TYPE_LABELS[type]}
            <span className="visually-hidden">{have.has(type) ? '已上传' : '未上传'}</span>
          </li>
        ))}
      </ul>
      <CompanyActions company={company.name} limiter={limiter} onChanged={onChanged} onDeleted={onDeleted} />
    </li>
  );
}
