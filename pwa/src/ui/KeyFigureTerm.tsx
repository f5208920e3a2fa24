import type { DcfValuationView } from '@fcf/engine/report';
import { DataDateBadge } from './DataDateBadge.tsx';

/**
 * A key figure's name (the report's DCF module, the editors' summary): the value per share carries the
 * data date it rests on, with the valuation's warnings.
 */
export function KeyFigureTerm({
  figureKey,
  label,
  dcf,
}: {
  readonly figureKey: string;
  readonly label: string;
  readonly dcf: DcfValuationView | null;
}) {
  return (
    <dt>
      {label}
      {figureKey === 'value_per_share' && dcf ? (
        <>
          {' '}
          <DataDateBadge
            latestYear={dcf.meta.latest_report_year}
            warnings={dcf.warnings}
            basePeriod={dcf.meta.base_period}
          />
        </>
      ) : null}
    </dt>
  );
}
