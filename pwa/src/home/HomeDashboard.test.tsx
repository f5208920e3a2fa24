import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, mount, unmountAll } from '../testing/dom.tsx';
import { HomeDashboard } from './HomeDashboard.tsx';

const cards = () => [...document.querySelectorAll<HTMLAnchorElement>('a.home-card')];

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

describe('HomeDashboard', () => {
  it('shows the title and the eight destinations in order', () => {
    mount(<HomeDashboard />);
    expect(document.querySelector('h1')?.textContent).toBe('FCF估值研究平台');
    expect(
      cards().map((card) => [
        card.querySelector('.home-card__title')?.firstChild?.textContent,
        card.getAttribute('href'),
      ]),
    ).toEqual([
      ['估值报告', '/valuation-home'],
      ['自定义参数估值', '/valuation-custom'],
      ['公司数据对比', '/company-comparison'],
      ['行业研究报告', '/industry-research'],
      ['WACC查询工具', '/wacc-tool'],
      ['美股估值', '/us-valuation'],
      ['港股估值', '/hk-valuation'],
      ['估值模型', '/valuation-model'],
    ]);
    for (const card of cards()) {
      expect(card.target).toBe('_blank');
      expect(card.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    }
  });

  it('opens a card in a new tab and cuts the opener', () => {
    const tab = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mount(<HomeDashboard />);
    click(byText(document, 'a.home-card', 'WACC查询工具'));
    expect(open).toHaveBeenCalledWith('/wacc-tool', '_blank');
    expect(tab.opener).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it('tells the user when the browser blocks the new tab', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mount(<HomeDashboard />);
    click(byText(document, 'a.home-card', '估值报告'));
    expect(alert).toHaveBeenCalledWith('弹出窗口被浏览器拦截，请允许本站弹出窗口后重试');
  });
});
