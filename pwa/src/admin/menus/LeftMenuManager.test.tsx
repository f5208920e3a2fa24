import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../api/http.ts';
import {
  advance,
  byText,
  click,
  mount,
  press,
  query,
  settle,
  texts,
  typeInto,
  unmountAll,
} from '../../testing/dom.tsx';
import { LeftMenuManager } from './LeftMenuManager.tsx';
import { type AdminCoreMenu, createCoreMenu, deleteCoreMenu, fetchCoreMenus, updateCoreMenu } from './menus-api.ts';

vi.mock('./menus-api.ts', () => ({
  fetchCoreMenus: vi.fn(),
  createCoreMenu: vi.fn(),
  updateCoreMenu: vi.fn(),
  deleteCoreMenu: vi.fn(),
}));

const MENUS: AdminCoreMenu[] = [
  {
    id: 5,
    name: 'DCF估值',
    path: 'fcf-valuation',
    link: 'fcf-valuation',
    description: null,
    order_index: 5,
    sort_order: 5,
  },
  {
    id: 3,
    name: 'ROE-ROIC分析',
    path: 'roe-roic',
    link: 'roe-roic',
    description: '回报率',
    order_index: 3,
    sort_order: 3,
  },
  {
    id: 4,
    name: '盈利能力分析',
    path: 'profitability',
    link: '#profit',
    description: null,
    order_index: 4,
    sort_order: 4,
  },
];

const ok = { success: true, message: '保存成功' };
const names = () => texts(document, '.menu-row__name');
const button = (label: string) => query<HTMLButtonElement>(document, `button[aria-label="${label}"]`);
const input = (scope: string, label: string) => {
  const labelElement = byText(query(document, scope), 'label', label);
  const found = document.getElementById(labelElement.getAttribute('for') ?? '');
  if (!(found instanceof HTMLInputElement)) throw new Error(`no input labelled ${label}`);
  return found;
};
const addField = (label: string) => input('form[aria-label="添加左侧菜单"]', label);
const editField = (label: string) => input('fieldset.menu-editor', label);
const submitAdd = () => click(byText(query(document, 'form[aria-label="添加左侧菜单"]'), 'button', '添加'));

async function open() {
  const onStatus = vi.fn();
  mount(<LeftMenuManager onStatus={onStatus} />);
  await settle();
  return { onStatus };
}

beforeEach(() => {
  vi.mocked(fetchCoreMenus).mockResolvedValue(structuredClone(MENUS));
  vi.mocked(createCoreMenu).mockResolvedValue(ok);
  vi.mocked(updateCoreMenu).mockImplementation(async (item) => item);
  vi.mocked(deleteCoreMenu).mockResolvedValue(ok);
});

afterEach(() => {
  unmountAll();
  vi.clearAllMocks();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('LeftMenuManager', () => {
  it('lists the menus by sort_order and reports the status', async () => {
    const { onStatus } = await open();
    expect(names()).toEqual(['ROE-ROIC分析', '盈利能力分析', 'DCF估值']);
    expect(byText(document, '.menu-row', '盈利能力分析').textContent).toContain('#profitability → #profit');
    expect(onStatus).toHaveBeenLastCalledWith({ state: 'ready', count: 3 });
  });

  it('says so when the list cannot be loaded', async () => {
    vi.mocked(fetchCoreMenus).mockRejectedValueOnce(new ApiRequestError('format', '数据格式错误', 200));
    const { onStatus } = await open();
    expect(query(document, '.menu-load-error').textContent).toContain('菜单加载失败，请检查接口是否返回数组');
    expect(onStatus).toHaveBeenLastCalledWith({ state: 'error', count: 0 });
  });

  it('requires name and path to add, and defaults the link to the path', async () => {
    await open();
    typeInto(addField('菜单名称'), '自由现金流结构');
    submitAdd();
    expect(query(document, '.menu-problem').textContent).toBe('请填写菜单名称和路径');
    expect(createCoreMenu).not.toHaveBeenCalled();
    typeInto(addField('路径'), ' fcf-structure ');
    submitAdd();
    await settle();
    expect(createCoreMenu).toHaveBeenCalledWith({
      name: '自由现金流结构',
      path: 'fcf-structure',
      link: 'fcf-structure',
      sort_order: 6,
    });
    expect(addField('菜单名称').value).toBe('');
  });

  it('shows 添加失败 with the server detail', async () => {
    vi.mocked(createCoreMenu).mockRejectedValueOnce(new ApiRequestError('http', 'x', 400, '路径只能包含字母'));
    await open();
    typeInto(addField('菜单名称'), '新章节');
    typeInto(addField('路径'), 'a b');
    submitAdd();
    await settle();
    expect(query(document, '.menu-flash--error').textContent).toContain('添加失败：路径只能包含字母');
  });

  it('saves an inline edit once, 800 ms after the last keystroke, with the full item', async () => {
    vi.useFakeTimers();
    await open();
    click(button('编辑 ROE-ROIC分析'));
    const name = editField('菜单名称');
    typeInto(name, 'ROE');
    advance(500);
    typeInto(name, 'ROE-ROIC');
    advance(500);
    typeInto(name, 'ROE-ROIC 回报');
    advance(799);
    expect(updateCoreMenu).not.toHaveBeenCalled();
    expect(query(document, '.menu-save-state').textContent).toBe('等待保存…');
    advance(1);
    await settle();
    expect(updateCoreMenu).toHaveBeenCalledTimes(1);
    expect(updateCoreMenu).toHaveBeenCalledWith({
      id: 3,
      name: 'ROE-ROIC 回报',
      path: 'roe-roic',
      link: 'roe-roic',
      description: '回报率',
      order_index: 3,
      sort_order: 3,
    });
    expect(query(document, '.menu-save-state').textContent).toBe('已保存');
    advance(2_000);
    expect(updateCoreMenu).toHaveBeenCalledTimes(1);
  });

  it('blocks an empty name or path with a message and sends nothing', async () => {
    vi.useFakeTimers();
    await open();
    click(button('编辑 DCF估值'));
    typeInto(editField('菜单名称'), 'DCF');
    typeInto(editField('菜单名称'), '  ');
    expect(query(document, '.menu-problem').textContent).toBe('菜单名称/路径不能为空');
    expect(editField('菜单名称').getAttribute('aria-invalid')).toBe('true');
    click(byText(document, 'fieldset.menu-editor button', '完成'));
    expect(document.querySelector('fieldset.menu-editor')).not.toBeNull();
    advance(2_000);
    expect(updateCoreMenu).not.toHaveBeenCalled();
  });

  it('keeps the link following the path when it was defaulted, and saves pending edits on 完成', async () => {
    vi.useFakeTimers();
    await open();
    click(button('编辑 DCF估值'));
    expect(editField('链接（留空则同路径）').value).toBe('');
    typeInto(editField('路径'), 'dcf');
    press(editField('路径'), 'Enter');
    await settle();
    expect(updateCoreMenu).toHaveBeenCalledWith(expect.objectContaining({ id: 5, path: 'dcf', link: 'dcf' }));
    expect(document.querySelector('fieldset.menu-editor')).toBeNull();
    expect(byText(document, '.menu-row', 'DCF估值').textContent).toContain('#dcf');
  });

  it('reports 修改失败 when the save is refused', async () => {
    vi.useFakeTimers();
    vi.mocked(updateCoreMenu).mockRejectedValueOnce(new ApiRequestError('network', '网络连接失败'));
    await open();
    click(button('编辑 DCF估值'));
    typeInto(editField('菜单名称'), 'DCF');
    advance(800);
    await settle();
    expect(query(document, '.menu-flash--error').textContent).toContain('修改失败：网络连接失败');
    expect(query(document, '.menu-save-state').textContent).toContain('保存失败');
  });

  it('swaps neighbours with two PUTs of the exchanged sort_order', async () => {
    await open();
    click(button('下移 ROE-ROIC分析'));
    expect(names()).toEqual(['盈利能力分析', 'ROE-ROIC分析', 'DCF估值']);
    await settle();
    expect(vi.mocked(updateCoreMenu).mock.calls).toEqual([
      [expect.objectContaining({ id: 3, sort_order: 4 })],
      [expect.objectContaining({ id: 4, sort_order: 3 })],
    ]);
  });

  it('shows 排序失败 and reloads when a swap fails', async () => {
    vi.mocked(updateCoreMenu).mockRejectedValueOnce(new ApiRequestError('http', 'x', 500));
    await open();
    click(button('上移 DCF估值'));
    await settle();
    expect(query(document, '.menu-flash--error').textContent).toContain('排序失败');
    expect(fetchCoreMenus).toHaveBeenCalledTimes(2);
    expect(names()).toEqual(['ROE-ROIC分析', '盈利能力分析', 'DCF估值']);
  });

  it('deletes after confirmation and shows 删除失败 on failure', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    vi.mocked(deleteCoreMenu).mockRejectedValueOnce(new Error(''));
    await open();
    click(button('删除 DCF估值'));
    expect(confirm).toHaveBeenCalledWith('确定删除菜单"DCF估值"吗？此操作无法撤销');
    expect(deleteCoreMenu).not.toHaveBeenCalled();
    click(button('删除 DCF估值'));
    await settle();
    expect(deleteCoreMenu).toHaveBeenCalledWith(5);
    expect(query(document, '.menu-flash--error').textContent).toContain('删除失败');
  });
});
