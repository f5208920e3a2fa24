import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, mount, unmountAll } from '../testing/dom.tsx';
import { RouterProvider } from '../ui/router.tsx';
import { HomeDashboard } from './HomeDashboard.tsx';

const mountHome = () =>
  mount(
    <RouterProvider>
      <HomeDashboard />
    </RouterProvider>,
  );

const cards = () => [...document.querySelectorAll<HTMLAnchorElement>('a.home-card')];

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

describe('HomeDashboard', () => {
  it('shows the title, the live destinations in order, and the rest in one 即将推出 row', () => {
    mountHome();
    expect(document.querySelector('h1')?.textContent).toBe('FCF估值研究平台');
    expect(
      cards().map((card) => [
        card.querySelector('.home-card__title')?.firstChild?.textContent,
        card.getAttribute('href'),
      ]),
    ).toEqual([
      ['估值报告', '/valuation-home'],
      ['自定义参数估值', '/valuation-custom'],
      ['公司数据对比', '/compare'],
      ['行业研究报告', '/industry-research'],
      ['WACC查询工具', '/wacc'],
      ['估值模型', '/valuation-model'],
    ]);
    expect(document.querySelector('.home-dashboard__soon')?.textContent).toBe('即将推出美股估值 · 港股估值');
    for (const card of cards()) {
      expect(card.target).toBe('_blank');
      expect(card.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    }
  });

  it('opens a card in a new tab and cuts the opener', () => {
    const tab = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mountHome();
    click(byText(document, 'a.home-card', '行业研究报告'));
    expect(open).toHaveBeenCalledWith('/industry-research', '_blank');
    expect(tab.opener).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it('tells the user when the browser blocks the new tab', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mountHome();
    click(byText(document, 'a.home-card', '估值报告'));
    expect(alert).toHaveBeenCalledWith('弹出窗口被浏览器拦截，请允许本站弹出窗口后重试');
  });

  it('opens a card in the app, not a new tab, when installed (display-mode standalone)', () => {
    const open = vi.spyOn(window, 'open');
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query === '(display-mode: standalone)', media: query }) as MediaQueryList,
    );
    window.history.replaceState(null, '', '/');
    mountHome();
    const card = byText(document, 'a.home-card', '行业研究报告');
    expect(card.getAttribute('target')).toBeNull();
    click(card);
    expect(open).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/industry-research');
  });
});
