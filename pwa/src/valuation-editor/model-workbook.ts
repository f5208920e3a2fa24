import { utils, type WorkBook, type WorkSheet } from '@e965/xlsx';
import {
  type DriverKey,
  PARAMETER_RULES,
  WORKING_CAPITAL_ASSETS,
  WORKING_CAPITAL_LIABILITIES,
  type WorkingCapitalRatioKey,
} from '@fcf/engine';
import type { WhatIfView } from '@fcf/engine/report';
import { yearLabel } from '@fcf/engine/report';
import { DRIVER_TABLES, type TableRow } from './driver-tables.ts';
import { type RangeSnapshot, SCENARIO_SHEET, scenarioSheet } from './scenario-sheet.ts';
import { AMOUNT, FACTOR, formula, number, on, PERCENT, put, ref, sheet, text, toWorkSheet } from './workbook-cells.ts';

/**
 * The model as a workbook: history, drivers, forecast and DCF sheets. The forecast and DCF cells are live
 * formulas over the driver and parameter cells (change WACC in Excel and the value per share follows),
 * each with the engine's figure cached so a viewer that does not recalculate shows what the page shows.
 * Amounts in 亿元, ratios as fractions shown in percent, value per share in 元. Pure: no DOM.
 */

export const SHEETS = { history: '历史数据', drivers: '预测驱动', forecast: '预测', dcf: 'DCF估值' } as const;

/** The DCF sheet's input cells (column B) and result cells, for readers and tests. */
export const DCF_CELLS = {
  wacc: 'B3',
  growth: 'B4',
  shares: 'B5',
  enterpriseValue: 'B20',
  equityValue: 'B21',
  valuePerShare: 'B22',
} as const;

type Figure = Extract<TableRow, { kind: 'figure' }>;

/** Every row of the page's tables once, in their order (the FCF table repeats rows of the others). */
function historyRows(): Figure[] {
  const seen = new Set<string>();
  const rows: Figure[] = [];
  for (const table of DRIVER_TABLES) {
    for (const row of table.rows) {
      if (row.kind !== 'figure' || seen.has(row.field)) continue;
      seen.add(row.field);
      rows.push(row);
    }
  }
  return rows;
}

function historySheet(view: WhatIfView): WorkSheet {
  const target = sheet();
  const years = view.financialData.historical;
  put(target, 0, 0, text('项目'));
  for (const [index, year] of years.entries()) put(target, 0, index + 1, text(yearLabel(year.year, false)));
  historyRows().forEach((row, rowIndex) => {
    const label = row.nested && row.driver ? PARAMETER_RULES[row.driver].label : row.label;
    put(target, rowIndex + 1, 0, text(`${label}${row.unit === '%' ? '' : '（亿元）'}`));
    years.forEach((year, index) => {
      put(target, rowIndex + 1, index + 1, number(year[row.field], row.unit === '%' ? PERCENT : AMOUNT));
    });
  });
  return toWorkSheet(target, [34, ...years.map(() => 12)]);
}

/** The drivers in the page's table order: the working-capital ratios come as two unbroken runs. */
function driverKeys(): DriverKey[] {
  return DRIVER_TABLES.flatMap((table) =>
    table.rows.flatMap((row) => (row.kind === 'figure' && row.driver ? [row.driver] : [])),
  );
}

const SOURCE_TEXT = { user_set: '我的设定', inherited: '沿用', system_default: '系统预测' } as const;

function driversSheet(view: WhatIfView, keys: readonly DriverKey[]): WorkSheet {
  const target = sheet();
  const years = view.financialData.forecast;
  put(target, 0, 0, text('预测驱动（占营业收入比例，增长率、所得税率）'));
  for (const [index, year] of years.entries()) put(target, 0, index + 1, text(yearLabel(year.year, true)));
  keys.forEach((key, rowIndex) => {
    put(target, rowIndex + 1, 0, text(PARAMETER_RULES[key].label));
    const format = PARAMETER_RULES[key].percent ? PERCENT : AMOUNT;
    for (const [index, year] of years.entries()) put(target, rowIndex + 1, index + 1, number(year[key], format));
  });
  // Where each value comes from, so the reader's own settings stand out in the file too.
  const sourceTop = keys.length + 2;
  put(target, sourceTop, 0, text('来源（我的设定 / 沿用前一年 / 系统预测）'));
  keys.forEach((key, rowIndex) => {
    put(target, sourceTop + rowIndex + 1, 0, text(PARAMETER_RULES[key].label));
    years.forEach((year, index) => {
      const source = year.sources?.[key];
      put(target, sourceTop + rowIndex + 1, index + 1, text(source ? SOURCE_TEXT[source] : ''));
    });
  });
  return toWorkSheet(target, [30, ...years.map(() => 12)]);
}

/** Forecast rows: label, the row's field for the cached value, and its formula in a forecast column. */
interface ForecastLine {
  readonly label: string;
  readonly field:
    | 'operating_revenue'
    | 'operating_cost'
    | 'tax_expenses'
    | 'selling_expenses'
    | 'management_expenses'
    | 'r_and_d_expenses'
    | 'impairment_losses'
    | 'other_income'
    | 'ebit'
    | 'nopat'
    | 'depreciation_and_amortization'
    | 'Operating_Current_Assets_Total'
    | 'Operating_Current_Liabilities_Total'
    | 'Operating_Working_Capital'
    | 'Change_In_Operating_WC'
    | 'Capital_Expenditure'
    | 'FCFF';
  /** The formula in column `column` (zero-based) of the forecast sheet, given a driver cell lookup. */
  readonly formula: (cell: ForecastCells) => string;
}

interface ForecastCells {
  /** This year's value of a line of the forecast sheet. */
  readonly line: (field: ForecastLine['field']) => string;
  /** The previous column's value of a line (the base year for the first forecast year). */
  readonly previous: (field: ForecastLine['field']) => string;
  /** This year's driver cell on the drivers sheet. */
  readonly driver: (key: DriverKey) => string;
  /** This year's run of driver cells (the working-capital ratios). */
  readonly drivers: (first: DriverKey, last: DriverKey) => string;
  /** Whether the year's capex is the auto one, following growth (no capex ratio set by a person). */
  readonly capexLinked: boolean;
}

const ratioKey = (item: string) => `${item}_Ratio` as WorkingCapitalRatioKey;
const firstAsset = ratioKey(WORKING_CAPITAL_ASSETS[0]);
const lastAsset = ratioKey(WORKING_CAPITAL_ASSETS[WORKING_CAPITAL_ASSETS.length - 1] ?? WORKING_CAPITAL_ASSETS[0]);
const firstLiability = ratioKey(WORKING_CAPITAL_LIABILITIES[0]);
const lastLiability = ratioKey(
  WORKING_CAPITAL_LIABILITIES[WORKING_CAPITAL_LIABILITIES.length - 1] ?? WORKING_CAPITAL_LIABILITIES[0],
);

const byRevenue = (label: string, field: ForecastLine['field'], key: DriverKey): ForecastLine => ({
  label,
  field,
  formula: (cell) => `${cell.line('operating_revenue')}*${cell.driver(key)}`,
});

/** The engine's projection (engine/src/forecast/projection.ts), one line per row, as formulas. */
const FORECAST_LINES: readonly ForecastLine[] = [
  {
    label: '营业收入',
    field: 'operating_revenue',
    formula: (cell) => `${cell.previous('operating_revenue')}*(1+${cell.driver('operating_revenue_yoy')})`,
  },
  byRevenue('营业成本', 'operating_cost', 'operating_cost_pct'),
  byRevenue('税金及附加', 'tax_expenses', 'tax_expenses_pct'),
  byRevenue('销售费用', 'selling_expenses', 'selling_expenses_pct'),
  byRevenue('管理费用', 'management_expenses', 'management_expenses_pct'),
  byRevenue('研发费用', 'r_and_d_expenses', 'r_and_d_expenses_pct'),
  byRevenue('资产及信用减值损失', 'impairment_losses', 'impairment_losses_pct'),
  byRevenue('其他收益', 'other_income', 'other_income_pct'),
  {
    label: '息税前利润（EBIT）',
    field: 'ebit',
    formula: (cell) =>
      `${cell.line('operating_revenue')}-${cell.line('operating_cost')}-${cell.line('tax_expenses')}-${cell.line('selling_expenses')}-${cell.line('management_expenses')}-${cell.line('r_and_d_expenses')}-${cell.line('impairment_losses')}+${cell.line('other_income')}`,
  },
  {
    label: '税后净营业利润（NOPAT）',
    field: 'nopat',
    formula: (cell) => `${cell.line('ebit')}*(1-${cell.driver('income_tax_to_total_profit')})`,
  },
  byRevenue('折旧与摊销', 'depreciation_and_amortization', 'da_ratio'),
  {
    label: '经营性流动资产合计',
    field: 'Operating_Current_Assets_Total',
    formula: (cell) => `${cell.line('operating_revenue')}*SUM(${cell.drivers(firstAsset, lastAsset)})`,
  },
  {
    label: '经营性流动负债合计',
    field: 'Operating_Current_Liabilities_Total',
    formula: (cell) => `${cell.line('operating_revenue')}*SUM(${cell.drivers(firstLiability, lastLiability)})`,
  },
  {
    label: '经营性营运资本',
    field: 'Operating_Working_Capital',
    formula: (cell) =>
      `${cell.line('Operating_Current_Assets_Total')}-${cell.line('Operating_Current_Liabilities_Total')}`,
  },
  {
    label: '营运资本变动',
    field: 'Change_In_Operating_WC',
    formula: (cell) => `${cell.line('Operating_Working_Capital')}-${cell.previous('Operating_Working_Capital')}`,
  },
  {
    label: '资本性支出',
    field: 'Capital_Expenditure',
    // The auto capex follows growth: D&A + Δrevenue ÷ sales-to-capital (engine/src/forecast/reinvestment.ts).
    formula: (cell) =>
      cell.capexLinked
        ? `${cell.line('operating_revenue')}*MAX(0,${cell.driver('da_ratio')}+IF(${cell.driver('sales_to_capital')}>0,${cell.driver('operating_revenue_yoy')}/(1+${cell.driver('operating_revenue_yoy')})/${cell.driver('sales_to_capital')},0))`
        : `${cell.line('operating_revenue')}*${cell.driver('Capex_to_Revenue_Ratio')}`,
  },
  {
    label: '自由现金流（FCFF）',
    field: 'FCFF',
    formula: (cell) =>
      `${cell.line('nopat')}+${cell.line('depreciation_and_amortization')}-${cell.line('Change_In_Operating_WC')}-${cell.line('Capital_Expenditure')}`,
  },
];

const forecastRow = (field: ForecastLine['field']) => FORECAST_LINES.findIndex((line) => line.field === field) + 1;

function forecastSheet(view: WhatIfView, keys: readonly DriverKey[]): WorkSheet {
  const target = sheet();
  const years = view.financialData.forecast;
  const first = years[0];
  // The base year: the latest revenue, and the working capital the first year's change is measured from.
  const baseRevenue = view.financialData.historical.at(-1)?.operating_revenue ?? null;
  const baseWorkingCapital =
    first?.Operating_Working_Capital != null && first.Change_In_Operating_WC != null
      ? first.Operating_Working_Capital - first.Change_In_Operating_WC
      : null;
  put(target, 0, 0, text('项目（亿元）'));
  put(target, 0, 1, text(`基期 ${view.latestYear}`));
  for (const [index, year] of years.entries()) put(target, 0, index + 2, text(yearLabel(year.year, true)));
  for (const [index, line] of FORECAST_LINES.entries()) put(target, index + 1, 0, text(line.label));
  put(target, forecastRow('operating_revenue'), 1, number(baseRevenue));
  put(target, forecastRow('Operating_Working_Capital'), 1, number(baseWorkingCapital));

  years.forEach((year, index) => {
    const column = index + 2;
    const driverColumn = index + 1;
    const driverRow = (key: DriverKey) => keys.indexOf(key) + 1;
    const cells: ForecastCells = {
      line: (field) => ref(forecastRow(field), column),
      previous: (field) => ref(forecastRow(field), column - 1),
      driver: (key) => on(SHEETS.drivers, ref(driverRow(key), driverColumn)),
      drivers: (from, to) =>
        `${on(SHEETS.drivers, ref(driverRow(from), driverColumn))}:${ref(driverRow(to), driverColumn)}`,
      capexLinked: (year.sources?.Capex_to_Revenue_Ratio ?? 'system_default') === 'system_default',
    };
    for (const line of FORECAST_LINES) {
      put(target, forecastRow(line.field), column, formula(line.formula(cells), year[line.field]));
    }
  });
  return toWorkSheet(target, [26, 14, ...years.map(() => 14)]);
}

function dcfSheet(view: WhatIfView): WorkSheet {
  const target = sheet();
  const { dcf } = view;
  if (!dcf) throw new Error('no valuation to export');
  const { valuation } = dcf;
  const { name, code } = view.company;
  put(target, 0, 0, text(`${name}${code ? `（${code}）` : ''} DCF估值 · 基于 ${view.latestYear} 年报`));
  const inputs: readonly [string, number, string][] = [
    ['WACC', dcf.wacc, PERCENT],
    ['永续增长率 g', dcf.g, PERCENT],
    ['总股本（亿股）', valuation.total_shares, AMOUNT],
    ['非核心资产（亿元）', valuation.non_core_assets, AMOUNT],
    ['现金（亿元）', valuation.cash, AMOUNT],
    ['有息负债（亿元）', valuation.interest_bearing_liabilities, AMOUNT],
    ['少数股东权益（亿元）', valuation.minority_interest, AMOUNT],
  ];
  put(target, 1, 0, text('估值参数（可修改）'));
  inputs.forEach(([label, value, format], index) => {
    put(target, index + 2, 0, text(label));
    put(target, index + 2, 1, number(value, format));
  });
  const [wacc, growth, shares, nonCore, cash, debt, minority] = [2, 3, 4, 5, 6, 7, 8].map((row) => ref(row, 1, true));
  // The value-driver terminal value (docs/model.md) needs RONIC: an input of its own, under the others.
  const { terminal_value_method: method, ronic: ronicValue } = view.params.effective_values;
  const ronic = ref(9, 1, true);
  if (method === 'value_driver') {
    put(target, 9, 0, text('新增投资回报率 RONIC（价值驱动终值）'));
    // RONIC left at its default (WACC) follows a WACC changed in the file, as the engine's default does.
    put(
      target,
      9,
      1,
      ronicValue === dcf.wacc ? formula(ref(2, 1, true), ronicValue, PERCENT) : number(ronicValue, PERCENT),
    );
  }

  // Rows 11–15: discounting by forecast year.
  const header = 10;
  put(target, header, 0, text('项目'));
  const n = header + 1;
  const fcf = header + 2;
  const factor = header + 3;
  const discounted = header + 4;
  put(target, n, 0, text('年数 n'));
  put(target, fcf, 0, text('预测自由现金流（亿元）'));
  put(target, factor, 0, text('折现系数 = (1 + WACC)^-n'));
  put(target, discounted, 0, text('折现后自由现金流（亿元）'));
  const fcfLine = forecastRow('FCFF');
  dcf.forecast.forEach((row, index) => {
    const column = index + 1;
    put(target, header, column, text(yearLabel(row.year, true)));
    put(target, n, column, { t: 'n', v: index + 1 });
    put(target, fcf, column, formula(on(SHEETS.forecast, ref(fcfLine, index + 2)), row.fcf));
    put(target, factor, column, formula(`(1+${wacc})^-${ref(n, column)}`, row.discount_factor, FACTOR));
    put(target, discounted, column, formula(`${ref(fcf, column)}*${ref(factor, column)}`, row.discounted_fcf));
  });
  const lastColumn = dcf.forecast.length;
  const lastFcf = ref(fcf, lastColumn);
  const lastFactor = ref(factor, lastColumn);
  const lastNopat = on(SHEETS.forecast, ref(forecastRow('nopat'), lastColumn + 1));
  // The same two formulas as the engine's terminalValueAt: Gordon, or NOPAT₆ × (1 − g / RONIC) ÷ (WACC − g).
  const terminalFormula =
    method === 'value_driver'
      ? `${lastNopat}*(1+${growth})*(1-${growth}/${ronic})/(${wacc}-${growth})`
      : `${lastFcf}*(1+${growth})/(${wacc}-${growth})`;

  const results: readonly [string, string, number | null][] = [
    ['预测期现值合计（亿元）', `SUM(${ref(discounted, 1)}:${ref(discounted, lastColumn)})`, dcf.forecast_fcf_sum],
    [method === 'value_driver' ? '终值（价值驱动，亿元）' : '终值（亿元）', terminalFormula, dcf.terminal_value],
    ['终值现值（亿元）', `B18*${lastFactor}`, dcf.terminal_pv],
    ['企业价值（亿元）', 'B17+B19', valuation.enterprise_value],
    ['股权价值（亿元）', `B20+${nonCore}+${cash}-${debt}-${minority}`, valuation.equity_value],
    ['每股价值（元）', `IF(${shares}>0,B21/${shares},"")`, valuation.value_per_share],
  ];
  results.forEach(([label, expression, cached], index) => {
    put(target, 16 + index, 0, text(label));
    put(target, 16 + index, 1, formula(expression, cached));
  });
  return toWorkSheet(target, [28, ...dcf.forecast.map(() => 14)]);
}

/** The workbook of a valued company; throws when the inputs admit no valuation (nothing to export). */
export function modelWorkbook(view: WhatIfView, range: RangeSnapshot | null = null): WorkBook {
  const keys = driverKeys();
  const workbook = utils.book_new();
  // The DCF sheet first: it is what a reader opens the file for.
  utils.book_append_sheet(workbook, dcfSheet(view), SHEETS.dcf);
  utils.book_append_sheet(workbook, forecastSheet(view, keys), SHEETS.forecast);
  utils.book_append_sheet(workbook, driversSheet(view, keys), SHEETS.drivers);
  utils.book_append_sheet(workbook, historySheet(view), SHEETS.history);
  if (range) utils.book_append_sheet(workbook, scenarioSheet(range), SCENARIO_SHEET);
  workbook.Props = { Title: `${view.company.name} DCF估值模型`, Author: '自由现金流估值平台' };
  return workbook;
}
