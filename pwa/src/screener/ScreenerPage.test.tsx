import 'fake-indexeddb/auto';
import type { ScreenerModel, WarningCode } from '@fcf/engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openStore } from '../store/db.ts';
import { click, mount, query, texts, unmountAll, waitUntil } from '../testing/dom.tsx';
import { quoteRow, screenerModel, screenerRow } from '../testing/synced-rows.ts';
import { RouterProvider } from '../ui/router.tsx';
import ScreenerPage from './ScreenerPage.tsx';

/** 估值筛选 on the device's copy: the model and verdict columns, the filters, what is hidden and shown. */

const MIDEA = '000333';
const BANK = '601166';
const LOSS = '002202';

const model = (code: string, name: string, extra: Partial<ScreenerModel>) =>
  screenerModel(code, name, {
    industry: code === BANK ? '金融业' : '制造业',
    model: 'fcff',
    latest_year: 2024,
    ...extra,
  });

const rows = (code: string, price: number, screener: ScreenerModel) => [
  quoteRow(code, price, '2099-01-01'),
  screenerRow(code, screener),
];

const warning = (code: WarningCode, message: string) => ({ code, message });

beforeEach(async () => {
  vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  // jsdom lays nothing out: the virtual list gets a viewport to fill.
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(390);
  const db = await openStore();
  if (!db) throw new Error('IndexedDB');
  await db.syncRows.clear();
  await db.syncRows.bulkPut([
    ...rows(
      MIDEA,
      50,
      model(MIDEA, '美的集团', { range: { rating: '中', required_margin: 0.3, weighted_value: 100 } }),
    ),
    ...rows(
      BANK,
      40,
      model(BANK, '兴业银行', {
        model: 'excess_return',
        valuePerShare: 30,
        flags: ['financial_company'],
        warnings: [warning('financial_company', '金融企业：以超额收益模型估值')],
      }),
    ),
    ...rows(
      LOSS,
      10,
      model(LOSS, '金风科技', {
        valuePerShare: null,
        flags: ['negative_equity_value'],
        warnings: [warning('negative_equity_value', '股权价值不为正')],
      }),
    ),
  ]);
});
afterEach(() => {
  unmountAll();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const shownCodes = () =>
  [...document.querySelectorAll('[data-testid="screener-row"]')].map((row) => row.getAttribute('data-company'));

function select(label: string): HTMLSelectElement {
  const found = [...document.querySelectorAll('label')].find((element) => element.textContent?.startsWith(label));
  const control = found?.querySelector('select');
  if (!control) throw new Error(`no select ${label}`);
  return control;
}

function choose(label: string, value: string): void {
  const control = select(label);
  control.value = value;
  control.dispatchEvent(new Event('change', { bubbles: true }));
}

async function openScreener(): Promise<void> {
  mount(
    <RouterProvider>
      <ScreenerPage />
    </RouterProvider>,
  );
  await waitUntil(() => shownCodes().length > 0, 'the rows');
}

describe('ScreenerPage', () => {
  it('shows each row’s model and its verdict with the rating; hides values that are not meaningful, with their count', async () => {
    await openScreener();
    expect(shownCodes()).toEqual([MIDEA, BANK]);
    const midea = query(document, `[data-company="${MIDEA}"]`);
    expect(query(midea, '[data-testid="screener-model"]').textContent).toBe('FCFF估值模型');
    expect(query(midea, '[data-testid="screener-verdict"]').textContent).toBe('低估不确定性中');
    const bank = query(document, `[data-company="${BANK}"]`);
    expect(query(bank, '[data-testid="screener-model"]').textContent).toContain('超额收益');
    expect(query(bank, '[data-testid="screener-verdict"]').textContent).toBe('-无结论');
    expect(query(document, '[data-testid="screener-count"]').textContent).toBe('共 2 家公司；已隐藏 1 家：估值无意义');

    const show = query<HTMLButtonElement>(document, '[data-testid="screener-show-hidden"]');
    expect(show.getAttribute('aria-pressed')).toBe('false');
    click(show);
    await waitUntil(() => shownCodes().includes(LOSS), 'the hidden row');
    expect(show.getAttribute('aria-pressed')).toBe('true');
    expect(show.textContent).toBe('隐藏估值无意义的公司');
    expect(query(document, `[data-company="${LOSS}"] .screener__margin`).textContent).toContain('不适用');
    expect(query(document, '[data-testid="screener-count"]').textContent).toBe('共 3 家公司，含 1 家估值无意义');
  });

  it('filters by model, verdict and warning, in Chinese', async () => {
    await openScreener();
    expect(texts(select('估值模型'), 'option')).toEqual(['全部', 'FCFF', '超额收益', '故事模型', '无模型可估']);
    expect(texts(select('结论'), 'option')).toEqual(['全部', '低估', '合理', '高估', '无结论']);
    expect(texts(select('估值提示'), 'option')).toEqual(['全部', '无提示', '股权价值不为正', '金融企业']);

    choose('估值模型', 'excess_return');
    await waitUntil(() => shownCodes().join() === BANK, 'the excess-return rows');
    choose('估值模型', '');
    choose('结论', '低估');
    await waitUntil(() => shownCodes().join() === MIDEA, 'the undervalued rows');
    choose('结论', 'none');
    await waitUntil(() => shownCodes().join() === BANK, 'the rows without a verdict');
    choose('结论', '');
    choose('估值提示', 'financial_company');
    await waitUntil(() => shownCodes().join() === BANK, 'the rows with the warning');
    choose('估值提示', 'none');
    await waitUntil(() => shownCodes().join() === MIDEA, 'the rows without warnings');
    // The loss-making company carries its warning but stays hidden until shown: the count says so.
    choose('估值提示', 'negative_equity_value');
    await waitUntil(() => shownCodes().length === 0, 'no row');
    expect(query(document, '[data-testid="screener-count"]').textContent).toBe('共 0 家公司；已隐藏 1 家：估值无意义');
  });
});
