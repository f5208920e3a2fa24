import type { CompanyReport } from '../company-bundle.ts';
import { dcfSensitivitySpec, type SensitivitySpec } from './sensitivity-spec.ts';

/** The 敏感性分析 section: the DCF's WACC × g grid on its own, with what it means or why it is missing. */
export interface SensitivitySectionSpec {
  readonly grid: SensitivitySpec | null;
  /** Shown in place of the grid when there is none. */
  readonly empty: string | null;
  readonly hint: string;
}

export const SENSITIVITY_HINT =
  '每个格子都按该格的 WACC 与永续增长率 g 重新计算整个模型（预测、终值与股权价值），而非只改变终值。';

export function sensitivitySectionSpec(report: Pick<CompanyReport, 'dcf' | 'dcfError'>): SensitivitySectionSpec {
  if (!report.dcf) {
    return {
      grid: null,
      empty: `无法进行敏感性分析：${report.dcfError ?? '没有可用的DCF估值'}`,
      hint: SENSITIVITY_HINT,
    };
  }
  const grid = dcfSensitivitySpec(report.dcf);
  return {
    grid,
    empty: grid ? null : '无法进行敏感性分析：缺少总股本，无法得到每股价值',
    hint: SENSITIVITY_HINT,
  };
}
