import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/http.ts';
import {
  confirmDeleteText,
  LEFT_EDIT_EMPTY,
  leftMenuActionMessage,
  TOP_LINK_REQUIRED,
  TOP_NAME_EMPTY,
  TOP_NAME_MISSING_ON_ADD,
  topMenuActionMessage,
  topMenuLoadMessage,
  topMenuProblem,
} from './menu-errors.ts';

const http = (status: number, detail: string | null = null) =>
  new ApiRequestError('http', detail ?? `请求错误 (${status})`, status, detail);

describe('top menu load messages', () => {
  it.each([
    [http(404), '菜单接口不存在'],
    [http(500), '服务器错误，请稍后重试'],
    [http(503, '维护中'), '服务器错误，请稍后重试'],
    [http(400, '参数错误'), '请求错误 (400)：参数错误'],
    [http(403), '请求错误 (403)：请求错误 (403)'],
    [new ApiRequestError('network', '网络连接失败'), '网络连接失败'],
    [new ApiRequestError('timeout', '请求超时，请稍后重试'), '网络连接失败'],
    [new ApiRequestError('format', '数据格式错误', 200, 'bad'), '菜单加载失败'],
    [new TypeError('boom'), '菜单加载失败'],
  ])('%o → %s', (error, message) => {
    expect(topMenuLoadMessage(error)).toBe(message);
  });
});

describe('change failures', () => {
  it('prefixes the top menu action to the detail, else the message', () => {
    expect(topMenuActionMessage('保存失败', http(400, '普通菜单项必须有跳转链接'))).toBe(
      '保存失败：普通菜单项必须有跳转链接',
    );
    expect(topMenuActionMessage('排序失败', new ApiRequestError('network', '网络连接失败'))).toBe(
      '排序失败：网络连接失败',
    );
    expect(topMenuActionMessage('删除失败', new Error('boom'))).toBe('删除失败：boom');
    expect(topMenuActionMessage('添加失败', 'odd')).toBe('添加失败：未知错误');
  });

  it('gives the left menu add failure a detail or 未知错误, the others their bare prefix', () => {
    expect(leftMenuActionMessage('添加失败', http(400, '菜单路径不能为空'))).toBe('添加失败：菜单路径不能为空');
    expect(leftMenuActionMessage('添加失败', null)).toBe('添加失败：未知错误');
    expect(leftMenuActionMessage('删除失败', null)).toBe('删除失败');
    expect(leftMenuActionMessage('排序失败', undefined)).toBe('排序失败');
    expect(leftMenuActionMessage('修改失败', http(400, '路径只能包含字母'))).toBe('修改失败：路径只能包含字母');
  });
});

describe('validation', () => {
  it('requires a name, worded for the add form or an edit', () => {
    expect(topMenuProblem({ name: '  ', link: '/a', isGroup: false }, 'add')).toBe(TOP_NAME_MISSING_ON_ADD);
    expect(topMenuProblem({ name: '', link: '/a', isGroup: false }, 'edit')).toBe(TOP_NAME_EMPTY);
  });

  it('requires a link of an ordinary item but not of a group', () => {
    expect(topMenuProblem({ name: '研究', link: ' ', isGroup: false }, 'add')).toBe(TOP_LINK_REQUIRED);
    expect(topMenuProblem({ name: '研究', link: '', isGroup: true }, 'add')).toBeNull();
    expect(topMenuProblem({ name: '研究', link: '/r', isGroup: false }, 'edit')).toBeNull();
  });

  it('words the delete confirmation, noting a group’s children', () => {
    expect(confirmDeleteText('首页')).toBe('确定删除菜单"首页"吗？此操作无法撤销');
    expect(confirmDeleteText('研究', 2)).toBe('确定删除菜单"研究"吗？此操作无法撤销\n其下的 2 个子菜单也会一并删除。');
    expect(LEFT_EDIT_EMPTY).toBe('菜单名称/路径不能为空');
  });
});
