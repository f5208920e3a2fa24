import { type LeverKey, type LeverModelId, type LeverValues, modelWhatIfView } from '@fcf/engine/report';
import { describe, expect, it } from 'vitest';
import { ICBC_BUNDLE } from '../../../engine/src/testing/model-bundles.ts';
import { sampleBundle } from '../valuation-editor/testing/sample-bundle.ts';
import { cell, cellNumber, formulaEngine, roundTrip } from '../valuation-editor/testing/workbook-engine.ts';
import { LEVER_SHEETS, leverCell, leverModelWorkbook, VALUE_PER_SHARE_CELL } from './model-lever-workbook.ts';

const SAMPLE = sampleBundle();

/** The file recalculated: its value per share, and again with one lever changed in the file. */
function recalculated(bundle: typeof SAMPLE, model: LeverModelId, levers: LeverValues, change: [LeverKey, number]) {
  const view = modelWhatIfView(bundle, model, levers);
  const workbook = roundTrip(leverModelWorkbook(view));
  const engine = formulaEngine(workbook);
  const value = cellNumber(engine, LEVER_SHEETS.years, VALUE_PER_SHARE_CELL);
  const sheet = engine.getSheetId(LEVER_SHEETS.levers);
  const address =
    sheet === undefined ? undefined : engine.simpleCellAddressFromString(leverCell(view, change[0]), sheet);
  if (!address) throw new Error('no lever cell');
  engine.setCellContents(address, change[1]);
  const changed = cellNumber(engine, LEVER_SHEETS.years, VALUE_PER_SHARE_CELL);
  const expected = modelWhatIfView(bundle, model, { ...levers, [change[0]]: change[1] }).result?.value_per_share;
  return { view, workbook, value, changed, expected };
}

describe('the story and excess-return workbooks', () => {
  it('recalculates the story model to the engine’s value per share, and follows a lever changed in the file', () => {
    const { view, workbook, value, changed, expected } = recalculated(
      SAMPLE,
      'story',
      { revenue_growth_years_1_5: 0.12, probability_of_failure: 0.1, distress_proceeds: 50 },
      ['target_operating_margin', 0.3],
    );
    expect(value).toBeCloseTo(view.result?.value_per_share ?? Number.NaN, 6);
    expect(changed).toBeCloseTo(expected ?? Number.NaN, 6);
    expect(changed).not.toBeCloseTo(value, 3);
    // Live formulas with the page's figure cached for viewers that do not recalculate.
    const target = cell(workbook, LEVER_SHEETS.years, VALUE_PER_SHARE_CELL);
    expect(target?.f).toBeDefined();
    expect(target?.v).toBeCloseTo(view.result?.value_per_share ?? Number.NaN, 6);
  });

  it('recalculates 工商银行’s excess returns to the engine’s, and follows a cost of equity changed in the file', () => {
    const { view, value, changed, expected } = recalculated(ICBC_BUNDLE, 'excess_return', { sustainable_roe: 0.1 }, [
      'cost_of_equity',
      0.075,
    ]);
    expect(value).toBeCloseTo(view.result?.value_per_share ?? Number.NaN, 6);
    expect(changed).toBeCloseTo(expected ?? Number.NaN, 6);
    expect(changed).toBeGreaterThan(value);
  });
});
