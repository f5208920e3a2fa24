import { valuationDate } from '@fcf/engine';
import { dataDateSpec } from '@fcf/engine/report';
import './DataDateBadge.css';

interface DataDateBadgeProps {
  /** The year of the annual report the value rests on. */
  readonly latestYear: number;
  /** The value's warnings (amber when they hold stale_report; the same rule is also reckoned at today). */
  readonly warnings?: readonly { readonly code: string }[] | null;
  /** The interim report of a trailing-twelve-months value ('2022-09-30'); null or absent: the annual report. */
  readonly basePeriod?: string | null;
}

/** The data date beside a value per share ('基于 2019 年报', '基于 2022 三季报 (TTM)'), amber when stale. */
export function DataDateBadge({ latestYear, warnings = null, basePeriod = null }: DataDateBadgeProps) {
  const spec = dataDateSpec(latestYear, warnings, valuationDate(new Date()), basePeriod);
  return (
    <span
      className={spec.stale ? 'data-date is-stale' : 'data-date'}
      data-testid="data-date"
      data-stale={spec.stale || undefined}
      title={spec.reason ?? undefined}
    >
      {spec.text}
      {spec.stale ? <span className="visually-hidden">（数据较旧）</span> : null}
    </span>
  );
}
