import { TERMINAL_VALUE_WARNING_SHARE } from '@fcf/engine';
import type { CompanyReport, DcfValuationView } from '@fcf/engine/report';
import { EMPTY, formatAmount, formatPercent } from '../../lib/format.ts';
import { SensitivityTable } from '../../ui/SensitivityTable.tsx';
import { DCF_MAX_COLUMNS, DcfTable } from './DcfTable.tsx';
import './DcfValuationModule.css';

type Meta = DcfValuationView['meta'];

const WACC_SOURCE: Record<Meta['wacc_source'], string> = {
  manual: '手动设定',
  calculated: '模型测算',
  fallback: '默认值',
};
const GROWTH_SOURCE: Record<Meta['terminal_growth_source'], string> = { manual: '手动设定', default: '默认值' };

function CustomValuationButton({ company, onOpen }: { company: string; onOpen: (company: string) => void }) {
  return (
    <button type="button" className="button button--primary dcf__custom" onClick={() => onOpen(company)}>
      自定义参数估值
    </button>
  );
}

function TerminalShare({ dcf }: { dcf: DcfValuationView }) {
  const share = dcf.terminal_value_share;
  const reason =
    share === null
      ? '企业价值不为正，估值结果不可靠'
      : `超过${formatPercent(TERMINAL_VALUE_WARNING_SHARE)}，估值高度依赖永续期假设，请谨慎参考`;
  return (
    <p className={dcf.terminal_value_warning ? 'dcf__tv-share is-warning' : 'dcf__tv-share'}>
      终值占企业价值 {formatPercent(share)}
      {dcf.terminal_value_warning ? <span className="dcf__tv-reason">（{reason}）</span> : null}
    </p>
  );
}

function KeyFigures({ dcf }: { dcf: DcfValuationView }) {
  const { valuation } = dcf;
  const figures = [
    {
      label: '每股价值',
      value: valuation.share_capital > 0 ? formatAmount(valuation.value_per_share) : EMPTY,
      unit: '元',
    },
    { label: '股权价值', value: formatAmount(valuation.equity_value), unit: '亿元' },
    { label: '企业价值', value: formatAmount(valuation.enterprise_value), unit: '亿元' },
  ];
  return (
    <dl className="dcf__figures">
      {figures.map((figure) => (
        <div key={figure.label} className="dcf__figure">
          <dt>{figure.label}</dt>
          <dd>
            {figure.value}
            <span className="dcf__figure-unit">{figure.unit}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Notices({ dcf }: { dcf: DcfValuationView }) {
  const notes = [...dcf.meta.limitations];
  if (dcf.valuation.share_capital <= 0) notes.push('缺少总股本数据，无法计算每股价值，可在自定义参数估值中填写总股本');
  if (notes.length === 0) return null;
  return (
    <div className="report-notice report-notice--warning">
      <p>数据局限：</p>
      <ul>
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </div>
  );
}

/** The DCF valuation of the company under its current parameters, with a way into the custom valuation. */
export function DcfValuationModule({
  report,
  onOpenCustom,
}: {
  report: CompanyReport;
  onOpenCustom: (company: string) => void;
}) {
  const company = report.company.name;
  const { dcf } = report;
  const title = <h3 className="dcf__title">{company} 自由现金流折现估值</h3>;
  if (!dcf || dcf.forecast.length === 0) {
    const reason = dcf ? '缺少预测期现金流' : (report.dcfError ?? '缺少估值所需数据');
    return (
      <>
        <div className="dcf__header">
          {title}
          <CustomValuationButton company={company} onOpen={onOpenCustom} />
        </div>
        <p className="report-notice report-notice--error">无法完成DCF估值：{reason}</p>
      </>
    );
  }

  const shown = Math.min(dcf.forecast.length, DCF_MAX_COLUMNS);
  return (
    <>
      <div className="dcf__header">
        {title}
        <CustomValuationButton company={company} onOpen={onOpenCustom} />
      </div>
      <p className="dcf__assumptions">
        WACC {formatPercent(dcf.wacc)}（{WACC_SOURCE[dcf.meta.wacc_source]}）· 永续增长率 g {formatPercent(dcf.g)}（
        {GROWTH_SOURCE[dcf.meta.terminal_growth_source]}）· 基于 {dcf.meta.latest_report_year} 年报
      </p>
      <KeyFigures dcf={dcf} />
      <Notices dcf={dcf} />
      <DcfTable dcf={dcf} />
      {shown < DCF_MAX_COLUMNS ? (
        <p className="report-module__hint">
          注：仅有 {shown} 个预测年度（标准为 {DCF_MAX_COLUMNS} 年），终值以最后一个预测年度的自由现金流计算。
        </p>
      ) : null}
      <TerminalShare dcf={dcf} />
      {dcf.sensitivity && dcf.valuation.share_capital > 0 ? (
        <SensitivityTable grid={dcf.sensitivity} wacc={dcf.wacc} g={dcf.g} />
      ) : null}
    </>
  );
}
