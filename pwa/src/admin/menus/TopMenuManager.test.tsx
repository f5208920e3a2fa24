import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../api/http.ts';
import { advance, byText, click, mount, query, settle, texts, typeInto, unmountAll } from '../../testing/dom.tsx';
import {
  createTopMenu,
  createTopMenuChild,
  deleteTopMenu,
  fetchTopMenus,
  type TopMenu,
  updateTopMenu,
  updateTopMenuChild,
} from './menus-api.ts';
import { TopMenuManager } from './TopMenuManager.tsx';

vi.mock('./menus-api.ts', () => ({
  fetchTopMenus: vi.fn(),
  createTopMenu: vi.fn(),
  updateTopMenu: vi.fn(),
  deleteTopMenu: vi.fn(),
  createTopMenuChild: vi.fn(),
  updateTopMenuChild: vi.fn(),
  deleteTopMenuChild: vi.fn(),
}));

const MENUS: TopMenu[] = [
  { id: 3, name: '工具', link: '/wacc-tool', isGroup: false, sort_order: 5, children: [] },
  { id: 1, name: '首页', link: '/', isGroup: false, sort_order: 1, children: [] },
  {
    id: 2,
    name: '研究',
    link: null,
    isGroup: true,
    sort_order: 2,
    children: [
      { id: 22, name: '公司', link: '/company', sort_order: 2 },
      { id: 21, name: '行业', link: '/industry-research', sort_order: 1 },
    ],
  },
];

const ok = { success: true, message: '保存成功' };
const field = (form: string, label: string) => {
  const labelElement = byText(query(document, `form[aria-label^="${form}"]`), 'label', label);
  const input = document.getElementById(labelElement.getAttribute('for') ?? '');
  if (!(input instanceof HTMLInputElement)) throw new Error(`no input labelled ${label}`);
  return input;
};
const button = (label: string) => query<HTMLButtonElement>(document, `button[aria-label="${label}"]`);
const names = () => texts(document, '.menu-list > .menu-row > .menu-row__view .menu-row__name');
const submitAdd = () => click(byText(query(document, 'form[aria-label="添加顶部菜单"]'), 'button', '添加'));

async function open() {
  const onStatus = vi.fn();
  mount(<TopMenuManager onStatus={onStatus} />);
  await settle();
  return { onStatus };
}

beforeEach(() => {
  vi.mocked(fetchTopMenus).mockResolvedValue(structuredClone(MENUS));
  vi.mocked(createTopMenu).mockResolvedValue(ok);
  vi.mocked(updateTopMenu).mockResolvedValue(ok);
  vi.mocked(deleteTopMenu).mockResolvedValue(ok);
  vi.mocked(updateTopMenuChild).mockResolvedValue(ok);
});

afterEach(() => {
  unmountAll();
  vi.clearAllMocks();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('TopMenuManager', () => {
  it('lists the menus and their children by sort_order and reports the status', async () => {
    const { onStatus } = await open();
    expect(names()).toEqual(['首页', '研究', '工具']);
    expect(texts(document, '.menu-children .menu-row__name')).toEqual(['行业', '公司']);
    expect(byText(document, '.menu-row', '研究').textContent).toContain('分组 · 2 个子菜单');
    expect(onStatus).toHaveBeenLastCalledWith({ state: 'ready', count: 3 });
    expect(button('上移 首页').disabled).toBe(true);
    expect(button('下移 工具').disabled).toBe(true);
  });

  it('shows the load failure by cause and retries', async () => {
    vi.mocked(fetchTopMenus).mockRejectedValueOnce(new ApiRequestError('http', 'x', 404));
    const { onStatus } = await open();
    expect(query(document, '.menu-load-error').textContent).toContain('菜单接口不存在');
    expect(onStatus).toHaveBeenLastCalledWith({ state: 'error', count: 0 });
    click(byText(document, '.menu-load-error button', '重试'));
    await settle();
    expect(document.querySelector('.menu-load-error')).toBeNull();
    expect(names()).toHaveLength(3);
  });

  it('validates the add form, then posts the item after the last one', async () => {
    vi.useFakeTimers();
    await open();
    submitAdd();
    expect(query(document, '.menu-problem').textContent).toBe('请输入菜单名称');
    typeInto(field('添加顶部菜单', '菜单名称'), ' 估值模型 ');
    submitAdd();
    expect(query(document, '.menu-problem').textContent).toBe('普通菜单项必须有跳转链接');
    expect(field('添加顶部菜单', '跳转链接').getAttribute('aria-invalid')).toBe('true');
    expect(createTopMenu).not.toHaveBeenCalled();

    typeInto(field('添加顶部菜单', '跳转链接'), '/valuation-model');
    submitAdd();
    await settle();
    expect(createTopMenu).toHaveBeenCalledWith({
      name: '估值模型',
      link: '/valuation-model',
      isGroup: false,
      sort_order: 6,
    });
    expect(fetchTopMenus).toHaveBeenCalledTimes(2);
    expect(field('添加顶部菜单', '菜单名称').value).toBe('');
    expect(query(document, '[role="status"]').textContent).toContain('菜单已添加');
    advance(2_999);
    expect(query(document, '[role="status"]').textContent).toContain('菜单已添加');
    advance(1);
    expect(query(document, '[role="status"]').textContent).toBe('');
  });

  it('clears and disables the link of a group, and posts it without one', async () => {
    await open();
    const link = field('添加顶部菜单', '跳转链接');
    typeInto(field('添加顶部菜单', '菜单名称'), '市场');
    typeInto(link, '/markets');
    click(byText(document, 'form[aria-label="添加顶部菜单"] label', '分组'));
    expect(link.value).toBe('');
    expect(link.disabled).toBe(true);
    submitAdd();
    await settle();
    expect(createTopMenu).toHaveBeenCalledWith({ name: '市场', link: null, isGroup: true, sort_order: 6 });
  });

  it('reorders with a PUT for every item carrying its new sort_order', async () => {
    await open();
    click(button('上移 工具'));
    expect(names()).toEqual(['首页', '工具', '研究']);
    await settle();
    expect(vi.mocked(updateTopMenu).mock.calls).toEqual([
      [1, { name: '首页', link: '/', isGroup: false, sort_order: 1 }],
      [3, { name: '工具', link: '/wacc-tool', isGroup: false, sort_order: 2 }],
      [2, { name: '研究', link: null, isGroup: true, sort_order: 3 }],
    ]);
  });

  it('on a failed reorder shows the error for 5 s and reloads the list', async () => {
    vi.useFakeTimers();
    vi.mocked(updateTopMenu).mockRejectedValueOnce(new ApiRequestError('http', '保存冲突', 409, '保存冲突'));
    await open();
    click(button('下移 首页'));
    await settle();
    expect(query(document, '[role="alert"]').textContent).toContain('排序失败：保存冲突');
    expect(fetchTopMenus).toHaveBeenCalledTimes(2);
    expect(names()).toEqual(['首页', '研究', '工具']);
    advance(4_999);
    expect(query(document, '.menu-flash-region [role="alert"]').textContent).toContain('排序失败');
    advance(1);
    expect(query(document, '.menu-flash-region [role="alert"]').textContent).toBe('');
  });

  it('disables the controls while a change is being saved', async () => {
    let finish: (value: typeof ok) => void = () => {};
    vi.mocked(deleteTopMenu).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await open();
    click(button('删除 工具'));
    expect(button('删除 首页').disabled).toBe(true);
    expect(button('下移 首页').disabled).toBe(true);
    expect(field('添加顶部菜单', '菜单名称').disabled).toBe(true);
    finish(ok);
    await settle();
    expect(button('删除 首页').disabled).toBe(false);
  });

  it('deletes only after confirmation, warning that a group takes its children', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await open();
    click(button('删除 研究'));
    expect(confirm).toHaveBeenLastCalledWith('确定删除菜单"研究"吗？此操作无法撤销\n其下的 2 个子菜单也会一并删除。');
    expect(deleteTopMenu).not.toHaveBeenCalled();
    click(button('删除 研究'));
    await settle();
    expect(deleteTopMenu).toHaveBeenCalledWith(2);
  });

  it('edits a row inline and refuses an empty name', async () => {
    await open();
    click(button('编辑 首页'));
    const name = field('编辑菜单 首页', '菜单名称');
    typeInto(name, ' ');
    click(byText(document, 'form[aria-label="编辑菜单 首页"] button', '保存'));
    expect(query(document, '.menu-problem').textContent).toBe('菜单名称不能为空');
    typeInto(name, '主页');
    click(byText(document, 'form[aria-label="编辑菜单 首页"] button', '保存'));
    await settle();
    expect(updateTopMenu).toHaveBeenCalledWith(1, { name: '主页', link: '/', isGroup: false, sort_order: 1 });
    expect(document.querySelector('form[aria-label="编辑菜单 首页"]')).toBeNull();
  });

  it('adds a child named 新子菜单 after the others and opens it for editing', async () => {
    vi.mocked(createTopMenuChild).mockResolvedValue(23);
    const withChild = structuredClone(MENUS);
    withChild[2]?.children.push({ id: 23, name: '新子菜单', link: '/', sort_order: 3 });
    vi.mocked(fetchTopMenus).mockResolvedValueOnce(structuredClone(MENUS)).mockResolvedValueOnce(withChild);
    await open();
    click(button('为 研究 添加子菜单'));
    await settle();
    expect(createTopMenuChild).toHaveBeenCalledWith(2, { name: '新子菜单', sort_order: 3 });
    expect(field('编辑菜单 新子菜单', '菜单名称').value).toBe('新子菜单');
  });

  it('moves a child within its group', async () => {
    await open();
    click(button('下移 行业'));
    await settle();
    expect(vi.mocked(updateTopMenuChild).mock.calls).toEqual([
      [2, 22, { name: '公司', link: '/company', sort_order: 1 }],
      [2, 21, { name: '行业', link: '/industry-research', sort_order: 2 }],
    ]);
  });
});
