import type { CompanyReport } from '../report/company-bundle.ts';
import { EMPTY, formatGeneratedAt, formatPercent, yearLabel } from '../report/format.ts';
import { dataDateSpec } from '../report/specs/data-date-spec.ts';
import { keyFigures } from '../report/specs/fcf-valuation-spec.ts';
import { COLORS, CONTENT_WIDTH, PAGE, type PdfCanvas } from './pdf-canvas.ts';

export const PLATFORM_NAME = '自由现金流估值平台';
export const REPORT_TITLE = '公司财务分析与DCF估值报告';
export const DISCLAIMER =
  '免责声明：本报告由自由现金流估值平台根据公司公开披露的年度报告数据自动生成，预测与估值结果取决于报告所列的' +
  '假设与参数，仅供研究与学习参考，不构成任何投资建议。投资有风险，决策需谨慎。';

/** The figures the cover highlights: the valuation's key figures (value per share first), WACC and g. */
function coverFigures(report: CompanyReport): { label: string; value: string }[] {
  const dcf = report.dcf;
  if (!dcf) return [];
  return [
    ...keyFigures(dcf).map((figure) => ({ label: `${figure.label}（${figure.unit}）`, value: figure.text })),
    { label: 'WACC', value: formatPercent(dcf.wacc) },
    { label: '永续增长率 g', value: formatPercent(dcf.g) },
  ];
}

/** Page 1: platform, title, company, generation time and version, key figures, disclaimer. */
export function drawCover(
  canvas: PdfCanvas,
  report: CompanyReport,
  options: { generatedAt: Date; version: string },
): void {
  const center = PAGE.width / 2;
  canvas.fillRect(0, 0, PAGE.width, 62, COLORS.primary);
  canvas.text(PLATFORM_NAME, center, 30, { size: 26, color: COLORS.white, align: 'center' });
  canvas.text('A股上市公司自由现金流（FCFF）与DCF估值', center, 42, { size: 11, color: COLORS.white, align: 'center' });

  canvas.text(REPORT_TITLE, center, 88, { size: 22, color: COLORS.primary, align: 'center' });
  canvas.line(center - 45, 95, center + 45, 95, COLORS.primary, 0.5);
  const { company } = report;
  canvas.text(canvas.fit(company.name, 24, CONTENT_WIDTH).text, center, 114, {
    size: canvas.fit(company.name, 24, CONTENT_WIDTH).size,
    color: COLORS.text,
    align: 'center',
  });
  const identity = `股票代码：${company.code || EMPTY}　　所属行业：${company.industry || '其他'}`;
  canvas.text(identity, center, 124, { size: 12, color: COLORS.muted, align: 'center' });

  const figures = coverFigures(report);
  let y = 140;
  if (figures.length > 0) {
    const width = CONTENT_WIDTH / figures.length;
    canvas.fillRect(PAGE.marginX, y, CONTENT_WIDTH, 24, COLORS.headerFill);
    figures.forEach((figure, index) => {
      const x = PAGE.marginX + width * (index + 0.5);
      canvas.text(figure.label, x, y + 8, { size: 8.5, color: COLORS.muted, align: 'center' });
      const fitted = canvas.fit(figure.value, index === 0 ? 16 : 13, width - 4);
      canvas.text(fitted.text, x, y + 18, {
        size: fitted.size,
        color: index === 0 ? COLORS.primary : COLORS.text,
        align: 'center',
      });
    });
    y += 30;
    // The value per share's data date and warnings, as on screen: amber when the report is stale.
    const dcf = report.dcf;
    if (dcf) {
      const date = dataDateSpec(dcf.meta.latest_report_year, dcf.warnings, null, dcf.meta.base_period);
      const warned = dcf.warnings.length > 0 ? `；估值提示 ${dcf.warnings.length} 条，详见估值章节` : '';
      canvas.text(`每股价值${date.text}${date.stale ? '（数据较旧）' : ''}${warned}`, center, y, {
        size: 9,
        color: date.stale || warned ? COLORS.amber : COLORS.muted,
        align: 'center',
      });
    }
    y += 8;
  } else if (report.dcfError) {
    canvas.text(`无法完成DCF估值：${report.dcfError}`, center, y + 10, {
      size: 10,
      color: COLORS.danger,
      align: 'center',
    });
    y += 24;
  }

  const dcf = report.dcf;
  const forecast = dcf?.forecast ?? [];
  const firstYear = forecast[0];
  const lastYear = forecast[forecast.length - 1];
  const latest = report.financialAnalysis.summary.data_years.at(-1);
  const info = [
    `报告生成时间：${formatGeneratedAt(options.generatedAt)}`,
    `报告版本：${options.version}`,
    `最新年报年度：${latest ?? EMPTY}`,
    ...(firstYear && lastYear
      ? [`预测期：${yearLabel(firstYear.year, true)} 至 ${yearLabel(lastYear.year, true)}`]
      : []),
    '金额单位：亿元（人民币）；股本单位：亿股；每股价值单位：元',
  ];
  for (const line of info) {
    canvas.text(line, PAGE.marginX + 20, y + 6, { size: 10.5, color: COLORS.text });
    y += 8;
  }

  canvas.line(PAGE.marginX, 236, PAGE.width - PAGE.marginX, 236, COLORS.border, 0.3);
  canvas.y = 240;
  canvas.paragraph(DISCLAIMER, { size: 8.5, color: COLORS.muted });
}
