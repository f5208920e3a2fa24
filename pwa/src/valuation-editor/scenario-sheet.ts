import type { WorkSheet } from '@e965/xlsx';
import {
  DRIVER_LABELS,
  isLogarithmicDriver,
  SCENARIO_DRIVERS,
  type UncertaintyRating,
  type Verdict,
} from '@fcf/engine';
import type { ScenarioView, SimulationView } from '@fcf/engine/report';
import { formula, number, PERCENT, put, ref, sheet, text, toWorkSheet } from './workbook-cells.ts';

/** The range as the custom page last showed it: what the workbook's 情景与模拟 sheet carries. */
export interface RangeSnapshot {
  readonly scenarios: readonly ScenarioView[];
  readonly simulation: SimulationView;
  readonly price: number | null;
  readonly rating: UncertaintyRating | null;
  readonly required_margin: number | null;
  readonly verdict: Verdict | null;
}

export const SCENARIO_SHEET = '情景与模拟';

const RATIO = '0.00';

/**
 * 情景与模拟 (docs/model.md section 16): each scenario's weight, drivers and value per share; the weighted
 * value and the weights' total as formulas; the simulation's settings, spreads and percentiles; the verdict
 * as a formula of the price, the weighted value and the required margin.
 */
export function scenarioSheet(range: RangeSnapshot): WorkSheet {
  const target = sheet();
  const header = ['情景', '权重', ...SCENARIO_DRIVERS.map((driver) => DRIVER_LABELS[driver].label), '每股价值（元）'];
  header.forEach((label, column) => {
    put(target, 0, column, text(label));
  });
  const valueColumn = header.length - 1;
  range.scenarios.forEach((scenario, index) => {
    const row = index + 1;
    put(target, row, 0, text(scenario.name));
    put(target, row, 1, number(scenario.weight, PERCENT));
    SCENARIO_DRIVERS.forEach((driver, column) => {
      put(target, row, column + 2, number(scenario.inputs[driver], DRIVER_LABELS[driver].percent ? PERCENT : RATIO));
    });
    put(target, row, valueColumn, number(scenario.value_per_share));
  });
  const last = range.scenarios.length;
  const weights = `${ref(1, 1)}:${ref(last, 1)}`;
  const values = `${ref(1, valueColumn)}:${ref(last, valueColumn)}`;
  let row = last + 2;
  const weightedRow = row;
  const weighted = range.scenarios.reduce((sum, s) => sum + s.weight * (s.value_per_share ?? 0), 0);
  const totalWeight = range.scenarios.reduce((sum, s) => sum + s.weight, 0);
  put(target, row, 0, text('情景加权价值（元）'));
  put(target, row++, 1, formula(`SUMPRODUCT(${weights},${values})`, weighted));
  put(target, row, 0, text('权重合计'));
  put(target, row++, 1, formula(`SUM(${weights})`, totalWeight, PERCENT));
  const priceRow = row;
  put(target, row, 0, text('现价（元）'));
  put(target, row++, 1, range.price === null ? text('暂无行情') : number(range.price));
  row++;
  const { simulation } = range;
  const settings: readonly [string, string | number, string | undefined][] = [
    ['模拟中心', simulation.centre, undefined],
    ['模拟次数', simulation.draws, '0'],
    ['随机种子', simulation.seed, '0'],
  ];
  put(target, row++, 0, text('模拟设置'));
  for (const [label, value, format] of settings) {
    put(target, row, 0, text(label));
    put(target, row++, 1, typeof value === 'number' ? number(value, format) : text(value));
  }
  for (const spread of simulation.spreads) {
    const logarithmic = isLogarithmicDriver(spread.driver);
    put(target, row, 0, text(`${spread.label}波动${logarithmic ? '（对数标准差）' : '（标准差）'}`));
    put(target, row, 1, number(spread.value, logarithmic ? RATIO : PERCENT));
    put(target, row++, 2, text(spread.basis));
  }
  row++;
  const figures: readonly [string, number | null, string][] = [
    ['P10（元）', simulation.p10, '#,##0.00'],
    ['P50（元）', simulation.p50, '#,##0.00'],
    ['P90（元）', simulation.p90, '#,##0.00'],
    ['价值高于现价的概率', simulation.prob_above_price, PERCENT],
    ['被模型拒绝的抽样比例', simulation.refused_share, PERCENT],
  ];
  put(target, row++, 0, text('模拟结果'));
  for (const [label, value, format] of figures) {
    put(target, row, 0, text(label));
    put(target, row++, 1, number(value, format));
  }
  put(target, row, 0, text('不确定性评级'));
  put(target, row++, 1, text(range.rating ?? '-'));
  const marginRow = row;
  put(target, row, 0, text('要求安全边际'));
  put(target, row++, 1, number(range.required_margin, PERCENT));
  put(target, row, 0, text('结论'));
  const [price, value, margin] = [ref(priceRow, 1), ref(weightedRow, 1), ref(marginRow, 1)];
  put(target, row, 1, {
    t: 's',
    f: `IF(${price}<${value}*(1-${margin}),"低估",IF(${price}>${value}*(1+${margin}),"高估","合理"))`,
    v: range.verdict ?? '',
  });
  return toWorkSheet(target, [26, 10, ...SCENARIO_DRIVERS.map(() => 14), 14]);
}
