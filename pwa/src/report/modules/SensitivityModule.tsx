import { type CompanyReport, sensitivitySectionSpec } from '@fcf/engine/report';
import { SensitivityTable } from '../../ui/SensitivityTable.tsx';

/** 敏感性分析: the DCF's WACC × g grid on its own, unfolded, or why there is none. The PDF draws the same spec. */
export function SensitivityModule({ report }: { report: CompanyReport }) {
  const spec = sensitivitySectionSpec(report);
  const { dcf } = report;
  if (!spec.grid || !dcf?.sensitivity) return <p className="report-module__empty">{spec.empty}</p>;
  return (
    <>
      <p className="report-module__hint">{spec.hint}</p>
      <SensitivityTable grid={dcf.sensitivity} wacc={dcf.wacc} g={dcf.g} open />
    </>
  );
}
