import { formatAmount, uncertaintyView, type WhatIf, whatIfView } from '@fcf/engine/report';
import { describe, expect, it } from 'vitest';
import { DCF_CELLS, modelWorkbook, SHEETS } from './model-workbook.ts';
import { SCENARIO_SHEET } from './scenario-sheet.ts';
import { sampleBundle } from './testing/sample-bundle.ts';
import { cell, cellNumber, formulaEngine, roundTrip } from './testing/workbook-engine.ts';

const BUNDLE = sampleBundle();
const WHAT_IF: WhatIf = {
  parameters: { terminal_growth_rate_manual: 0.025 },
  overrides: { 2026: { operating_revenue_yoy: 0.08, Inventories_Ratio: 0.2 } },
};

describe('the model workbook', () => {
  const view = whatIfView(BUNDLE, WHAT_IF);
  const dcf = view.dcf;
  if (!dcf) throw new Error('the sample has a valuation');

  it('has the history, drivers, forecast and DCF sheets', () => {
    const workbook = roundTrip(modelWorkbook(view));
    expect(workbook.SheetNames).toEqual([SHEETS.dcf, SHEETS.forecast, SHEETS.drivers, SHEETS.history]);
    expect(cell(workbook, SHEETS.history, 'B1')?.v).toBe(String(view.financialData.historical[0]?.year));
    expect(cell(workbook, SHEETS.drivers, 'A2')?.v).toBe('营业收入增长率');
  });

  it('holds live formulas in the DCF cells, with the page’s figures cached', () => {
    const workbook = roundTrip(modelWorkbook(view));
    const perShare = cell(workbook, SHEETS.dcf, DCF_CELLS.valuePerShare);
    expect(perShare?.f).toBe('IF($B$5>0,B21/$B$5,"")');
    expect(formatAmount(perShare?.v as number)).toBe(formatAmount(dcf.valuation.value_per_share));
    expect(cell(workbook, SHEETS.dcf, DCF_CELLS.enterpriseValue)?.v).toBe(dcf.valuation.enterprise_value);
    expect(cell(workbook, SHEETS.dcf, DCF_CELLS.wacc)?.v).toBe(dcf.wacc);
    expect(cell(workbook, SHEETS.dcf, 'B14')?.f).toBe('(1+$B$3)^-B12');
    expect(cell(workbook, SHEETS.dcf, 'B13')?.f).toBe(`'${SHEETS.forecast}'!C18`);
    expect(cell(workbook, SHEETS.forecast, 'C2')?.f).toBe(`B2*(1+'${SHEETS.drivers}'!B2)`);
    // The reader's own settings are marked on the drivers sheet.
    const sources = Object.values(workbook.Sheets[SHEETS.drivers] ?? {}).filter((value) => value?.v === '我的设定');
    expect(sources).toHaveLength(2);
  });

  it('recalculates to the engine’s figures, and follows a changed WACC or driver as the engine does', () => {
    const engine = formulaEngine(roundTrip(modelWorkbook(view)));
    const forecastFcf = view.financialData.forecast.map((row) => row.FCFF ?? 0);
    forecastFcf.forEach((fcf, index) => {
      expect(cellNumber(engine, SHEETS.forecast, `${String.fromCharCode(67 + index)}18`)).toBeCloseTo(fcf, 8);
    });
    expect(cellNumber(engine, SHEETS.dcf, DCF_CELLS.valuePerShare)).toBeCloseTo(
      dcf.valuation.value_per_share ?? Number.NaN,
      8,
    );

    const sheet = engine.getSheetId(SHEETS.dcf) ?? 0;
    engine.setCellContents({ sheet, col: 1, row: 2 }, [[0.11]]);
    const expected = whatIfView(BUNDLE, { ...WHAT_IF, parameters: { ...WHAT_IF.parameters, wacc_manual: 0.11 } });
    expect(cellNumber(engine, SHEETS.dcf, DCF_CELLS.valuePerShare)).toBeCloseTo(
      expected.dcf?.valuation.value_per_share ?? Number.NaN,
      8,
    );

    // 2027E revenue growth on the drivers sheet: later years keep their own (inherited) values in the file.
    const drivers = engine.getSheetId(SHEETS.drivers) ?? 0;
    engine.setCellContents({ sheet: drivers, col: 3, row: 1 }, [[0.02]]);
    const withDriver = whatIfView(BUNDLE, {
      parameters: { ...WHAT_IF.parameters, wacc_manual: 0.11 },
      overrides: { ...WHAT_IF.overrides, 2027: { operating_revenue_yoy: 0.02 }, 2028: { operating_revenue_yoy: 0.08 } },
    });
    expect(cellNumber(engine, SHEETS.dcf, DCF_CELLS.valuePerShare)).toBeCloseTo(
      withDriver.dcf?.valuation.value_per_share ?? Number.NaN,
      8,
    );
  });

  it('carries the value-driver terminal value when the page uses it, RONIC following WACC by default', () => {
    const driven: WhatIf = { ...WHAT_IF, parameters: { ...WHAT_IF.parameters, terminal_value_method: 'value_driver' } };
    const drivenView = whatIfView(BUNDLE, driven);
    const engine = formulaEngine(roundTrip(modelWorkbook(drivenView)));
    expect(cellNumber(engine, SHEETS.dcf, DCF_CELLS.valuePerShare)).toBeCloseTo(
      drivenView.dcf?.valuation.value_per_share ?? Number.NaN,
      8,
    );
    expect(drivenView.dcf?.valuation.value_per_share).not.toBeCloseTo(dcf.valuation.value_per_share ?? Number.NaN, 2);
    const sheet = engine.getSheetId(SHEETS.dcf) ?? 0;
    engine.setCellContents({ sheet, col: 1, row: 2 }, [[0.11]]);
    const atWacc = whatIfView(BUNDLE, { ...driven, parameters: { ...driven.parameters, wacc_manual: 0.11 } });
    expect(cellNumber(engine, SHEETS.dcf, DCF_CELLS.valuePerShare)).toBeCloseTo(
      atWacc.dcf?.valuation.value_per_share ?? Number.NaN,
      8,
    );
    const manual = whatIfView(BUNDLE, { ...driven, parameters: { ...driven.parameters, ronic_manual: 0.2 } });
    expect(
      cellNumber(formulaEngine(roundTrip(modelWorkbook(manual))), SHEETS.dcf, DCF_CELLS.valuePerShare),
    ).toBeCloseTo(manual.dcf?.valuation.value_per_share ?? Number.NaN, 8);
  });
});

describe('the 情景与模拟 sheet', () => {
  it('carries the scenarios, the weighted value and the verdict as formulas, and the simulation’s settings and percentiles', () => {
    const quote = { price: 12, date: '2025-06-30', market_cap: null, shares: null };
    const range = uncertaintyView(BUNDLE, quote, '2025-06-30', { draws: 1000 });
    const snapshot = { ...range, scenarios: range.scenarios, simulation: range.simulation, price: range.price };
    const workbook = roundTrip(modelWorkbook(whatIfView(BUNDLE, WHAT_IF), snapshot));
    expect(workbook.SheetNames).toContain(SCENARIO_SHEET);
    const engine = formulaEngine(workbook);
    const sheetId = engine.getSheetId(SCENARIO_SHEET) ?? -1;
    const values = engine.getSheetValues(sheetId);
    const rowOf = (label: string) => values.findIndex((row) => row[0] === label);
    expect(values[rowOf('情景加权价值（元）')]?.[1]).toBeCloseTo(range.weighted_value ?? Number.NaN, 9);
    expect(values[rowOf('权重合计')]?.[1]).toBeCloseTo(1, 12);
    expect(values[rowOf('结论')]?.[1]).toBe(range.verdict);
    expect(values[rowOf('P50（元）')]?.[1]).toBeCloseTo(range.simulation.p50 ?? Number.NaN, 9);
    expect(values[rowOf('随机种子')]?.[1]).toBe(range.simulation.seed);
    expect(values[rowOf('模拟次数')]?.[1]).toBe(1000);
    expect(values.slice(1, 4).map((row) => row[0])).toEqual(['悲观', '基准', '乐观']);
  });
});
