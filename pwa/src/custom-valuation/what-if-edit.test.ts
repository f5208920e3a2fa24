import { NO_WHAT_IF } from '@fcf/engine/report';
import { describe, expect, it } from 'vitest';
import { applyEdit, countEdits, isEmptyWhatIf } from './what-if-edit.ts';

describe('applyEdit', () => {
  it('sets a driver for its year only, keeping the year’s other drivers', () => {
    const first = applyEdit(NO_WHAT_IF, { kind: 'driver', year: 2026, param: 'da_ratio', value: 0.06 });
    const second = applyEdit(first, { kind: 'driver', year: 2026, param: 'operating_revenue_yoy', value: 0.1 });
    expect(second).toEqual({ parameters: {}, overrides: { 2026: { da_ratio: 0.06, operating_revenue_yoy: 0.1 } } });
    expect(NO_WHAT_IF).toEqual({ parameters: {}, overrides: {} });
  });

  it('sets a valuation parameter', () => {
    expect(applyEdit(NO_WHAT_IF, { kind: 'parameter', param: 'wacc_manual', value: 0.09 })).toEqual({
      parameters: { wacc_manual: 0.09 },
      overrides: {},
    });
  });
});

describe('isEmptyWhatIf', () => {
  it('is true only when nothing is set', () => {
    expect(isEmptyWhatIf(NO_WHAT_IF)).toBe(true);
    expect(isEmptyWhatIf({ parameters: { wacc_manual: null }, overrides: { 2026: {} } })).toBe(true);
    expect(isEmptyWhatIf({ parameters: { wacc_manual: 0.1 }, overrides: {} })).toBe(false);
    expect(isEmptyWhatIf({ parameters: {}, overrides: { 2027: { da_ratio: 0.05 } } })).toBe(false);
  });
});

describe('countEdits', () => {
  it('does not count the platform’s own terminal value method as an edit', () => {
    const gordon = applyEdit(NO_WHAT_IF, { kind: 'terminal', method: 'gordon', ronic: null });
    expect(countEdits(gordon)).toBe(0);
    expect(countEdits(gordon, 'value_driver')).toBe(1);
    const driven = applyEdit(NO_WHAT_IF, { kind: 'terminal', method: 'value_driver', ronic: null });
    expect(countEdits(driven, 'value_driver')).toBe(0);
    expect(isEmptyWhatIf(driven, 'value_driver')).toBe(true);
  });
});
