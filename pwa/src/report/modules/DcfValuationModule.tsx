import { MODEL_NAMES } from '@fcf/engine';
import type { CompanyReport, FcfValuationSpec, TerminalShareSpec } from '@fcf/engine/report';
import { KeyFigureTerm } from '../../ui/KeyFigureTerm.tsx';
import { Link } from '../../ui/router.tsx';
import { SensitivityTable } from '../../ui/SensitivityTable.tsx';
import { ValuationWarnings } from '../../ui/ValuationWarnings.tsx';
import { WaccPanel } from '../../ui/WaccPanel.tsx';
import { DcfTable } from './DcfTable.tsx';
import './DcfValuationModule.css';

function CustomValuationButton({ company, onOpen }: { company: string; onOpen: (company: string) => void }) {
  return (
    <button type="button" className="button button--primary dcf__custom" onClick={() => onOpen(company)}>
      自定义参数估值
    </button>
  );
}

function TerminalShare({ share }: { share: TerminalShareSpec }) {
  return (
    <p className={share.warning ? 'dcf__tv-share is-warning' : 'dcf__tv-share'}>
      {share.text}
      {share.reason ? <span className="dcf__tv-reason">（{share.reason}）</span> : null}
    </p>
  );
}

function KeyFigures({ spec, dcf }: { spec: FcfValuationSpec; dcf: CompanyReport['dcf'] }) {
  return (
    <dl className="dcf__figures">
      {spec.keyFigures.map((figure) => (
        <div key={figure.key} className="dcf__figure">
          <KeyFigureTerm figureKey={figure.key} label={figure.label} dcf={dcf} />
          <dd data-testid={`dcf-figure-${figure.key}`}>
            {figure.text}
            {figure.note === null ? <span className="dcf__figure-unit">{figure.unit}</span> : null}
          </dd>
          {figure.note ? <dd className="dcf__figure-note">{figure.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

function Notices({ notices }: { notices: readonly string[] }) {
  if (notices.length === 0) return null;
  return (
    <div className="report-notice report-notice--warning">
      <p>数据局限：</p>
      <ul>
        {notices.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </div>
  );
}

/** The DCF valuation of the company as its spec says (the PDF draws the same), with a way into the custom valuation. */
export function DcfValuationModule({
  report,
  spec,
  onOpenCustom,
}: {
  report: CompanyReport;
  spec: FcfValuationSpec;
  onOpenCustom: (company: string) => void;
}) {
  const company = report.company.name;
  const header = (
    <div className="dcf__header">
      <h3 className="dcf__title">
        {company} {/* The model this section values by, and the way to every model that applies (估值模型). */}
        <Link
          to={`/valuation-model?company=${encodeURIComponent(company)}`}
          className="dcf__model"
          data-testid="dcf-model-link"
        >
          {spec.error === null ? MODEL_NAMES.fcff : '适用的估值模型'}
        </Link>
      </h3>
      <CustomValuationButton company={company} onOpen={onOpenCustom} />
    </div>
  );
  if (spec.error !== null) {
    return (
      <>
        {header}
        <p className="report-notice report-notice--error">无法完成DCF估值：{spec.error}</p>
      </>
    );
  }
  const { dcf } = report;
  return (
    <>
      {header}
      {spec.assumptions ? <p className="dcf__assumptions">{spec.assumptions}</p> : null}
      <KeyFigures spec={spec} dcf={dcf} />
      <ValuationWarnings warnings={spec.warnings} />
      <Notices notices={spec.notices} />
      {spec.table ? <DcfTable spec={spec.table} /> : null}
      {spec.table?.note ? <p className="report-module__hint">{spec.table.note}</p> : null}
      {dcf ? <WaccPanel breakdown={dcf.meta.wacc_breakdown} manual={dcf.meta.wacc_source === 'manual'} /> : null}
      {spec.terminalShare ? <TerminalShare share={spec.terminalShare} /> : null}
      {dcf?.sensitivity && spec.sensitivity ? (
        <SensitivityTable grid={dcf.sensitivity} wacc={dcf.wacc} g={dcf.g} />
      ) : null}
    </>
  );
}
