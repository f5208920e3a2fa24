import { HyperFormula } from 'hyperformula';
import type { StoryInputs } from '../valuation/models/story.ts';
import type { StoryParameterKey } from '../valuation/parameter-rules.ts';

/**
 * The story model written as spreadsheet formulas (HyperFormula), the way an analyst would lay out
 * Damodaran's ten-year FCFF sheet, to check the engine's storyValuation against year by year. Sheet
 * `Inputs` holds the levers (name in A, value in B); sheet `Years` has one column per year (C = year 1 …
 * L = year 10) and M for the terminal year, one row per line (STORY_SHEET_ROWS).
 */

/** 1-based rows of the sheet `Years`. */
export const STORY_SHEET_ROWS = {
  year: 1,
  growth: 2,
  revenue: 3,
  operating_margin: 4,
  operating_income: 5,
  tax_rate: 6,
  loss_opening: 7,
  loss_closing: 8,
  nopat: 9,
  sales_to_capital: 10,
  reinvestment: 11,
  fcff: 12,
  cost_of_capital: 13,
  discount_factor: 14,
  pv: 15,
  terminal_value: 16,
} as const;

/** Cells of the valuation below the table, in column B. */
export const STORY_SHEET_RESULTS = { going_concern: 18, operating_assets: 19, equity_value: 20, value_per_share: 21 };

const YEAR_COLUMNS = ['C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L'] as const;
export const TERMINAL_COLUMN = 'M';

export interface StorySpreadsheet {
  /** A cell of sheet `Years`, e.g. read('C', 3) = year 1's revenue. */
  read(column: string, row: number): number;
  yearColumn(year: number): string;
}

export function buildStorySpreadsheet(inputs: StoryInputs): StorySpreadsheet {
  const keys = Object.keys(inputs) as StoryParameterKey[];
  const input = (key: StoryParameterKey) => `Inputs!$B$${keys.indexOf(key) + 1}`;
  const r = STORY_SHEET_ROWS;
  const rows: (string | number | null)[][] = Array.from({ length: STORY_SHEET_RESULTS.value_per_share }, () =>
    Array.from({ length: 13 }, () => null),
  );
  const put = (column: string, row: number, content: string | number) => {
    const line = rows[row - 1] as (string | number | null)[];
    line[column.charCodeAt(0) - 65] = content;
  };
  const todayMargin = `(${input('base_operating_income')}/${input('base_revenue')})`;
  YEAR_COLUMNS.forEach((c, index) => {
    const p = index === 0 ? null : YEAR_COLUMNS[index - 1];
    const fading = (start: StoryParameterKey, end: StoryParameterKey) =>
      `=IF(${c}1<=5,${input(start)},${input(start)}+(${input(end)}-${input(start)})*(${c}1-5)/5)`;
    put(c, r.year, index + 1);
    put(c, r.growth, fading('revenue_growth_years_1_5', 'terminal_growth'));
    put(c, r.revenue, `=${p ? `${p}${r.revenue}` : input('base_revenue')}*(1+${c}${r.growth})`);
    put(
      c,
      r.operating_margin,
      `=${todayMargin}+(${input('target_operating_margin')}-${todayMargin})*MIN(${c}1,${input('margin_convergence_year')})/${input('margin_convergence_year')}`,
    );
    put(c, r.operating_income, `=${c}${r.revenue}*${c}${r.operating_margin}`);
    put(c, r.tax_rate, fading('effective_tax_rate', 'marginal_tax_rate'));
    put(c, r.loss_opening, p ? `=${p}${r.loss_closing}` : 0);
    const ebit = `${c}${r.operating_income}`;
    const loss = `${c}${r.loss_opening}`;
    put(c, r.loss_closing, `=IF(${ebit}>0,MAX(0,${loss}-${ebit}),${loss}-${ebit})`);
    put(c, r.nopat, `=IF(${ebit}>0,${ebit}-MAX(0,${ebit}-${loss})*${c}${r.tax_rate},${ebit})`);
    put(
      c,
      r.sales_to_capital,
      `=IF(${c}1<=5,${input('sales_to_capital_years_1_5')},${input('sales_to_capital_years_6_10')})`,
    );
    const before = p ? `${p}${r.revenue}` : input('base_revenue');
    put(c, r.reinvestment, `=(${c}${r.revenue}-${before})/${c}${r.sales_to_capital}`);
    put(c, r.fcff, `=${c}${r.nopat}-${c}${r.reinvestment}`);
    put(c, r.cost_of_capital, fading('cost_of_capital_initial', 'cost_of_capital_terminal'));
    put(c, r.discount_factor, `=${p ? `${p}${r.discount_factor}` : 1}/(1+${c}${r.cost_of_capital})`);
    put(c, r.pv, `=${c}${r.fcff}*${c}${r.discount_factor}`);
  });
  const t = TERMINAL_COLUMN;
  const g = input('terminal_growth');
  put(t, r.revenue, `=L${r.revenue}*(1+${g})`);
  put(t, r.operating_income, `=${t}${r.revenue}*${input('target_operating_margin')}`);
  put(
    t,
    r.nopat,
    `=IF(${t}${r.operating_income}>0,${t}${r.operating_income}*(1-${input('marginal_tax_rate')}),${t}${r.operating_income})`,
  );
  put(t, r.reinvestment, `=IF(${g}>0,${g}/${input('terminal_roc')}*${t}${r.nopat},0)`);
  put(t, r.fcff, `=${t}${r.nopat}-${t}${r.reinvestment}`);
  put(t, r.terminal_value, `=${t}${r.fcff}/(${input('cost_of_capital_terminal')}-${g})`);
  put(t, r.pv, `=${t}${r.terminal_value}*L${r.discount_factor}`);
  const s = STORY_SHEET_RESULTS;
  const p = input('probability_of_failure');
  put('B', s.going_concern, `=SUM(C${r.pv}:${t}${r.pv})`);
  put('B', s.operating_assets, `=B${s.going_concern}*(1-${p})+${input('distress_proceeds')}*${p}`);
  put(
    'B',
    s.equity_value,
    `=B${s.operating_assets}-${input('debt')}-${input('minority_interest')}+${input('cash')}+${input('non_operating_assets')}`,
  );
  put('B', s.value_per_share, `=B${s.equity_value}/${input('shares')}`);

  const hf = HyperFormula.buildFromSheets(
    { Inputs: keys.map((key) => [key, inputs[key]]), Years: rows },
    { licenseKey: 'gpl-v3' },
  );
  const sheet = hf.getSheetId('Years');
  if (sheet === undefined) throw new Error('no sheet Years');
  return {
    read(column, row) {
      const value = hf.getCellValue({ sheet, row: row - 1, col: column.charCodeAt(0) - 65 });
      if (typeof value !== 'number') throw new Error(`Years!${column}${row} is ${JSON.stringify(value)}`);
      return value;
    },
    yearColumn: (year) => YEAR_COLUMNS[year - 1] as string,
  };
}
