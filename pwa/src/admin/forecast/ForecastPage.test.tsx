import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../api/http.ts';
import { POPUP_BLOCKED_MESSAGE } from '../../lib/open-in-new-tab.ts';
import { byText, click, mount, query, settle, texts, typeInto, unmountAll } from '../../testing/dom.tsx';
import { companiesStatus, listFiles } from '../admin-api.ts';
import { company, statusOf, uploadedFile } from '../testing/api-answers.ts';
import ForecastPage from './ForecastPage.tsx';

vi.mock('../admin-api.ts', () => ({ companiesStatus: vi.fn(), listFiles: vi.fn() }));

/** 30 companies 公司01…公司30 with codes 600001…600030; every third lacks the balance sheet. */
const COMPANIES = Array.from({ length: 30 }, (_, index) => {
  const number = String(index + 1).padStart(2, '0');
  return company(`公司${number}`, `6000${number}`, {
    report_types: index % 3 === 0 ? ['income_statement', 'cash_flow', 'financial_summary'] : undefined,
    valued: index % 2 === 0,
  });
});

const names = () => texts(document, '.forecast-card__name');
const search = () => query<HTMLInputElement>(document, '.forecast-toolbar__search');

function choosePageSize(size: string) {
  const select = query<HTMLSelectElement>(document, '[aria-label="公司卡片分页"] select');
  act(() => {
    select.value = size;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function openPage() {
  mount(<ForecastPage />);
  await settle();
}

beforeEach(() => {
  vi.mocked(companiesStatus).mockResolvedValue(statusOf(COMPANIES));
  vi.mocked(listFiles).mockResolvedValue([
    uploadedFile(1, { company_code: '600001', year: '2019-2022' }),
    uploadedFile(2, { company_code: '600001', year: '2023' }),
  ]);
});
afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('ForecastPage', () => {
  it('shows 12 cards a page with badges and counts, and pages of 12/18/24', async () => {
    await openPage();
    expect(names()).toHaveLength(12);
    expect(names()[0]).toBe('公司01');
    const first = byText(document, '.forecast-card', '公司01');
    expect(query(first, '.forecast-badge').textContent).toBe('不完整 3/4');
    expect(texts(first, '.forecast-card__counts dd')).toEqual(['2', '2019–2023']);
    expect(query(byText(document, '.forecast-card', '公司02'), '.forecast-badge').textContent).toBe('完整 4/4');
    expect(texts(first, '.flag')).toEqual(['已估值', '已分析']);

    const sizes = query<HTMLSelectElement>(document, '[aria-label="公司卡片分页"] select');
    expect([...sizes.options].map((option) => option.value)).toEqual(['12', '18', '24']);
    click(query(document, '[aria-label="下一页"]'));
    expect(names()[0]).toBe('公司13');
    click(query(document, '[aria-label="第 3 页"]'));
    expect(names()).toEqual(['公司25', '公司26', '公司27', '公司28', '公司29', '公司30']);
    choosePageSize('24');
    expect(names()).toHaveLength(24);
    expect(names()[0]).toBe('公司01');
  });

  it('searches by name or code and starts again from page 1', async () => {
    await openPage();
    click(query(document, '[aria-label="第 2 页"]'));
    typeInto(search(), '公司2');
    expect(names()).toEqual([
      '公司20',
      '公司21',
      '公司22',
      '公司23',
      '公司24',
      '公司25',
      '公司26',
      '公司27',
      '公司28',
      '公司29',
    ]);
    typeInto(search(), '600007');
    expect(names()).toEqual(['公司07']);
    typeInto(search(), '不存在');
    expect(query(document, '.forecast-empty').textContent).toBe('没有符合条件的公司。');
  });

  it('opens the parameter page in a new tab, and alerts when the pop-up is blocked', async () => {
    const tab = { opener: {} } as Window;
    const open = vi.spyOn(window, 'open').mockReturnValueOnce(tab).mockReturnValueOnce(null);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    await openPage();
    const button = query(byText(document, '.forecast-card', '公司05'), '.forecast-card__open');
    expect(button.textContent).toContain('参数管理');
    click(button);
    expect(open).toHaveBeenCalledWith(`/fcf-parameters?company=${encodeURIComponent('公司05')}`, '_blank');
    expect(tab.opener).toBeNull();
    expect(alert).not.toHaveBeenCalled();
    click(button);
    expect(alert).toHaveBeenCalledWith(POPUP_BLOCKED_MESSAGE);
  });

  it('offers a retry when the connection fails', async () => {
    vi.mocked(companiesStatus).mockRejectedValueOnce(new ApiRequestError('network', '网络连接失败'));
    await openPage();
    const error = query(document, '.forecast-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('连接服务器失败，请检查网络后重试');
    expect(names()).toHaveLength(0);
    click(byText(error, 'button', '重试'));
    await settle();
    expect(document.querySelector('.forecast-error')).toBeNull();
    expect(names()).toHaveLength(12);
  });

  it('still shows the cards when only the file list fails', async () => {
    vi.mocked(listFiles).mockRejectedValue(new Error('boom'));
    await openPage();
    expect(names()).toHaveLength(12);
    expect(texts(byText(document, '.forecast-card', '公司01'), '.forecast-card__counts dd')).toEqual(['-', '-']);
  });
});
