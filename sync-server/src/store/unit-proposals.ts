import { ITEM_LABELS, type ReportType } from '@fcf/engine';
import type { Database } from '../db/database.ts';
import { queryAll } from '../db/query.ts';
import { CHOSEN_UNITS, type ChosenUnit, type UnitNeeded, type UnitSample } from '../ingest/index.ts';

/**
 * The unit proposed for a file whose amounts state none (docs/api.md, upload_excel): inferred from the
 * magnitude of its latest revenue and total assets, and checked against what the server holds of the same
 * company and report (its financial summary, earlier uploads). A proposal only: the uploader confirms it or
 * chooses another; nothing is imported on a guess.
 */
export interface UnitProposal {
  readonly unit: ChosenUnit;
  /** '按数值推断为万元：营业收入 12,409,984.38 → 1,241 亿元，与财务摘要一致'. */
  readonly reason: string;
}

const DIVISOR: Readonly<Record<ChosenUnit, number>> = { 元: 1e8, 万元: 1e4, 亿元: 1 };

/**
 * Where each figure of a listed company typically lies, in 亿元 on a log scale: revenue around 50 亿, total
 * assets around 150 亿 and operating cash flow around 15 亿 (the whole market's medians,
 * ../shared/data/market/summary). The candidate units
 * are four orders of magnitude apart, so the nearest to these is rarely in doubt.
 */
const TYPICAL_LOG10: Readonly<Record<UnitSample['item'], number>> = {
  operating_revenue: 1.7,
  total_assets: 2.2,
  operating_cash_flow: 1.2,
};

/** A match with a stored figure: within 1% (restatements and rounding stay well inside it). */
const MATCH_TOLERANCE = 0.01;

const SOURCE_NAMES: Readonly<Record<ReportType, string>> = {
  financial_summary: '财务摘要',
  income_statement: '已上传的利润表',
  balance_sheet: '已上传的资产负债表',
  cash_flow: '已上传的现金流量表',
};

function rawText(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

function yiText(value: number): string {
  const digits = Math.abs(value) >= 100 ? 0 : 2;
  return `${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} 亿元`;
}

/** The same company's stored figure of the sample's item, year and period, with the report it is in. */
function storedFigure(
  db: Database,
  code: string,
  sample: UnitSample,
): { value: number; reportType: ReportType } | undefined {
  const items = sample.item === 'operating_revenue' ? ['operating_revenue', 'total_operating_revenue'] : [sample.item];
  const rows = queryAll<{ report_type: ReportType; value: number | null }>(
    db,
    `SELECT report_type, value FROM statement_values
     WHERE company_code = ? AND year = ? AND period = ? AND deleted = 0 AND item IN (${items.map(() => '?').join(', ')})
     ORDER BY CASE report_type WHEN 'financial_summary' THEN 0 ELSE 1 END`,
    code,
    sample.year,
    sample.period,
    ...items,
  );
  const row = rows.find((candidate) => candidate.value !== null && candidate.value !== 0);
  return row && row.value !== null ? { value: row.value, reportType: row.report_type } : undefined;
}

/** The unit whose reading lies nearest the typical listed company's figures (万元, the usual one, without any). */
function byMagnitude(samples: readonly UnitSample[]): ChosenUnit {
  if (samples.length === 0) return '万元';
  let best: { unit: ChosenUnit; distance: number } = { unit: '万元', distance: Number.POSITIVE_INFINITY };
  for (const unit of CHOSEN_UNITS) {
    let distance = 0;
    for (const sample of samples) {
      const value = Math.abs(sample.raw) / DIVISOR[unit];
      distance += value > 0 ? Math.abs(Math.log10(value) - TYPICAL_LOG10[sample.item]) : 0;
    }
    if (distance < best.distance) best = { unit, distance };
  }
  return best.unit;
}

export function proposeUnit(db: Database, needed: UnitNeeded): UnitProposal {
  const { samples } = needed;
  const shown = samples.find((sample) => sample.item === 'operating_revenue') ?? samples[0];
  const code = needed.company?.code;
  for (const sample of samples) {
    const stored = code === undefined ? undefined : storedFigure(db, code, sample);
    if (!stored) continue;
    const label = ITEM_LABELS[sample.item];
    const matching = CHOSEN_UNITS.find(
      (unit) => Math.abs(sample.raw / DIVISOR[unit] / stored.value - 1) <= MATCH_TOLERANCE,
    );
    if (matching) {
      return {
        unit: matching,
        reason: `按数值推断为${matching}：${label} ${rawText(sample.raw)} → ${yiText(sample.raw / DIVISOR[matching])}，与${SOURCE_NAMES[stored.reportType]}一致`,
      };
    }
    const unit = byMagnitude(samples);
    return {
      unit,
      reason:
        `按数值推断为${unit}：${label} ${rawText(sample.raw)} → ${yiText(sample.raw / DIVISOR[unit])}，` +
        `但与${SOURCE_NAMES[stored.reportType]}（${yiText(stored.value)}）不一致，请核对`,
    };
  }
  const unit = byMagnitude(samples);
  if (!shown) return { unit, reason: '文件中没有营业收入、资产总计或经营活动现金流量净额，无法按数值推断，请选择单位' };
  return {
    unit,
    reason: `按数值推断为${unit}：${ITEM_LABELS[shown.item]} ${rawText(shown.raw)} → ${yiText(shown.raw / DIVISOR[unit])}（暂无可核对的已有数据）`,
  };
}
