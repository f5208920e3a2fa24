import { utils, type WorkBook } from '@e965/xlsx';
import type { LeverKey, ModelWhatIfView } from '@fcf/engine/report';
import {
  AMOUNT,
  FACTOR,
  formula,
  number,
  on,
  PERCENT,
  put,
  ref,
  type Sheet,
  sheet,
  text,
  toWorkSheet,
} from '../valuation-editor/workbook-cells.ts';

/**
 * The story model and excess returns as workbooks with live formulas: a sheet of the levers (change one and
 * the value per share recomputes) and a sheet of the model year by year, each formula the engine's
 * (docs/model.md section 15), each cell holding the engine's figure for viewers that do not recalculate.
 * Pure: no DOM.
 */

export const LEVER_SHEETS = { levers: '参数', years: '逐年计算' } as const;

/** Where the value per share stands on the years sheet (for readers and tests). */
export const VALUE_PER_SHARE_CELL = 'B30';

const YEARS = 10;
const FIRST_YEAR_COLUMN = 1;
const TERMINAL_COLUMN = FIRST_YEAR_COLUMN + YEARS;

/** The row (zero-based) of each lever on the levers sheet: in the page's groups, from the third row. */
function leverRows(view: ModelWhatIfView): Map<LeverKey, number> {
  const keys = view.groups.flatMap((group) => group.levers.map((lever) => lever.key));
  return new Map(keys.map((key, index) => [key, index + 2]));
}

/** A lever's cell on the levers sheet ('B5'), for readers and tests. */
export function leverCell(view: ModelWhatIfView, key: LeverKey): string {
  return ref(leverRows(view).get(key) ?? -1, 1);
}

/** The levers sheet: label, value, how it was derived; returns each lever's absolute cell. */
function leverSheet(view: ModelWhatIfView, target: Sheet): (key: LeverKey) => string {
  const cells = new Map<LeverKey, string>();
  const rows = leverRows(view);
  put(target, 0, 0, text(`${view.company.name}${view.company.code ? `（${view.company.code}）` : ''} ${view.name}`));
  put(target, 1, 0, text('参数（可修改）'));
  put(target, 1, 1, text('取值'));
  put(target, 1, 2, text('来源'));
  for (const group of view.groups) {
    for (const lever of group.levers) {
      const row = rows.get(lever.key) ?? 0;
      put(target, row, 0, text(`${lever.label}${lever.unit === '%' ? '' : `（${lever.unit}）`}`));
      put(target, row, 1, number(lever.value, lever.rule.percent ? PERCENT : lever.rule.integer ? '0' : AMOUNT));
      put(target, row, 2, text(lever.basis));
      cells.set(lever.key, on(LEVER_SHEETS.levers, ref(row, 1, true)));
    }
  }
  return (key) => {
    const cell = cells.get(key);
    if (!cell) throw new Error(`no lever ${key}`);
    return cell;
  };
}

type Line = { readonly label: string; readonly key: string; readonly format?: string };

/** Puts a line's label, and its formula in each year's column (and the terminal one, where given). */
function lines(target: Sheet, layout: readonly Line[]) {
  const rowOf = (key: string) => layout.findIndex((line) => line.key === key) + 2;
  layout.forEach((line, index) => {
    put(target, index + 2, 0, text(line.label));
  });
  return rowOf;
}

function yearHeader(target: Sheet, columns: readonly string[]) {
  put(target, 0, 0, text('项目'));
  columns.forEach((column, index) => {
    put(target, 0, FIRST_YEAR_COLUMN + index, text(column));
  });
  put(target, 1, 0, text('年数 t'));
  for (let t = 1; t <= YEARS; t++) put(target, 1, FIRST_YEAR_COLUMN + t - 1, { t: 'n', v: t });
}

const rowValues = (view: ModelWhatIfView, key: string) =>
  view.result?.rows.find((row) => row.key === key)?.values ?? [];
const figure = (view: ModelWhatIfView, key: string) => view.result?.figures.find((f) => f.key === key)?.value ?? null;

const STORY_LINES: readonly Line[] = [
  { label: '营业收入增长率', key: 'growth', format: PERCENT },
  { label: '营业收入', key: 'revenue' },
  { label: '营业利润率', key: 'operating_margin', format: PERCENT },
  { label: '营业利润（EBIT）', key: 'operating_income' },
  { label: '税率', key: 'tax_rate', format: PERCENT },
  { label: '期初累计亏损', key: 'loss_opening' },
  { label: '期末累计亏损', key: 'loss_closing' },
  { label: '税后营业利润', key: 'nopat' },
  { label: '销售额/投入资本', key: 'sales_to_capital' },
  { label: '再投资', key: 'reinvestment' },
  { label: '自由现金流（FCFF）', key: 'fcff' },
  { label: '资本成本', key: 'cost_of_capital', format: PERCENT },
  { label: '累计折现系数', key: 'discount_factor', format: FACTOR },
  { label: '现值', key: 'pv' },
  { label: '终值', key: 'terminal_value' },
];

function storyYears(view: ModelWhatIfView, target: Sheet, lever: (key: LeverKey) => string): void {
  const row = lines(target, STORY_LINES);
  const at = (key: string, column: number) => ref(row(key), column);
  const today = `(${lever('base_operating_income')}/${lever('base_revenue')})`;
  for (let t = 1; t <= YEARS; t++) {
    const c = FIRST_YEAR_COLUMN + t - 1;
    const year = ref(1, c);
    const fading = (start: LeverKey, end: LeverKey) =>
      `IF(${year}<=5,${lever(start)},${lever(start)}+(${lever(end)}-${lever(start)})*(${year}-5)/5)`;
    const previousRevenue = t === 1 ? lever('base_revenue') : at('revenue', c - 1);
    const ebit = at('operating_income', c);
    const loss = at('loss_opening', c);
    const cached = (key: string) => rowValues(view, key)[t - 1];
    const cell = (key: string, expression: string, value: number | null | undefined) =>
      put(target, row(key), c, formula(expression, value, STORY_LINES.find((l) => l.key === key)?.format));
    cell('growth', fading('revenue_growth_years_1_5', 'terminal_growth'), cached('growth'));
    cell('revenue', `${previousRevenue}*(1+${at('growth', c)})`, cached('revenue'));
    cell(
      'operating_margin',
      `${today}+(${lever('target_operating_margin')}-${today})*MIN(${year},${lever('margin_convergence_year')})/${lever('margin_convergence_year')}`,
      cached('operating_margin'),
    );
    cell('operating_income', `${at('revenue', c)}*${at('operating_margin', c)}`, cached('operating_income'));
    cell('tax_rate', fading('effective_tax_rate', 'marginal_tax_rate'), cached('tax_rate'));
    cell('loss_opening', t === 1 ? '0' : at('loss_closing', c - 1), null);
    cell('loss_closing', `IF(${ebit}>0,MAX(0,${loss}-${ebit}),${loss}-${ebit})`, null);
    cell('nopat', `IF(${ebit}>0,${ebit}-MAX(0,${ebit}-${loss})*${at('tax_rate', c)},${ebit})`, cached('nopat'));
    cell(
      'sales_to_capital',
      `IF(${year}<=5,${lever('sales_to_capital_years_1_5')},${lever('sales_to_capital_years_6_10')})`,
      null,
    );
    cell(
      'reinvestment',
      `(${at('revenue', c)}-${previousRevenue})/${at('sales_to_capital', c)}`,
      cached('reinvestment'),
    );
    cell('fcff', `${at('nopat', c)}-${at('reinvestment', c)}`, cached('fcff'));
    cell('cost_of_capital', fading('cost_of_capital_initial', 'cost_of_capital_terminal'), cached('cost_of_capital'));
    const before = t === 1 ? '1' : at('discount_factor', c - 1);
    cell('discount_factor', `${before}/(1+${at('cost_of_capital', c)})`, cached('discount_factor'));
    cell('pv', `${at('fcff', c)}*${at('discount_factor', c)}`, cached('pv'));
  }
  const c = TERMINAL_COLUMN;
  const last = c - 1;
  const g = lever('terminal_growth');
  const terminal = (key: string) => rowValues(view, key)[YEARS];
  const cell = (key: string, expression: string, value: number | null | undefined) =>
    put(target, row(key), c, formula(expression, value));
  cell('revenue', `${at('revenue', last)}*(1+${g})`, terminal('revenue'));
  cell('operating_income', `${at('revenue', c)}*${lever('target_operating_margin')}`, null);
  const income = at('operating_income', c);
  cell('nopat', `IF(${income}>0,${income}*(1-${lever('marginal_tax_rate')}),${income})`, terminal('nopat'));
  cell('reinvestment', `IF(${g}>0,${g}/${lever('terminal_roc')}*${at('nopat', c)},0)`, terminal('reinvestment'));
  cell('fcff', `${at('nopat', c)}-${at('reinvestment', c)}`, terminal('fcff'));
  cell('terminal_value', `${at('fcff', c)}/(${lever('cost_of_capital_terminal')}-${g})`, terminal('terminal_value'));
  cell('pv', `${at('terminal_value', c)}*${at('discount_factor', last)}`, terminal('pv'));
  const pvs = `SUM(${at('pv', FIRST_YEAR_COLUMN)}:${at('pv', c)})`;
  const p = lever('probability_of_failure');
  results(target, [
    ['持续经营价值', pvs, figure(view, 'going_concern_value')],
    ['经营资产价值', `B26*(1-${p})+${lever('distress_proceeds')}*${p}`, figure(view, 'operating_assets')],
    [
      '股权价值',
      `B27-${lever('debt')}-${lever('minority_interest')}+${lever('cash')}+${lever('non_operating_assets')}`,
      view.result?.equity_value,
    ],
    ['总股本（亿股）', lever('shares'), view.result?.shares],
    ['每股价值（元）', `IF(AND(B29>0,B28>0),B28/B29,0)`, view.result?.value_per_share],
  ]);
}

/** Rows 26–30 under the table: the valuation's result lines, as formulas. */
function results(target: Sheet, lines: readonly [string, string, number | null | undefined][]) {
  lines.forEach(([label, expression, cached], index) => {
    put(target, 25 + index, 0, text(label));
    put(target, 25 + index, 1, formula(expression, cached));
  });
}

const ER_LINES: readonly Line[] = [
  { label: 'ROE', key: 'roe', format: PERCENT },
  { label: '期初净资产', key: 'opening_book_equity' },
  { label: '净利润', key: 'net_income' },
  { label: '期末净资产', key: 'closing_book_equity' },
  { label: '分红', key: 'dividends' },
  { label: '股权成本（Ke × 期初净资产）', key: 'equity_charge' },
  { label: '超额收益', key: 'excess_return' },
  { label: '折现系数', key: 'discount_factor', format: FACTOR },
  { label: '现值', key: 'pv' },
  { label: '终值', key: 'terminal_value' },
];

function excessReturnYears(view: ModelWhatIfView, target: Sheet, lever: (key: LeverKey) => string): void {
  const row = lines(target, ER_LINES);
  const at = (key: string, column: number) => ref(row(key), column);
  const detail = view.result?.model === 'excess_return' ? view.result.detail : null;
  const book = detail?.inputs.bookEquity ?? 0;
  put(target, 23, 0, text('期初归属于普通股股东的净资产（亿元）'));
  put(target, 23, 1, number(book));
  const bv0 = ref(23, 1, true);
  const ke = lever('cost_of_equity');
  const g = lever('terminal_growth_rate_manual');
  for (let t = 1; t <= YEARS; t++) {
    const c = FIRST_YEAR_COLUMN + t - 1;
    const year = ref(1, c);
    const cached = (key: string) => rowValues(view, key)[t - 1];
    const cell = (key: string, expression: string, value: number | null | undefined) =>
      put(target, row(key), c, formula(expression, value, ER_LINES.find((l) => l.key === key)?.format));
    cell(
      'roe',
      `${lever('normalised_roe')}+(${lever('sustainable_roe')}-${lever('normalised_roe')})*${year}/${YEARS}`,
      cached('roe'),
    );
    cell('opening_book_equity', t === 1 ? bv0 : at('closing_book_equity', c - 1), cached('opening_book_equity'));
    cell('net_income', `${at('roe', c)}*${at('opening_book_equity', c)}`, cached('net_income'));
    cell(
      'closing_book_equity',
      `${at('opening_book_equity', c)}*(1+${g})`,
      detail?.valuation.years[t - 1]?.closing_book_equity,
    );
    cell(
      'dividends',
      `${at('net_income', c)}-(${at('closing_book_equity', c)}-${at('opening_book_equity', c)})`,
      cached('dividends'),
    );
    cell('equity_charge', `${ke}*${at('opening_book_equity', c)}`, cached('equity_charge'));
    cell('excess_return', `${at('net_income', c)}-${at('equity_charge', c)}`, cached('excess_return'));
    cell('discount_factor', `(1+${ke})^-${year}`, cached('discount_factor'));
    cell('pv', `${at('excess_return', c)}*${at('discount_factor', c)}`, cached('pv'));
  }
  const c = TERMINAL_COLUMN;
  const last = c - 1;
  const terminal = (key: string) => rowValues(view, key)[YEARS];
  put(target, 0, c, text('永续期'));
  put(
    target,
    row('excess_return'),
    c,
    formula(`(${lever('sustainable_roe')}-${ke})*${at('closing_book_equity', last)}`, terminal('excess_return')),
  );
  put(target, row('terminal_value'), c, formula(`${at('excess_return', c)}/(${ke}-${g})`, terminal('terminal_value')));
  put(target, row('pv'), c, formula(`${at('terminal_value', c)}*${at('discount_factor', last)}`, terminal('pv')));
  results(target, [
    ['超额收益现值合计（含终值）', `SUM(${at('pv', FIRST_YEAR_COLUMN)}:${at('pv', c)})`, null],
    ['股权价值', `${bv0}+B26`, view.result?.equity_value],
    ['估值对应市净率（P/B）', `IF(${bv0}>0,B27/${bv0},0)`, figure(view, 'implied_pb')],
    ['总股本（亿股）', lever('total_shares_manual'), view.result?.shares],
    ['每股价值（元）', `IF(AND(B29>0,B27>0),B27/B29,0)`, view.result?.value_per_share],
  ]);
}

/** The model's workbook; throws when the levers admit no valuation (nothing to export). */
export function leverModelWorkbook(view: ModelWhatIfView): WorkBook {
  if (!view.result) throw new Error('no valuation to export');
  const levers = sheet();
  const lever = leverSheet(view, levers);
  const years = sheet();
  yearHeader(years, view.result.columns);
  if (view.model === 'story') storyYears(view, years, lever);
  else excessReturnYears(view, years, lever);
  const workbook = utils.book_new();
  utils.book_append_sheet(workbook, toWorkSheet(years, [30, ...view.result.columns.map(() => 13)]), LEVER_SHEETS.years);
  utils.book_append_sheet(workbook, toWorkSheet(levers, [34, 14, 60]), LEVER_SHEETS.levers);
  workbook.Props = { Title: `${view.company.name} ${view.name}`, Author: '自由现金流估值平台' };
  return workbook;
}
