import { type CompanyReport, type ProfitabilityPeriods, profitabilitySpec } from '@fcf/engine/report';
import { useId, useMemo, useState } from 'react';
import { HistoryModule } from './HistoryModule.tsx';
import './ProfitabilityModule.css';

const PERIOD_CHOICES: readonly { readonly value: ProfitabilityPeriods; readonly label: string }[] = [
  { value: 'annual', label: '按年度' },
  { value: 'quarterly', label: '按单季度' },
];

/**
 * 盈利能力: by fiscal year (the trailing twelve months as TTM), or, for a company with interim reports, by
 * single quarter (the latest 8: revenue and 归母净利润 with their year-on-year growth). The switch is two
 * buttons, each saying whether it is pressed; the PDF shows the annual view.
 */
export function ProfitabilityModule({ report }: { report: CompanyReport }) {
  const [periods, setPeriods] = useState<ProfitabilityPeriods>('annual');
  const labelId = useId();
  const hasQuarters = report.financialAnalysis.data.quarters.length > 0;
  const shown = hasQuarters ? periods : 'annual';
  const spec = useMemo(() => profitabilitySpec(report.financialAnalysis, shown), [report, shown]);
  return (
    <>
      {hasQuarters ? (
        <fieldset className="period-switch" aria-labelledby={labelId} data-testid="profitability-periods">
          <span id={labelId} className="period-switch__label">
            统计口径
          </span>
          {PERIOD_CHOICES.map((choice) => (
            <button
              key={choice.value}
              type="button"
              className={`period-switch__button${shown === choice.value ? ' is-active' : ''}`}
              aria-pressed={shown === choice.value}
              onClick={() => setPeriods(choice.value)}
            >
              {choice.label}
            </button>
          ))}
        </fieldset>
      ) : null}
      <HistoryModule spec={spec} />
    </>
  );
}
