import type { DcfLineSpec, DcfTableSpec } from '../report/specs/dcf-table-spec.ts';
import type { FcfValuationSpec } from '../report/specs/fcf-valuation-spec.ts';
import type { ModelValuationSpec } from '../report/specs/model-valuation-spec.ts';
import type { SensitivitySectionSpec } from '../report/specs/sensitivity-section.ts';
import type { SensitivitySpec } from '../report/specs/sensitivity-spec.ts';
import { COLORS, type PdfCanvas } from './pdf-canvas.ts';
import { drawTable, figureCell, type TableRow } from './pdf-tables.ts';

/** The DCF module: the table, the terminal value's share and the sensitivity grid, as their specs say. */

function lineRow(line: DcfLineSpec, spread: number): TableRow {
  return {
    cells: [
      line.label,
      figureCell(line.text, line.tone),
      ...(spread > 0 ? [{ text: line.how, span: spread, color: COLORS.muted, align: 'left' as const }] : []),
    ],
    ...(line.emphasis ? { fill: COLORS.keyFill } : {}),
  };
}

function dcfTable(canvas: PdfCanvas, spec: DcfTableSpec): void {
  const spread = spec.columns.length - 1;
  drawTable(canvas, {
    caption: spec.caption,
    columns: [{ weight: 1.6, align: 'left' }, ...spec.columns.map(() => ({ weight: 1, align: 'right' as const }))],
    header: [{ text: spec.labelHeader, align: 'left' }, ...spec.columns],
    rows: [
      ...spec.parameters.map((line) => lineRow(line, spread)),
      ...spec.years.map((row) => ({
        cells: [row.label, ...row.texts.map((text, index) => figureCell(text, row.tones[index] ?? 'neutral'))],
      })),
      ...spec.bridge.map((line) => lineRow(line, spread)),
    ],
  });
  if (spec.note) canvas.paragraph(spec.note, { size: 8, color: COLORS.muted });
}

/** Value per share over WACC (rows) × g (columns), the current assumptions shaded. */
function sensitivityTable(canvas: PdfCanvas, spec: SensitivitySpec): void {
  drawTable(canvas, {
    caption: spec.caption,
    columns: [{ weight: 1.2, align: 'left' }, ...spec.columns.map(() => ({ weight: 1, align: 'right' as const }))],
    header: [{ text: spec.cornerHeader, align: 'left' }, ...spec.columns],
    rows: spec.rows.map((row, rowIndex) => ({
      cells: [
        row.label,
        ...row.texts.map((text, column) =>
          figureCell(
            text,
            row.tones[column] ?? 'neutral',
            rowIndex === spec.baseRow && column === spec.baseColumn ? { fill: COLORS.baseFill } : {},
          ),
        ),
      ],
    })),
  });
}

export function drawDcf(canvas: PdfCanvas, title: string, spec: FcfValuationSpec): void {
  canvas.heading(title, 80);
  if (spec.error !== null) {
    canvas.paragraph(`无法完成DCF估值：${spec.error}`, { color: COLORS.danger, after: 4 });
    return;
  }
  if (spec.assumptions) canvas.paragraph(spec.assumptions, { size: 9, after: 2 });
  const date = spec.dataDate;
  if (date) {
    canvas.paragraph(`数据日期：每股价值${date.text}${date.reason ? `（${date.reason}）` : ''}`, {
      size: 8.5,
      color: date.stale ? COLORS.amber : COLORS.muted,
      after: 1,
    });
  }
  for (const warning of spec.warnings) {
    canvas.paragraph(`提示：${warning.text}`, { size: 8.5, color: COLORS.amber, after: 1 });
  }
  if (spec.table) dcfTable(canvas, spec.table);
  const share = spec.terminalShare;
  if (share) {
    const text = share.reason ? `${share.text}（${share.reason}）` : share.text;
    canvas.paragraph(text, { size: 8.5, color: share.warning ? COLORS.amber : COLORS.muted });
  }
  if (spec.sensitivity) {
    canvas.subheading(spec.sensitivity.title, 50);
    sensitivityTable(canvas, spec.sensitivity);
  }
}

/** The 敏感性分析 section: its grid, or why there is none. */
export function drawSensitivitySection(canvas: PdfCanvas, title: string, spec: SensitivitySectionSpec): void {
  canvas.heading(title, 60);
  if (!spec.grid) {
    canvas.paragraph(spec.empty ?? '', { color: COLORS.muted, after: 4 });
    return;
  }
  canvas.paragraph(spec.hint, { size: 8.5, color: COLORS.muted, after: 2 });
  canvas.subheading(spec.grid.title, 50);
  sensitivityTable(canvas, spec.grid);
}

/** The valuation of a company valued by another model than the FCFF (excess returns), as the page shows it. */
export function drawModelValuation(canvas: PdfCanvas, title: string, spec: ModelValuationSpec): void {
  canvas.heading(title, 80);
  canvas.paragraph(spec.title, { size: 9, after: 2 });
  canvas.paragraph(spec.keyFigures.map((figure) => `${figure.label} ${figure.text}`).join('；'), { size: 9, after: 2 });
  for (const warning of spec.warnings) {
    canvas.paragraph(`提示：${warning.text}`, { size: 8.5, color: COLORS.amber, after: 1 });
  }
  for (const notice of spec.notices) canvas.paragraph(notice, { size: 8.5, color: COLORS.muted, after: 1 });
  const { table } = spec;
  drawTable(canvas, {
    caption: table.caption,
    columns: [{ weight: 2.4, align: 'left' }, ...table.columns.map(() => ({ weight: 1, align: 'right' as const }))],
    header: [{ text: '项目', align: 'left' }, ...table.columns],
    rows: table.rows.map((row) => ({ cells: [row.label, ...row.texts.map((text) => figureCell(text, 'neutral'))] })),
    fontSize: 7.5,
  });
}
