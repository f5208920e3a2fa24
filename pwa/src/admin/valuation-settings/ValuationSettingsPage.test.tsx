import { RISK_FREE_RATE_MESSAGE, RISK_FREE_SOURCE } from '@fcf/engine';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../api/http.ts';
import { byText, click, mount, query, settle, texts, typeInto, unmountAll } from '../../testing/dom.tsx';
import {
  type RiskFreeRateRow,
  readPlatformSettings,
  readRiskFreeRates,
  restoreRiskFreeRate,
  savePlatformSettings,
  saveRiskFreeRate,
} from './settings-api.ts';
import ValuationSettingsPage from './ValuationSettingsPage.tsx';

vi.mock('./settings-api.ts', () => ({
  readPlatformSettings: vi.fn(),
  savePlatformSettings: vi.fn(),
  readRiskFreeRates: vi.fn(),
  saveRiskFreeRate: vi.fn(),
  restoreRiskFreeRate: vi.fn(),
}));

const seedRow = (year: number, rate: number): RiskFreeRateRow => ({
  year,
  rate,
  source: RISK_FREE_SOURCE,
  seed_rate: rate,
  edited_by: null,
  edited_at: null,
});
const TABLE = { rates: [seedRow(2023, 0.0256), seedRow(2024, 0.0168)], seed_source: RISK_FREE_SOURCE };

const rateInput = () => query<HTMLInputElement>(document, 'input[inputmode="decimal"]');
const yearInput = () => query<HTMLInputElement>(document, 'input[inputmode="numeric"]');
const ratesForm = () => query<HTMLFormElement>(document, 'form[aria-label="修改或新增年末收益率"]');
const submit = (form: HTMLFormElement) =>
  act(() => {
    form.requestSubmit();
  });

async function openPage() {
  mount(<ValuationSettingsPage />);
  await settle();
}

beforeEach(() => {
  vi.mocked(readPlatformSettings).mockResolvedValue({
    terminal_value_method: 'gordon',
    seed_terminal_value_method: 'gordon',
  });
  vi.mocked(readRiskFreeRates).mockResolvedValue(TABLE);
});
afterEach(() => {
  unmountAll();
  vi.clearAllMocks();
});

describe('估值设定', () => {
  it('shows the seed’s Gordon formula as the default and saves the value driver instead', async () => {
    vi.mocked(savePlatformSettings).mockResolvedValue({
      terminal_value_method: 'value_driver',
      seed_terminal_value_method: 'gordon',
    });
    await openPage();
    const radios = [...document.querySelectorAll<HTMLInputElement>('input[name="terminal-value-method"]')];
    expect(radios.map((radio) => [radio.value, radio.checked])).toEqual([
      ['gordon', true],
      ['value_driver', false],
    ]);
    expect(texts(radios[0]?.closest('label') ?? document, '.upload-chip')).toEqual(['种子默认', '当前']);
    const save = byText(document, 'button', '保存');
    expect(save.getAttribute('aria-disabled')).toBe('true');
    click(save);
    expect(savePlatformSettings).not.toHaveBeenCalled();
    click(radios[1] as HTMLInputElement);
    expect(save.getAttribute('aria-disabled')).toBe('false');
    click(save);
    await settle();
    expect(savePlatformSettings).toHaveBeenCalledWith('value_driver');
    expect(query(document, '[role="status"]').textContent).toContain('默认终值方法已保存');
    expect(texts(radios[1]?.closest('label') ?? document, '.upload-chip')).toEqual(['当前']);
  });

  it('sends a choice submitted while the last save is on the way after it, not dropped', async () => {
    const answers: Array<(method: 'gordon' | 'value_driver') => void> = [];
    vi.mocked(savePlatformSettings).mockImplementation(
      (method) =>
        new Promise((resolve) => {
          answers.push(() => resolve({ terminal_value_method: method, seed_terminal_value_method: 'gordon' }));
        }),
    );
    await openPage();
    const radios = [...document.querySelectorAll<HTMLInputElement>('input[name="terminal-value-method"]')];
    const save = byText(document, 'button', '保存');
    click(radios[1] as HTMLInputElement);
    click(save);
    // Back to Gordon and submitted before the server has answered the value driver.
    click(radios[0] as HTMLInputElement);
    click(save);
    expect(vi.mocked(savePlatformSettings).mock.calls).toEqual([['value_driver']]);
    await act(async () => answers[0]?.('value_driver'));
    expect(vi.mocked(savePlatformSettings).mock.calls).toEqual([['value_driver'], ['gordon']]);
    expect(radios[0]?.checked).toBe(true);
    await act(async () => answers[1]?.('gordon'));
    await settle();
    expect(texts(radios[0]?.closest('label') ?? document, '.upload-chip')).toEqual(['种子默认', '当前']);
    expect(query(document, '[role="status"]').textContent).toContain('默认终值方法已保存');
  });

  it('lists the year-ends newest first with their source, and edits one from the keyboard', async () => {
    const edited = {
      ...TABLE,
      rates: [
        seedRow(2023, 0.0256),
        {
          ...seedRow(2024, 0.0168),
          rate: 0.03,
          source: '中债',
          edited_by: 'admin',
          edited_at: '2026-11-28T06:00:00.000Z',
        },
      ],
    };
    vi.mocked(saveRiskFreeRate).mockResolvedValue(edited);
    await openPage();
    const rows = [...document.querySelectorAll('[data-testid="risk-free-rates"] tbody tr')];
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual(['2024', '2023']);
    expect(rows[0]?.textContent).toContain('1.68%');
    expect(rows[0]?.textContent).toContain('中债国债收益率曲线');

    click(query(document, '[aria-label="修改 2024 年末收益率"]'));
    expect(yearInput().value).toBe('2024');
    expect(rateInput().value).toBe('1.68');
    expect(document.activeElement).toBe(rateInput());
    typeInto(rateInput(), '3');
    typeInto(query<HTMLInputElement>(document, 'input[placeholder="管理员录入"]'), '中债');
    submit(ratesForm());
    await settle();
    expect(saveRiskFreeRate).toHaveBeenCalledWith({ year: 2024, rate: 0.03, source: '中债' });
    const first = query(document, '[data-testid="risk-free-rates"] tbody tr');
    expect(first.textContent).toContain('3.00%');
    expect(first.textContent).toContain('（内置 1.68%）');
    expect(first.textContent).toContain('admin');
    expect(yearInput().value).toBe('');

    vi.mocked(restoreRiskFreeRate).mockResolvedValue(TABLE);
    click(query(document, '[aria-label="恢复 2024 年末收益率为内置值"]'));
    await settle();
    expect(restoreRiskFreeRate).toHaveBeenCalledWith(2024);
    expect(query(document, '[data-testid="risk-free-rates"] tbody tr').textContent).toContain('1.68%');
  });

  it('refuses a yield outside 0%–20% before sending it, and shows the server’s refusal', async () => {
    await openPage();
    typeInto(yearInput(), '2025');
    typeInto(rateInput(), '25');
    submit(ratesForm());
    expect(query(document, '[role="alert"]').textContent).toBe(RISK_FREE_RATE_MESSAGE);
    expect(saveRiskFreeRate).not.toHaveBeenCalled();

    vi.mocked(saveRiskFreeRate).mockRejectedValue(new ApiRequestError('http', '需要管理员权限', 403));
    typeInto(rateInput(), '1.65');
    submit(ratesForm());
    await settle();
    expect(saveRiskFreeRate).toHaveBeenCalledWith({ year: 2025, rate: 0.0165 });
    expect(query(document, '[role="alert"]').textContent).toBe('保存失败：需要管理员权限');
  });
});
