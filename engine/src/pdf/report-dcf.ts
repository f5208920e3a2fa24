import type { DcfValuationView } from '../report/report-views.ts';
import type { SensitivityGrid } from '../valuation/sensitivity.ts';
import { COLORS, type PdfCanvas } from './pdf-canvas.ts';
import { EMPTY, formatAmount, formatPercent, formatPrecise, yearLabel } from './pdf-format.ts';
import { type CellInput, drawTable, numberCell, type TableRow } from './pdf-tables.ts';

/** Public-side §9: the DCF table shows at most 5 forecast columns. */
export const DCF_MAX_COLUMNS = 5;

export const WACC_SOURCE: Record<DcfValuationView['meta']['wacc_source'], string> = {
  manual: '手动设定',
  calculated: '按最新年报资本结构计算',
  fallback: '默认值',
};

export const GROWTH_SOURCE: Record<DcfValuationView['meta']['terminal_growth_source'], string> = {
  manual: '手动设定',
  default: '默认值',
};

const SHARES_SOURCE: Record<DcfValuationView['meta']['total_shares_source'], string> = {
  manual: '手动设定',
  calculated: '取自最新年报',
  missing: '缺少总股本数据',
};

interface FooterRow {
  readonly label: string;
  readonly value: number;
  readonly text?: string;
  readonly how: string;
  readonly key?: boolean;
}

/** The footer rows of the web report's DCF table: from present values to value per share. */
function footerRows(dcf: DcfValuationView, lastYear: string): FooterRow[] {
  const { valuation } = dcf;
  const hasShares = valuation.share_capital > 0;
  return [
    { label: '预测期现值合计(亿元)', value: dcf.forecast_fcf_sum, how: '= Σ 折现后现金流' },
    { label: '终值(亿元)', value: dcf.terminal_value, how: `= ${lastYear} 自由现金流 × (1 + g) ÷ (WACC − g)` },
    { label: '终值现值(亿元)', value: dcf.terminal_pv, how: `= 终值 × ${lastYear} 折现系数` },
    { label: '企业价值(亿元)', value: valuation.enterprise_value, how: '= 预测期现值合计 + 终值现值', key: true },
    { label: '非核心资产(亿元)', value: valuation.non_core_assets, how: '加项' },
    { label: '现金(亿元)', value: valuation.cash, how: '加项' },
    { label: '有息负债(亿元)', value: valuation.interest_bearing_liabilities, how: '减项' },
    { label: '少数股东权益(亿元)', value: valuation.minority_interest, how: '减项' },
    {
      label: '股权价值(亿元)',
      value: valuation.equity_value,
      how: '= 企业价值 + 非核心资产 + 现金 − 有息负债 − 少数股东权益',
      key: true,
    },
    {
      label: '总股本(亿股)',
      value: valuation.share_capital,
      ...(hasShares ? {} : { text: EMPTY }),
      how: SHARES_SOURCE[dcf.meta.total_shares_source],
    },
    {
      label: '每股价值(元)',
      value: valuation.value_per_share,
      // Without shares the engine answers 0, which is not a value per share.
      ...(hasShares ? {} : { text: EMPTY }),
      how: '= 股权价值 ÷ 总股本',
      key: true,
    },
  ];
}

function dcfTable(canvas: PdfCanvas, dcf: DcfValuationView): void {
  const columns = dcf.forecast.slice(0, DCF_MAX_COLUMNS);
  const years = columns.map((row) => yearLabel(row.year, true));
  const lastYear = years[years.length - 1] ?? '';
  const firstOnly = (text: string): CellInput[] => columns.map((_, index) => (index === 0 ? text : ''));
  const perYear = (pick: (row: (typeof columns)[number]) => number, format: (value: number) => string) =>
    columns.map((row) => numberCell(format(pick(row)), pick(row)));
  const spread = columns.length - 1;
  const rows: TableRow[] = [
    { cells: ['预测自由现金流(亿元)', ...perYear((row) => row.fcf, formatAmount)] },
    { cells: ['WACC', ...firstOnly(formatPercent(dcf.wacc))] },
    { cells: ['永续增长率 g', ...firstOnly(formatPercent(dcf.g))] },
    { cells: ['折现系数', ...perYear((row) => row.discount_factor, formatPrecise)] },
    { cells: ['折现后现金流(亿元)', ...perYear((row) => row.discounted_fcf, formatAmount)] },
    ...footerRows(dcf, lastYear).map((row) => ({
      cells: [
        row.label,
        numberCell(row.text ?? formatAmount(row.value), row.text ? null : row.value),
        ...(spread > 0 ? [{ text: row.how, span: spread, color: COLORS.muted }] : []),
      ],
      ...(row.key ? { fill: COLORS.keyFill } : {}),
    })),
  ];
  drawTable(canvas, {
    caption: 'DCF估值表（金额单位：亿元）',
    columns: [{ weight: 1.6, align: 'left' }, ...columns.map(() => ({ weight: 1, align: 'right' as const }))],
    header: [{ text: '项目', align: 'left' }, ...years],
    rows,
  });
  if (columns.length < DCF_MAX_COLUMNS) {
    canvas.paragraph(`注：预测期仅有 ${columns.length} 年，表中显示全部预测年度。`, { size: 8, color: COLORS.muted });
  }
}

function indexOfRate(rates: readonly number[], rate: number): number {
  return rates.findIndex((candidate) => Math.abs(candidate - rate) < 1e-9);
}

/** Value per share over WACC (rows) × g (columns), the base case shaded. */
export function sensitivityTable(canvas: PdfCanvas, grid: SensitivityGrid, wacc: number, g: number): void {
  const baseRow = indexOfRate(grid.waccs, wacc);
  const baseColumn = indexOfRate(grid.growths, g);
  drawTable(canvas, {
    caption: '行为 WACC，列为永续增长率 g；底色标出当前估值假设，“—”表示 WACC 不高于 g、无法估值',
    columns: [{ weight: 1.2, align: 'left' }, ...grid.growths.map(() => ({ weight: 1, align: 'right' as const }))],
    header: [{ text: 'WACC \\ g', align: 'left' }, ...grid.growths.map((growth) => formatPercent(growth))],
    rows: grid.waccs.map((rowWacc, row) => ({
      cells: [
        formatPercent(rowWacc),
        ...grid.growths.map((_, column) => {
          const value = grid.values[row]?.[column] ?? null;
          const base = row === baseRow && column === baseColumn;
          return numberCell(value === null ? '—' : formatAmount(value), value, base ? { fill: COLORS.baseFill } : {});
        }),
      ],
    })),
  });
}

export function drawDcf(canvas: PdfCanvas, dcf: DcfValuationView | null, dcfError: string | null): void {
  canvas.heading('五、DCF估值', 80);
  if (!dcf) {
    canvas.paragraph(`无法完成DCF估值：${dcfError ?? '估值参数无效'}`, { color: COLORS.danger, after: 4 });
    return;
  }
  const { meta } = dcf;
  canvas.paragraph(
    `以 ${meta.latest_report_year} 年年报为基期，预测 ${dcf.forecast.length} 年自由现金流，按 WACC ${formatPercent(dcf.wacc)}` +
      `（${WACC_SOURCE[meta.wacc_source]}）折现，永续增长率 g ${formatPercent(dcf.g)}（${GROWTH_SOURCE[meta.terminal_growth_source]}）。`,
    { size: 9, after: 2 },
  );
  dcfTable(canvas, dcf);
  if (dcf.terminal_value_warning) {
    const share = dcf.terminal_value_share === null ? '' : `占企业价值 ${formatPercent(dcf.terminal_value_share)}，`;
    canvas.paragraph(`提示：终值现值${share}超过 80%，估值结果对永续增长率与 WACC 假设高度敏感。`, {
      size: 8.5,
      color: COLORS.amber,
    });
  }
  if (dcf.sensitivity) {
    canvas.subheading('每股价值敏感性分析（元）', 50);
    sensitivityTable(canvas, dcf.sensitivity, dcf.wacc, dcf.g);
  }
}
