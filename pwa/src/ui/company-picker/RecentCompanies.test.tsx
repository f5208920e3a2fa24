import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, byText, click, mount, query, unmountAll } from '../../testing/dom.tsx';
import { RecentCompanies } from './RecentCompanies.tsx';
import { MAX_RECENT_COMPANIES, readRecentCompanies, recordRecentCompany } from './recent-companies.ts';

const names = () => [...document.querySelectorAll('.recent-companies__name')].map((name) => name.textContent);

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  vi.stubGlobal('fetch', vi.fn());
});
afterEach(() => {
  unmountAll();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RecentCompanies', () => {
  it('lists the companies this browser opened, newest first, once each', () => {
    recordRecentCompany({ code: '600298', name: '安琪酵母', industry: '制造业' });
    recordRecentCompany({ code: '000333', name: '美的集团', industry: '制造业' });
    recordRecentCompany({ code: '600298', name: '安琪酵母', industry: '制造业' });
    mount(<RecentCompanies onPick={() => {}} />);
    advance(300);
    expect(query(document, '.recent-companies__title').textContent).toBe('最近估值公司');
    expect(names()).toEqual(['安琪酵母', '美的集团']);
  });

  it('keeps at most 8, and survives a damaged store', () => {
    for (let index = 0; index < 10; index++) {
      recordRecentCompany({ code: String(index).padStart(6, '0'), name: `公司${index}`, industry: '其他' });
    }
    expect(readRecentCompanies().map((company) => company.name)).toEqual(
      Array.from({ length: MAX_RECENT_COMPANIES }, (_, index) => `公司${9 - index}`),
    );
    localStorage.setItem('recentCompanies', '{not json');
    expect(readRecentCompanies()).toEqual([]);
  });

  it('without any opened company: says where they will appear after 300 ms, never a made-up list, no call', () => {
    mount(<RecentCompanies onPick={() => {}} />);
    expect(query(document, '[role="status"]').textContent).toBe('加载中…');
    advance(300);
    expect(names()).toEqual([]);
    expect(query(document, '.recent-companies').textContent).toContain('打开的公司会列在这里');
    expect(query(document, '.recent-companies__title').textContent).toBe('最近估值公司');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('picks a company by name and refreshes on request', () => {
    recordRecentCompany({ code: '002352', name: '顺丰控股', industry: '交通运输' });
    const onPick = vi.fn();
    mount(<RecentCompanies onPick={onPick} />);
    advance(300);
    click(byText(document, '.recent-companies__item', '顺丰控股'));
    expect(onPick).toHaveBeenCalledWith('顺丰控股');

    click(byText(document, 'button', '刷新'));
    expect(names()).toEqual([]);
    expect(byText(document, 'button', '刷新').hasAttribute('disabled')).toBe(true);
    advance(300);
    expect(names()).toEqual(['顺丰控股']);
  });
});
