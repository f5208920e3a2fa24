import type { RiskRatio } from '../../history/risk-ratios.ts';
import { REPORT_HISTORY_YEARS } from '../report-views.ts';
import type { RiskView } from '../risk-view.ts';
import { notMeaningfulHints, ratioRow } from './ratio-rows.ts';
import { lastOf, NARROW_HISTORY } from './spec-parts.ts';
import type { ChartSpec, HistoryModuleSpec } from './spec-types.ts';

function ratioChart(
  view: RiskView,
  id: string,
  titles: ChartSpec['titles'],
  keys: readonly { key: RiskRatio; color: 'primary' | 'teal' | 'amber' | 'slate' }[],
  benchmark: ChartSpec['benchmarks'],
): ChartSpec {
  const years = lastOf(view.years, 10);
  return {
    id,
    titles,
    labels: years.map((year) => String(year.year)),
    estimates: years.map(() => false),
    series: keys.map(({ key, color }) => {
      const rule = view.ratios.find((ratio) => ratio.key === key);
      return {
        key,
        label: rule?.label ?? key,
        kind: 'line' as const,
        unit: rule?.unit === 'percent' ? ('percent' as const) : ('times' as const),
        axis: 'left' as const,
        values: years.map((year) => year[key].value),
        color,
        toneKind: 'level' as const,
        pointLabels: keys.length === 1,
      };
    }),
    benchmarks: benchmark,
    emptyText: '暂无数据：缺少资产负债表',
    note: null,
    wide: false,
    narrowWindow: NARROW_HISTORY,
  };
}

/** Under a financial company's table: what its bands rest on (docs/model.md section 3). */
export const FINANCIAL_RISK_HINT =
  '参考区间为银行监管标准：权益资产比对照杠杆率下限（巴塞尔III 3%，原银监会《商业银行杠杆率管理办法》4%；账面权益与表内资产近似一级资本与风险敞口），' +
  '贷存比对照原《商业银行法》75% 的上限（2015年取消，现为监测指标）。保险、证券公司不适用这些标准，仅作对照。';

/** A measure no year of the table has: said in words, not left as a row of dashes alone. */
function unavailableHints(view: RiskView, recent: readonly RiskView['years'][number][]): string[] {
  return view.ratios
    .filter(({ key }) => recent.every((year) => year[key].value === null && year[key].reason === null))
    .map(({ label }) => `${label}：报表未列示所需科目（仅有财务摘要的公司，或非银行金融企业），无法计算。`);
}

function financialCharts(view: RiskView): ChartSpec[] {
  return [
    ratioChart(
      view,
      'equity-to-assets',
      { full: '权益资产比', short: '权益/资产' },
      [{ key: 'equity_to_assets', color: 'primary' }],
      [{ label: '4%', value: 0.04 }],
    ),
    ratioChart(
      view,
      'loans-to-deposits',
      { full: '贷存比', short: '贷存比' },
      [{ key: 'loans_to_deposits', color: 'teal' }],
      [{ label: '75%', value: 0.75 }],
    ),
  ];
}

function industrialCharts(view: RiskView): ChartSpec[] {
  return [
    ratioChart(
      view,
      'debt-to-assets',
      { full: '资产负债率', short: '负债率' },
      [{ key: 'debt_to_assets', color: 'primary' }],
      [{ label: '60%', value: 0.6 }],
    ),
    ratioChart(
      view,
      'liquidity',
      { full: '流动比率与速动比率', medium: '流动/速动比率', short: '流动性' },
      [
        { key: 'current_ratio', color: 'teal' },
        { key: 'quick_ratio', color: 'amber' },
      ],
      [{ label: '1倍', value: 1 }],
    ),
  ];
}

/**
 * 抗风险能力: the ratios by year (latest 5), the reference band in each row's label, and two charts; for a
 * financial company the bank's measures with the notice that the industrial ones do not apply.
 */
export function riskSpec(view: RiskView): HistoryModuleSpec {
  const recent = lastOf(view.years, REPORT_HISTORY_YEARS);
  const financial = view.basis === 'financial';
  const notice = view.notice ? { text: view.notice.message, items: [], code: view.notice.code } : null;
  const hasBalanceSheet = recent.some((year) =>
    view.ratios.some(({ key }) => year[key].value !== null || year[key].reason !== null),
  );
  if (!hasBalanceSheet) {
    const empty = '暂无抗风险能力数据：缺少资产负债表（负债、资产与流动项目）';
    return notice
      ? { empty: null, tables: [], notice, hints: [empty], charts: [] }
      : { empty, tables: [], notice: null, hints: [], charts: [] };
  }
  const columns = recent.map((year) => String(year.year));
  return {
    empty: null,
    tables: [
      {
        id: 'risk',
        caption: financial ? '银行资本与流动性指标（括号内为参考区间）' : '偿债与流动性指标（括号内为参考区间）',
        labelHeader: '指标',
        columns,
        rows: view.ratios.map((rule) =>
          ratioRow(
            rule.key,
            `${rule.label}（${rule.band}）`,
            rule.unit === 'percent' ? 'percent' : 'times',
            'level',
            recent.map((year) => year[rule.key]),
          ),
        ),
      },
    ],
    notice,
    hints: [
      financial
        ? FINANCIAL_RISK_HINT
        : '参考区间为A股一般工商企业的常用经验值，不同行业差异较大，仅作对照，不构成评分。',
      ...(financial ? unavailableHints(view, recent) : []),
      ...notMeaningfulHints(
        view.ratios.map((rule) => ({ label: rule.label, columns, ratios: recent.map((year) => year[rule.key]) })),
      ),
    ],
    charts: financial ? financialCharts(view) : industrialCharts(view),
  };
}
