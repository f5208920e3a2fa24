import { TERMINAL_VALUE_WARNING_SHARE } from '../../valuation/dcf.ts';
import { EMPTY, formatAmount, formatPercent } from '../format.ts';
import type { DcfValuationView } from '../report-views.ts';
import { basePeriodLabel, type DataDateSpec, dataDateSpec } from './data-date-spec.ts';
import { type DcfTableSpec, dcfTableSpec, GROWTH_SOURCE, REPORT_DCF_TEST_IDS, WACC_SOURCE } from './dcf-table-spec.ts';
import { dcfSensitivitySpec, type SensitivitySpec } from './sensitivity-spec.ts';
import { NOT_APPLICABLE, perShareNotApplicable, type WarningSpec, warningSpecs } from './warnings-spec.ts';

/** The valuation module: the key figures, the DCF table, how much rests on the terminal value, the grid. */

export interface KeyFigureSpec {
  readonly key: 'value_per_share' | 'equity_value' | 'enterprise_value';
  readonly label: string;
  readonly unit: '元' | '亿元';
  readonly text: string;
  /** Why the figure is not shown as a number ('不适用'); null when it is. */
  readonly note: string | null;
}

export interface TerminalShareSpec {
  /** '终值占企业价值 85.00%'. */
  readonly text: string;
  /** The share alone: '85.00%'. */
  readonly percent: string;
  readonly warning: boolean;
  /** Why the share is a warning; null when it is not. */
  readonly reason: string | null;
}

export interface FcfValuationSpec {
  /** Why there is no valuation; the rest is then empty. */
  readonly error: string | null;
  /** The base year, the forecast and the two rates with their sources, in one sentence. */
  readonly assumptions: string | null;
  readonly keyFigures: readonly KeyFigureSpec[];
  /** What the data could not support, and a missing share count. */
  readonly notices: readonly string[];
  /** The valuation's warnings, shown next to the value per share. */
  readonly warnings: readonly WarningSpec[];
  /** The data date beside the value per share ('基于 2019 年报', amber when stale); null without a valuation. */
  readonly dataDate: DataDateSpec | null;
  readonly table: DcfTableSpec | null;
  readonly terminalShare: TerminalShareSpec | null;
  readonly sensitivity: SensitivitySpec | null;
}

/** Value per share, equity value and enterprise value; dashes without a valuation (the layout stays). */
export function keyFigures(dcf: DcfValuationView | null): KeyFigureSpec[] {
  const valuation = dcf?.valuation;
  const notApplicable = dcf ? perShareNotApplicable(dcf) : null;
  const perShare =
    notApplicable !== null
      ? NOT_APPLICABLE
      : valuation && valuation.total_shares > 0
        ? formatAmount(valuation.value_per_share)
        : EMPTY;
  return [
    { key: 'value_per_share', label: '每股价值', unit: '元', text: perShare, note: notApplicable },
    { key: 'equity_value', label: '股权价值', unit: '亿元', text: formatAmount(valuation?.equity_value), note: null },
    {
      key: 'enterprise_value',
      label: '企业价值',
      unit: '亿元',
      text: formatAmount(valuation?.enterprise_value),
      note: null,
    },
  ];
}

export function terminalShare(dcf: DcfValuationView): TerminalShareSpec {
  const share = dcf.terminal_value_share;
  const reason =
    share === null
      ? '企业价值不为正，估值结果不可靠'
      : `超过${formatPercent(TERMINAL_VALUE_WARNING_SHARE)}，估值高度依赖永续期假设（WACC 与 g），请谨慎参考`;
  return {
    text: `终值占企业价值 ${formatPercent(share)}`,
    percent: formatPercent(share),
    warning: dcf.terminal_value_warning,
    reason: dcf.terminal_value_warning ? reason : null,
  };
}

const NO_VALUATION: Omit<FcfValuationSpec, 'error'> = {
  assumptions: null,
  keyFigures: [],
  notices: [],
  warnings: [],
  dataDate: null,
  table: null,
  terminalShare: null,
  sensitivity: null,
};

/**
 * What the valuation starts from: '以 2019 年年报为基期'; for the trailing twelve months to an interim report,
 * '以 2022 三季报的滚动十二个月（TTM）为基期（估值日 2022-09-30，2022年剩余 3 个月为不足一年的首期）'.
 */
function baseText(latestYear: number, basePeriod: string | null, dcf: DcfValuationView): string {
  if (basePeriod === null) return `以 ${latestYear} 年年报为基期`;
  const stub = dcf.stub ? `，${dcf.stub.year}年剩余 ${dcf.stub.months} 个月为不足一年的首期` : '';
  const interim = basePeriodLabel(basePeriod) ?? basePeriod;
  return `以 ${interim} 的滚动十二个月（TTM）为基期（估值日 ${basePeriod}${stub}）`;
}

export function fcfValuationSpec(dcf: DcfValuationView | null, dcfError: string | null): FcfValuationSpec {
  if (!dcf || dcf.forecast.length === 0) {
    return { ...NO_VALUATION, error: dcf ? '缺少预测期现金流' : (dcfError ?? '缺少估值所需数据') };
  }
  const { meta } = dcf;
  const notices = [...meta.limitations];
  if (dcf.valuation.total_shares <= 0) notices.push('缺少总股本数据，无法计算每股价值，可在自定义参数估值中填写总股本');
  return {
    error: null,
    assumptions:
      `${baseText(meta.latest_report_year, meta.base_period, dcf)}，预测 ${dcf.forecast.length} 年自由现金流；` +
      `WACC ${formatPercent(dcf.wacc)}（${WACC_SOURCE[meta.wacc_source]}），` +
      `永续增长率 g ${formatPercent(dcf.g)}（${GROWTH_SOURCE[meta.terminal_growth_source]}）。`,
    keyFigures: keyFigures(dcf),
    notices,
    warnings: warningSpecs(dcf.warnings),
    dataDate: dataDateSpec(meta.latest_report_year, dcf.warnings, null, meta.base_period),
    table: dcfTableSpec(dcf, REPORT_DCF_TEST_IDS),
    terminalShare: terminalShare(dcf),
    sensitivity: dcfSensitivitySpec(dcf),
  };
}
