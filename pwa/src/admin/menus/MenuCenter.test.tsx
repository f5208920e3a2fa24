import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, mount, query, settle, texts, unmountAll } from '../../testing/dom.tsx';
import { RouterProvider } from '../../ui/router.tsx';
import MenuCenter, { menuTab } from './MenuCenter.tsx';
import { fetchCoreMenus, fetchTopMenus } from './menus-api.ts';

vi.mock('./menus-api.ts', () => ({ fetchTopMenus: vi.fn(), fetchCoreMenus: vi.fn() }));

const statusValues = () => texts(document, '.menu-status dd');
const activeTab = () => query(document, '.menu-tabs a[aria-current="page"]').textContent;

async function openAt(path: string) {
  window.history.pushState(null, '', path);
  mount(
    <RouterProvider>
      <MenuCenter />
    </RouterProvider>,
  );
  await settle();
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  vi.mocked(fetchTopMenus).mockResolvedValue([
    { id: 1, name: '首页', link: '/', isGroup: false, sort_order: 1, children: [] },
  ]);
  vi.mocked(fetchCoreMenus).mockResolvedValue([
    {
      id: 3,
      name: 'ROE-ROIC分析',
      path: 'roe-roic',
      link: 'roe-roic',
      description: null,
      order_index: 1,
      sort_order: 1,
    },
    {
      id: 4,
      name: 'DCF估值',
      path: 'fcf-valuation',
      link: 'fcf-valuation',
      description: null,
      order_index: 2,
      sort_order: 2,
    },
  ]);
});

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
  window.history.pushState(null, '', '/');
});

describe('MenuCenter', () => {
  it('decides the tab from the path, the top menu by default', () => {
    expect(menuTab('/admin/menus')).toBe('top');
    expect(menuTab('/admin/menus/top')).toBe('top');
    expect(menuTab('/admin/menus/left')).toBe('left');
    expect(menuTab('/admin/menus/left/')).toBe('left');
  });

  it('shows the top menu and its status at /admin/menus', async () => {
    await openAt('/admin/menus');
    expect(activeTab()).toBe('顶部菜单');
    expect(query(document, '.menu-manager h2').textContent).toBe('顶部菜单');
    expect(statusValues()).toEqual(['服务器', '已加载', '1']);
  });

  it('switches to the left menu through its tab link', async () => {
    await openAt('/admin/menus/top');
    const left = byText(document, '.menu-tabs a', '左侧菜单');
    expect(left.getAttribute('href')).toBe('/admin/menus/left');
    click(left);
    await settle();
    expect(window.location.pathname).toBe('/admin/menus/left');
    expect(activeTab()).toBe('左侧菜单');
    expect(query(document, '.menu-manager h2').textContent).toBe('左侧菜单');
    expect(statusValues()).toEqual(['服务器', '已加载', '2']);
  });

  it('reports a failed load in the status card', async () => {
    vi.mocked(fetchCoreMenus).mockRejectedValueOnce(new Error('down'));
    await openAt('/admin/menus/left');
    expect(statusValues()).toEqual(['服务器', '加载失败', '0']);
  });
});
