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

/** 抗风险能力: the ratios by year (latest 5), the reference band in each row's label, and two charts. */
export function riskSpec(view: RiskView): HistoryModuleSpec {
  const recent = lastOf(view.years, REPORT_HISTORY_YEARS);
  const hasBalanceSheet = recent.some((year) =>
    view.ratios.some(({ key }) => year[key].value !== null || year[key].reason !== null),
  );
  if (!hasBalanceSheet) {
    return {
      empty: '暂无抗风险能力数据：缺少资产负债表（负债、资产与流动项目）',
      tables: [],
      notice: null,
      hints: [],
      charts: [],
    };
  }
  const columns = recent.map((year) => String(year.year));
  return {
    empty: null,
    tables: [
      {
        id: 'risk',
        caption: '偿债与流动性指标（括号内为参考区间）',
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
    notice: null,
    hints: [
      '参考区间为A股一般工商企业的常用经验值，不同行业差异较大，仅作对照，不构成评分。',
      ...notMeaningfulHints(
        view.ratios.map((rule) => ({ label: rule.label, columns, ratios: recent.map((year) => year[rule.key]) })),
      ),
    ],
    charts: [
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
    ],
  };
}
