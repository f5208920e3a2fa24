/**
 * The engine's model of one company as spreadsheet formulas for HyperFormula (section 1's reference), written
 * from docs/model.md sections 2–7: the History sheet's rows (spreadsheet-history.ts); on the Model sheet the
 * share count, the equity bridge, the auto drivers with per-year overrides inherited by later years
 * (spreadsheet-drivers.ts), the 5-year forecast with losses carried forward and the DCF with either terminal
 * value; and the 5 × 5 WACC × g grid, which re-forecasts at each g (spreadsheet-grid.ts).
 */
import {
  AUTO_DRIVER_WINDOW,
  CASH_LIKE_ITEMS,
  type CompanyStatements,
  DEBT_LIKE_ITEMS,
  DEFAULT_TERMINAL_GROWTH_RATE,
  EPS_ROUNDING,
  FORECAST_YEARS,
  forecastYearsAfter,
  NON_CORE_ASSET_ITEMS,
  PLAUSIBLE_PAR_FACTOR,
  SHARE_DISAGREEMENT,
  type ValuationSettings,
  WORKING_CAPITAL_ASSETS,
  WORKING_CAPITAL_FAMILIES,
  WORKING_CAPITAL_LIABILITIES,
  type YearOverrides,
} from '@fcf/engine';
import { addDriverRows } from './spreadsheet-drivers.ts';
import { type GridCell, gridSheet, lossAfterFormula, nopatFormula, terminalValueFormula } from './spreadsheet-grid.ts';
import { COST_DRIVERS, ebitFormula, familyFlag, historySheet, OTHER_OPERATING_DRIVERS } from './spreadsheet-history.ts';
import { joined, SheetBuilder } from './spreadsheet-sheet.ts';

/** The parameters the reference takes: a manual WACC (it does not compute one), the rest as the engine. */
export type ReferenceParameters = Partial<ValuationSettings> & { readonly wacc_manual: number };

export interface CellAddress {
  readonly sheet: string;
  readonly row: number;
  readonly col: number;
}

export interface ModelSheets {
  readonly sheets: readonly SheetBuilder[];
  /** Where the first forecast year + 1's revenue-growth override is typed. */
  readonly growthOverride: CellAddress;
  readonly valuePerShare: CellAddress;
  /** The WACC × g grid's cells, [wacc][g] as the engine's SensitivityGrid.values. */
  readonly grid: readonly (readonly GridCell[])[];
  readonly cellCount: number;
}

export function modelSheets(
  statements: CompanyStatements,
  overrides: YearOverrides,
  parameters: ReferenceParameters,
): ModelSheets {
  const { sheet: history, years: reported, last } = historySheet(statements);
  const windowStart = Math.max(0, last - AUTO_DRIVER_WINDOW + 1);
  const latest = (name: string) => history.ref(name, last);
  const _window = (name: string) => history.refRange(name, windowStart, last);
  const model = new SheetBuilder('Model');
  const years = forecastYearsAfter(reported[last] as number);
  const each = (formula: (i: number) => string | number | null) => years.map((_, i) => formula(i));
  const m = (name: string, i: number) => model.at(name, i);
  const one = (name: string) => m(name, 0);
  const positive = (cell: string) => `IF(AND(ISNUMBER(${cell}),${cell}>0),${cell},"")`;

  model.add('year', years);
  model.add('wacc', [parameters.wacc_manual]);
  model.add('g', [parameters.terminal_growth_rate_manual ?? DEFAULT_TERMINAL_GROWTH_RATE]);
  model.add('terminal_value_method', [parameters.terminal_value_method ?? 'gordon']);
  model.add('ronic_manual', [parameters.ronic_manual ?? null]);
  model.add('ronic', [`=IF(ISNUMBER(${one('ronic_manual')}),${one('ronic_manual')},${one('wacc')})`]);

  // The share count (shares.ts): manual, 期末总股本, else 股本 cross-checked against 归母净利润 / 基本每股收益.
  model.add('total_shares_manual', [parameters.total_shares_manual ?? null]);
  model.add('statement_shares', [`=${positive(latest('total_shares'))}`]);
  model.add('share_capital', [`=${positive(latest('share_capital'))}`]);
  const eps = latest('eps_basic');
  const profit = latest('net_profit_parent');
  model.add('eps_implied_shares', [
    `=IF(AND(ISNUMBER(${profit}),ISNUMBER(${eps})),IF(ABS(${eps})>=${2 * EPS_ROUNDING},${positive(`${profit}/${eps}`)},""),"")`,
  ]);
  model.add('eps_tolerance', [`=IF(ISNUMBER(${eps}),${SHARE_DISAGREEMENT}+${EPS_ROUNDING}/ABS(${eps}),"")`]);
  {
    const [manual, statement, capital, implied, tolerance] = [
      'total_shares_manual',
      'statement_shares',
      'share_capital',
      'eps_implied_shares',
      'eps_tolerance',
    ].map(one) as [string, string, string, string, string];
    const agrees = (count: string) => `ABS(${count}/${implied}-1)<=${tolerance}`;
    model.add('total_shares', [
      `=IF(ISNUMBER(${manual}),${manual},IF(ISNUMBER(${statement}),${statement},` +
        `IF(NOT(ISNUMBER(${capital})),IF(ISNUMBER(${implied}),${implied},0),` +
        `IF(NOT(ISNUMBER(${implied})),${capital},IF(${agrees(capital)},${capital},` +
        `IF(${agrees(`${capital}*10`)},${capital}*10,` +
        `IF(AND(${capital}/${implied}<=${PLAUSIBLE_PAR_FACTOR},${capital}/${implied}>=${1 / PLAUSIBLE_PAR_FACTOR}),${capital},${implied})))))))`,
    ]);
  }

  // The equity bridge at the latest balance sheet (bridge.ts).
  const total = (items: readonly string[]) => `=${joined(items.map(latest), '+')}`;
  model.add('cash', [total(CASH_LIKE_ITEMS)]);
  model.add('non_core_assets', [total(NON_CORE_ASSET_ITEMS)]);
  model.add('interest_bearing_liabilities', [total(DEBT_LIKE_ITEMS)]);
  model.add('minority_interest', [`=${latest('minority_interest')}`]);
  model.add('bridge', [
    `=${one('cash')}+${one('non_core_assets')}-${one('interest_bearing_liabilities')}-${one('minority_interest')}`,
  ]);

  const fadedGrowthFrom = addDriverRows({ history, windowStart, last, model, years }, overrides);

  // The OWC the first ΔOWC starts from: the latest year's, a family it does not report taken at the ratios
  // of the latest year of the window that does (auto-drivers.ts's openingWorkingCapital).
  const missingFamilies = WORKING_CAPITAL_FAMILIES.map((family, index) => {
    const ratioSum = (at: number) =>
      joined(
        family.rowItems.map((item) => history.ref(`${item}_Ratio`, at)),
        '+',
      );
    let earlier = '0';
    for (let at = windowStart; at < last; at++) {
      earlier = `IF(${history.ref(familyFlag(index), at)}=1,${ratioSum(at)},${earlier})`;
    }
    return `IF(${latest(familyFlag(index))}=1,0,${family.sign}*${latest('revenue')}*(${earlier}))`;
  });
  model.add('opening_owc', [`=${latest('Operating_Working_Capital')}+${missingFamilies.join('+')}`]);

  // The projection (projection.ts's projectYear).
  model.add('latest_revenue', [`=${latest('revenue')}`]);
  model.add('revenue', () =>
    each((i) => `=${i === 0 ? one('latest_revenue') : m('revenue', i - 1)}*(1+${m('operating_revenue_yoy', i)})`),
  );
  for (const [item, ratio] of [...COST_DRIVERS, ...OTHER_OPERATING_DRIVERS])
    model.add(
      item,
      each((i) => `=${m('revenue', i)}*${m(ratio, i)}`),
    );
  model.add(
    'ebit',
    each((i) => `=${ebitFormula(m('revenue', i), (item) => m(item, i))}`),
  );
  // Losses carried forward (docs/model.md#4-forecast-drivers): NOPAT = EBIT − tax rate × max(0, EBIT − loss).
  model.add('opening_loss', [`=${latest('loss_carried')}`]);
  const lossBefore = (i: number) => (i === 0 ? one('opening_loss') : m('loss_carried', i - 1));
  model.add('loss_carried', () => each((i) => `=${lossAfterFormula(m('ebit', i), lossBefore(i))}`));
  model.add(
    'nopat',
    each((i) => `=${nopatFormula(m('ebit', i), m('income_tax_to_total_profit', i), lossBefore(i))}`),
  );
  model.add(
    'da',
    each((i) => `=${m('revenue', i)}*${m('da_ratio', i)}`),
  );
  model.add(
    'capex',
    each((i) => `=${m('revenue', i)}*${m('Capex_to_Revenue_Ratio', i)}`),
  );
  const ratioSum = (items: readonly string[], i: number) =>
    joined(
      items.map((item) => m(`${item}_Ratio`, i)),
      '+',
    );
  model.add(
    'owc_ratio',
    each((i) => `=${ratioSum(WORKING_CAPITAL_ASSETS, i)}-(${ratioSum(WORKING_CAPITAL_LIABILITIES, i)})`),
  );
  model.add(
    'owc',
    each((i) => `=${m('revenue', i)}*${m('owc_ratio', i)}`),
  );
  model.add('delta_owc', () => each((i) => `=${m('owc', i)}-${i === 0 ? one('opening_owc') : m('owc', i - 1)}`));
  model.add(
    'fcf',
    each((i) => `=${m('nopat', i)}+${m('da', i)}-${m('delta_owc', i)}-${m('capex', i)}`),
  );

  // The DCF (dcf.ts).
  const lastYear = FORECAST_YEARS - 1;
  const [wacc, g] = [one('wacc'), one('g')];
  model.add(
    'factor',
    each((i) => `=(1+${wacc})^-${i + 1}`),
  );
  model.add(
    'pv',
    each((i) => `=${m('fcf', i)}*${m('factor', i)}`),
  );
  model.add('pv_sum', [`=SUM(${model.range('pv', 0, lastYear)})`]);
  model.add('terminal_value', [
    `=${terminalValueFormula(one('terminal_value_method'), m('fcf', lastYear), m('nopat', lastYear), wacc, g, one('ronic'))}`,
  ]);
  model.add('terminal_pv', [`=${one('terminal_value')}*${m('factor', lastYear)}`]);
  model.add('enterprise_value', [`=${one('pv_sum')}+${one('terminal_pv')}`]);
  model.add('equity_value', [`=${one('enterprise_value')}+${one('bridge')}`]);
  model.add('value_per_share', [`=IF(${one('total_shares')}>0,${one('equity_value')}/${one('total_shares')},0)`]);

  const grid = gridSheet(
    model,
    years.length,
    fadedGrowthFrom((name) => model.ref(name, 0)),
  );
  const sheets = [history, model, grid.sheet];
  return {
    sheets,
    growthOverride: { sheet: model.name, row: model.row('operating_revenue_yoy_override'), col: 2 },
    valuePerShare: { sheet: model.name, row: model.row('value_per_share'), col: 1 },
    grid: grid.cells,
    cellCount: sheets.reduce((count, sheet) => count + sheet.rows.reduce((total, row) => total + row.length, 0), 0),
  };
}
