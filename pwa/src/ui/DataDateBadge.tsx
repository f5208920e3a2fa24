import { dataDateText, isReportStale } from '../lib/report-date.ts';
import './DataDateBadge.css';

/**
 * The year of the annual report a value is based on ('基于 2019 年报'), amber when a newer report should
 * exist: `stale` when the value carries the engine's stale_report warning, otherwise reckoned from today.
 */
export function DataDateBadge({ latestYear, stale }: { readonly latestYear: number; readonly stale?: boolean }) {
  const old = stale ?? isReportStale(latestYear);
  return (
    <span
      className={old ? 'data-date is-stale' : 'data-date'}
      data-testid="data-date"
      title={old ? `数据较旧：最新年报为 ${latestYear} 年，此后应已有更新的年报` : undefined}
    >
      {dataDateText(latestYear)}
      {old ? <span className="visually-hidden">（数据较旧）</span> : null}
    </span>
  );
}
