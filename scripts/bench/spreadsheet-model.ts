/**
 * The engine's model of one company as spreadsheet formulas for HyperFormula (section 1's reference):
 * history ratios, auto drivers (3-year means, the revenue growth fading to g), a 5-year forecast with
 * per-year overrides inherited by later years, the DCF and the 5 × 5 WACC × g sensitivity grid.
 */
import {
  type CompanyStatements,
  DRIVER_KEYS,
  type DriverKey,
  INTEREST_BEARING_DEBT_ITEMS,
  NON_CORE_ASSET_ITEMS,
  type StatementItem,
  WORKING_CAPITAL_ASSETS,
  WORKING_CAPITAL_LIABILITIES,
} from '@fcf/engine';
import { BENCH_WACC, FIRST_HISTORY_YEAR, LATEST_HISTORY_YEAR, SAMPLE_OVERRIDES } from './company.ts';

const FORECAST_YEARS = 5;
const TERMINAL_GROWTH = 0.02;
const DEFAULT_TAX_RATE = 0.25;
const SENSITIVITY_RADIUS = 2;
const WACC_STEP = 0.01;
const GROWTH_STEP = 0.005;

/** Column letter of a 0-based column index (A..Z is all this model needs). */
function column(index: number): string {
  if (index < 0 || index > 25) throw new Error(`column ${index} out of range`);
  return String.fromCharCode(65 + index);
}

/**
 * A sheet built row by row: column A holds the label, columns B.. the years. `at(name, i)` is the A1
 * address of row `name` in year column i (0-based).
 */
class SheetBuilder {
  readonly rows: (string | number | null)[][] = [];
  private readonly index = new Map<string, number>();

  constructor(readonly name: string) {}

  /** Adds row `name`; `cells` may be a function, to refer to its own row (a carried-forward value). */
  add(name: string, cells: (string | number | null)[] | (() => (string | number | null)[])): void {
    if (this.index.has(name)) throw new Error(`row ${name} twice`);
    this.index.set(name, this.rows.length);
    this.rows.push([name]);
    this.rows[this.rows.length - 1]?.push(...(typeof cells === 'function' ? cells() : cells));
  }

  row(name: string): number {
    const found = this.index.get(name);
    if (found === undefined) throw new Error(`no row ${name} in ${this.name}`);
    return found;
  }

  /** A1 address of row `name`, year column i, local to this sheet. */
  at(name: string, i: number): string {
    return `$${column(i + 1)}$${this.row(name) + 1}`;
  }

  /** The address from another sheet. */
  ref(name: string, i: number): string {
    return `${this.name}!${this.at(name, i)}`;
  }
}

const HISTORY_ITEMS: readonly StatementItem[] = [
  'operating_revenue',
  'operating_cost',
  'tax_expenses',
  'selling_expenses',
  'management_expenses',
  'r_and_d_expenses',
  'total_profit',
  'income_tax',
  'depreciation_fixed_assets',
  'depreciation_right_of_use_assets',
  'amortization_intangible_assets',
  'amortization_long_term_prepaid',
  'Cash_Paid_For_Acquisition_Assets',
  ...WORKING_CAPITAL_ASSETS,
  ...WORKING_CAPITAL_LIABILITIES,
  ...NON_CORE_ASSET_ITEMS,
  ...INTEREST_BEARING_DEBT_ITEMS,
  'cash',
  'minority_interest',
  'share_capital',
];

/** History ratio row feeding each driver's 3-year mean. */
const RATIO_ROW: Readonly<Record<Exclude<DriverKey, 'operating_revenue_yoy'>, string>> = {
  operating_cost_pct: 'operating_cost_pct',
  tax_expenses_pct: 'tax_expenses_pct',
  selling_expenses_pct: 'selling_expenses_pct',
  management_expenses_pct: 'management_expenses_pct',
  r_and_d_expenses_pct: 'r_and_d_expenses_pct',
  income_tax_to_total_profit: 'tax_rate',
  da_ratio: 'da_ratio',
  Capex_to_Revenue_Ratio: 'capex_ratio',
  Notes_Receivable_Ratio: 'Notes_Receivable_Ratio',
  Accounts_Receivable_Ratio: 'Accounts_Receivable_Ratio',
  Prepayments_Ratio: 'Prepayments_Ratio',
  Inventories_Ratio: 'Inventories_Ratio',
  Other_Receivables_Ratio: 'Other_Receivables_Ratio',
  Contract_Assets_Ratio: 'Contract_Assets_Ratio',
  Notes_Payable_Ratio: 'Notes_Payable_Ratio',
  Accounts_Payable_Ratio: 'Accounts_Payable_Ratio',
  Advances_From_Customers_Ratio: 'Advances_From_Customers_Ratio',
  Contract_Liabilities_Ratio: 'Contract_Liabilities_Ratio',
  Employee_Benefits_Payable_Ratio: 'Employee_Benefits_Payable_Ratio',
  Taxes_Payable_Ratio: 'Taxes_Payable_Ratio',
};

const COST_DRIVERS = [
  ['operating_cost', 'operating_cost_pct'],
  ['tax_expenses', 'tax_expenses_pct'],
  ['selling_expenses', 'selling_expenses_pct'],
  ['management_expenses', 'management_expenses_pct'],
  ['r_and_d_expenses', 'r_and_d_expenses_pct'],
] as const;

const WORKING_CAPITAL = [...WORKING_CAPITAL_ASSETS, ...WORKING_CAPITAL_LIABILITIES];

function historySheet(statements: CompanyStatements): SheetBuilder {
  const sheet = new SheetBuilder('History');
  const years = Array.from({ length: LATEST_HISTORY_YEAR - FIRST_HISTORY_YEAR + 1 }, (_, i) => FIRST_HISTORY_YEAR + i);
  const each = (formula: (i: number) => string | number | null) => years.map((_, i) => formula(i));
  sheet.add('year', years);
  for (const item of HISTORY_ITEMS)
    sheet.add(
      item,
      years.map((year) => statements.years[year]?.[item] ?? 0),
    );
  const h = (name: string, i: number) => sheet.at(name, i);
  sheet.add(
    'ebit',
    each((i) => `=${h('operating_revenue', i)}-${COST_DRIVERS.map(([item]) => h(item, i)).join('-')}`),
  );
  sheet.add(
    'tax_rate',
    each(
      (i) =>
        `=IF(${h('total_profit', i)}>0,IF(AND(${h('income_tax', i)}/${h('total_profit', i)}>=0,${h('income_tax', i)}/${h('total_profit', i)}<=1),${h('income_tax', i)}/${h('total_profit', i)},""),"")`,
    ),
  );
  sheet.add(
    'nopat',
    each((i) => `=${h('ebit', i)}*(1-IF(ISNUMBER(${h('tax_rate', i)}),${h('tax_rate', i)},${DEFAULT_TAX_RATE}))`),
  );
  sheet.add(
    'da',
    each(
      (i) =>
        `=${h('depreciation_fixed_assets', i)}+${h('depreciation_right_of_use_assets', i)}+${h('amortization_intangible_assets', i)}+${h('amortization_long_term_prepaid', i)}`,
    ),
  );
  sheet.add(
    'capex',
    each((i) => `=${h('Cash_Paid_For_Acquisition_Assets', i)}`),
  );
  for (const [item, ratio] of COST_DRIVERS)
    sheet.add(
      ratio,
      each((i) => `=${h(item, i)}/${h('operating_revenue', i)}`),
    );
  sheet.add(
    'da_ratio',
    each((i) => `=${h('da', i)}/${h('operating_revenue', i)}`),
  );
  sheet.add(
    'capex_ratio',
    each((i) => `=${h('capex', i)}/${h('operating_revenue', i)}`),
  );
  for (const item of WORKING_CAPITAL) {
    sheet.add(
      `${item}_Ratio`,
      each((i) => `=${h(item, i)}/${h('operating_revenue', i)}`),
    );
  }
  sheet.add(
    'owc',
    each(
      (i) =>
        `=${WORKING_CAPITAL_ASSETS.map((item) => h(item, i)).join('+')}-(${WORKING_CAPITAL_LIABILITIES.map((item) => h(item, i)).join('+')})`,
    ),
  );
  sheet.add(
    'delta_owc',
    each((i) => (i === 0 ? '' : `=${h('owc', i)}-${h('owc', i - 1)}`)),
  );
  sheet.add(
    'fcf',
    each((i) => (i === 0 ? '' : `=${h('nopat', i)}+${h('da', i)}-${h('delta_owc', i)}-${h('capex', i)}`)),
  );
  sheet.add(
    'revenue_yoy',
    each((i) => (i === 0 ? '' : `=${h('operating_revenue', i)}/${h('operating_revenue', i - 1)}-1`)),
  );
  return sheet;
}

export interface ModelSheets {
  readonly history: SheetBuilder;
  readonly model: SheetBuilder;
  /** Where the 2026 revenue-growth override is typed. */
  readonly growthOverride: { row: number; col: number };
  readonly valuePerShare: { row: number; col: number };
  readonly cellCount: number;
}

export function modelSheets(statements: CompanyStatements): ModelSheets {
  const history = historySheet(statements);
  const model = new SheetBuilder('Model');
  const last = LATEST_HISTORY_YEAR - FIRST_HISTORY_YEAR;
  const latest = (name: string) => history.ref(name, last);
  const years = Array.from({ length: FORECAST_YEARS }, (_, i) => LATEST_HISTORY_YEAR + 1 + i);
  const each = (formula: (i: number) => string | number | null) => years.map((_, i) => formula(i));
  const m = (name: string, i: number) => model.at(name, i);

  model.add('year', years);
  // Parameters and the equity bridge (column B).
  model.add('wacc', [BENCH_WACC]);
  model.add('g', [TERMINAL_GROWTH]);
  model.add('shares', [`=${latest('share_capital')}`]);
  model.add('bridge', [
    `=${NON_CORE_ASSET_ITEMS.map(latest).join('+')}+${latest('cash')}-(${INTEREST_BEARING_DEBT_ITEMS.map(latest).join('+')})-${latest('minority_interest')}`,
  ]);
  const span = 3;
  model.add('start_growth', [
    `=MIN(0.25,MAX(-0.2,(${latest('operating_revenue')}/${history.ref('operating_revenue', last - span)})^(1/${span})-1))`,
  ]);
  const wacc = m('wacc', 0);
  const g = m('g', 0);

  // Drivers: auto value, the override typed for the year, the value carried from earlier years, effective.
  for (const key of DRIVER_KEYS) {
    if (key === 'operating_revenue_yoy') {
      model.add(
        `${key}_auto`,
        each((i) => `=${m('start_growth', 0)}+(${g}-${m('start_growth', 0)})*${i / (FORECAST_YEARS - 1)}`),
      );
    } else {
      const ratio = RATIO_ROW[key];
      const mean = `AVERAGE(${history.ref(ratio, last - 2)}:${history.at(ratio, last)})`;
      model.add(
        `${key}_auto`,
        each(() =>
          key === 'income_tax_to_total_profit'
            ? `=MIN(1,MAX(0,IFERROR(${mean},${DEFAULT_TAX_RATE})))`
            : `=MAX(0,IFERROR(${mean},0))`,
        ),
      );
    }
    model.add(
      `${key}_override`,
      each((i) => SAMPLE_OVERRIDES[years[i] as number]?.[key] ?? null),
    );
    model.add(`${key}_carried`, () =>
      each((i) =>
        i === 0
          ? `=IF(ISBLANK(${m(`${key}_override`, 0)}),"",${m(`${key}_override`, 0)})`
          : `=IF(ISBLANK(${m(`${key}_override`, i)}),${m(`${key}_carried`, i - 1)},${m(`${key}_override`, i)})`,
      ),
    );
    model.add(
      key,
      each((i) => `=IF(ISNUMBER(${m(`${key}_carried`, i)}),${m(`${key}_carried`, i)},${m(`${key}_auto`, i)})`),
    );
  }

  // The projection.
  model.add('revenue', () =>
    each((i) =>
      i === 0
        ? `=${latest('operating_revenue')}*(1+${m('operating_revenue_yoy', 0)})`
        : `=${m('revenue', i - 1)}*(1+${m('operating_revenue_yoy', i)})`,
    ),
  );
  for (const [item, ratio] of COST_DRIVERS)
    model.add(
      item,
      each((i) => `=${m('revenue', i)}*${m(ratio, i)}`),
    );
  model.add(
    'ebit',
    each((i) => `=${m('revenue', i)}-${COST_DRIVERS.map(([item]) => m(item, i)).join('-')}`),
  );
  model.add(
    'nopat',
    each((i) => `=${m('ebit', i)}*(1-${m('income_tax_to_total_profit', i)})`),
  );
  model.add(
    'da',
    each((i) => `=${m('revenue', i)}*${m('da_ratio', i)}`),
  );
  model.add(
    'capex',
    each((i) => `=${m('revenue', i)}*${m('Capex_to_Revenue_Ratio', i)}`),
  );
  for (const item of WORKING_CAPITAL)
    model.add(
      item,
      each((i) => `=${m('revenue', i)}*${m(`${item}_Ratio`, i)}`),
    );
  model.add(
    'owc',
    each(
      (i) =>
        `=${WORKING_CAPITAL_ASSETS.map((item) => m(item, i)).join('+')}-(${WORKING_CAPITAL_LIABILITIES.map((item) => m(item, i)).join('+')})`,
    ),
  );
  model.add('delta_owc', () => each((i) => `=${m('owc', i)}-${i === 0 ? latest('owc') : m('owc', i - 1)}`));
  model.add(
    'fcf',
    each((i) => `=${m('nopat', i)}+${m('da', i)}-${m('delta_owc', i)}-${m('capex', i)}`),
  );

  // The DCF.
  model.add(
    'factor',
    each((i) => `=(1+${wacc})^-${i + 1}`),
  );
  model.add(
    'pv',
    each((i) => `=${m('fcf', i)}*${m('factor', i)}`),
  );
  const lastYear = FORECAST_YEARS - 1;
  model.add('pv_sum', [`=SUM(${m('pv', 0)}:${m('pv', lastYear)})`]);
  model.add('terminal_value', [`=${m('fcf', lastYear)}*(1+${g})/(${wacc}-${g})`]);
  model.add('terminal_pv', [`=${m('terminal_value', 0)}*${m('factor', lastYear)}`]);
  model.add('enterprise_value', [`=${m('pv_sum', 0)}+${m('terminal_pv', 0)}`]);
  model.add('equity_value', [`=${m('enterprise_value', 0)}+${m('bridge', 0)}`]);
  model.add('value_per_share', [`=IF(${m('shares', 0)}>0,${m('equity_value', 0)}/${m('shares', 0)},0)`]);

  // The 5 × 5 grid: growths across (row sens_g), WACCs down (column B), values in C..G.
  const steps = Array.from({ length: 2 * SENSITIVITY_RADIUS + 1 }, (_, i) => i - SENSITIVITY_RADIUS);
  model.add('sens_g', [null, ...steps.map((step) => `=${g}+${step * GROWTH_STEP}`)]);
  const growthCell = (j: number) => m('sens_g', j + 1);
  for (const [r, step] of steps.entries()) {
    const name = `sens_${r}`;
    const w = `$B$${model.rows.length + 1}`;
    const pvSum = years.map((_, i) => `${m('fcf', i)}*(1+${w})^-${i + 1}`).join('+');
    model.add(name, [
      `=${wacc}+${step * WACC_STEP}`,
      ...steps.map((_, j) => {
        const gj = growthCell(j);
        const ev = `${pvSum}+${m('fcf', lastYear)}*(1+${gj})/(${w}-${gj})*(1+${w})^-${FORECAST_YEARS}`;
        return `=IF(AND(${w}>${gj},${w}>-1),IF(${m('shares', 0)}>0,(${ev}+${m('bridge', 0)})/${m('shares', 0)},0),"")`;
      }),
    ]);
  }
  const cellCount = [...history.rows, ...model.rows].reduce((total, row) => total + row.length, 0);
  return {
    history,
    model,
    growthOverride: { row: model.row('operating_revenue_yoy_override'), col: 2 },
    valuePerShare: { row: model.row('value_per_share'), col: 1 },
    cellCount,
  };
}
