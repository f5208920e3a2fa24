import { describe, expect, it } from 'vitest';
import { dataDateSpec, dataDateText } from './data-date-spec.ts';

describe('the data date beside a value per share', () => {
  it('reads 基于 2019 年报', () => {
    expect(dataDateText(2019)).toBe('基于 2019 年报');
    expect(dataDateSpec(2019, []).text).toBe('基于 2019 年报');
  });

  it('is amber when the value carries the stale_report warning', () => {
    const stale = dataDateSpec(2019, [{ code: 'negative_equity_value' }, { code: 'stale_report' }]);
    expect(stale.stale).toBe(true);
    expect(stale.reason).toContain('2019');
    expect(dataDateSpec(2019, [{ code: 'negative_equity_value' }])).toEqual({
      text: '基于 2019 年报',
      stale: false,
      reason: null,
    });
  });

  it('without warnings, follows the engine rule: stale more than 18 months after the fiscal year end', () => {
    expect(dataDateSpec(2024, null, '2026-06-30').stale).toBe(false);
    expect(dataDateSpec(2024, null, '2026-07-01').stale).toBe(true);
    expect(dataDateSpec(2019, null, '2026-01-01').stale).toBe(true);
    expect(dataDateSpec(2025, null, '2026-11-24').stale).toBe(false);
    expect(dataDateSpec(2019, null).stale).toBe(false);
  });

  it('reads 基于 2022 三季报 (TTM) for a value on the trailing twelve months, stale 18 months after its quarter', () => {
    expect(dataDateText(2022, '2022-09-30')).toBe('基于 2022 三季报 (TTM)');
    expect(dataDateText(2023, '2023-03-31')).toBe('基于 2023 一季报 (TTM)');
    expect(dataDateText(2022, '2022-06-30')).toBe('基于 2022 中报 (TTM)');
    expect(dataDateSpec(2022, null, '2024-03-31', '2022-09-30').stale).toBe(false);
    expect(dataDateSpec(2022, null, '2024-04-01', '2022-09-30')).toEqual({
      text: '基于 2022 三季报 (TTM)',
      stale: true,
      reason: '数据较旧：最新报告期为 2022 三季报，距今已超过 18 个月',
    });
  });
});
